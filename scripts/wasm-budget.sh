#!/usr/bin/env bash
# wasm-budget.sh guards the browser downloads (issue #40, item 1). It
# builds the browser builds as `make wasm` does (GOOS=js GOARCH=wasm,
# -trimpath -ldflags="-s -w" $WASM_GCFLAGS, data segments packed by
# scripts/wasmpack; Breakout and the platformer with their start
# profiles, as make wasm builds them) — web/minimal, the smallest Ebitengine
# program that fills the screen, Breakout, Breakout's watcher/rollback
# build (-tags watch) and the platformer — compresses each with brotli at
# quality BROTLI_Q (default 5, what `make test` runs: a second per file;
# 11 is the release quality, about 80 s of CPU per file, which `make
# wasm-budget-release` runs for docs/web.md's figures), and fails when a
# build's bytes over the minimal program's pass its budget for that
# quality, or a build's own bytes (the minimal program's too) pass its
# budget of bytes on the wire, printing every figure either way.
#
# With WASM_DIST set (make test: WASM_DIST=web/dist, after `make wasm` at
# the same BROTLI_Q), Breakout, its watcher build and the platformer are
# measured as `make wasm` wrote them there (breakout.wasm,
# breakout-watch.wasm, platformer/platformer.wasm and their .br), so that
# make test builds each game for the browser once; only web/minimal is
# built here.
#
# The budgets are today's figures plus a small margin, under the issue's
# goals where they are met (breakout and the platformer ≤ 0.7 MB over
# minimal, the watcher ≤ 1.2 MB at brotli -q 11): Breakout's and the
# watcher's goals are met with room, the platformer's by 13 KB (1 Dec 2026); the
# table says by how much. A change that makes a build larger on purpose raises its budget
# here, in the same commit, with the figures in the commit message.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

q=${BROTLI_Q:-5}
go=${GO:-go}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# budget BUILD QUALITY: the most bytes (brotli at that quality) a build
# may be over the minimal program's. Raised on 29 Nov 2026 by 1.5–3.2 %
# when the round's features landed together (touch controls, full screen
# and the focus pause, menus that fit, bundles, bulk commands, disabled
# entities, undo history, rollback for 2–4 players and watchers).
# The watcher's lowered on 29 Nov 2026 to its size plus 1.5 % (-q 5) and
# 1.4 % (-q 11) when its client moved to the page's WebSocket and
# modules/net's server left the browser build (net/http and crypto/tls
# out: 3,157,737 → 1,352,446 bytes over minimal at -q 5, 2,557,677 →
# 1,081,238 at -q 11). Breakout's and the platformer's -q 11 budgets
# lowered then to their sizes plus 1.4 % (920,864 and 990,144 bytes
# over minimal).
# All six raised on 29 Nov 2026 at 06:25 UTC to the sizes after the
# round's last merges plus 1.2–1.5 %: each branch had kept under its
# budget alone, and together they passed them (make test failed on a
# fresh clone: breakout +10 KB, watch +26 KB, platformer +11 KB at -q 5).
# What grew: replays of networked matches and one digest (modules/replay
# with glue.Checkpoint, issue #34), the session's notices
# (net.SessionNotices), the focus loss's pause menu, the settings
# widgets, the HUD helpers moved into save, audio and render (#38, #40).
# Over minimal then: -q 5 breakout 1,201,015, watch 1,399,105,
# platformer 1,295,252; -q 11 breakout 958,495, watch 1,136,057 (goal
# 1,200,000: met), platformer 1,055,050.
# All six lowered on 29 Nov 2026 (branch size40b) to the sizes plus
# 1.2–1.5 % when breakout.wasm left out the diagnostics overlay (it is in
# breakout-diag.wasm, ?diag) and render read Aseprite sheets without
# encoding/json's decoder. Over minimal then: -q 5 breakout 1,126,791
# (-74,224), watch 1,395,292, platformer 1,278,274 (-16,978); -q 11
# breakout 901,882 (-56,613), watch 1,133,019, platformer 1,031,890 (-23,160).
# -q 5 raised on 29 Nov 2026 at 09:35 UTC after the merges of the
# session (size40b alone kept under): QueryN.Get/Has inlined at each call
# site and the spawn path's ReserveFree (#37), codec errors that name what
# and where (#38), GrowDown and the anchored touch controls (#40), and the
# revert of the Aseprite JSON reader (the platformer: +16,978; encoding/json
# stays its decoder). Over minimal then: -q 5 breakout 1,149,244, watch
# 1,421,571, platformer 1,314,506.
# All six lowered on 29 Nov 2026 at 11:10 UTC to the sizes plus 1.5 %
# (-q 5) and 1.4 % (-q 11) when the builds (and the minimal program they
# are measured against) took text/template out of Ebitengine
# (internal/ebitenpatch, tmp/wasm/go.work): Breakout 3,015,100 ->
# 2,477,664 B at -q 11, the minimal program 2,096,847 -> 1,662,077 B.
# Over the patched minimal then: -q 5 breakout 1,001,638, watch
# 1,275,425, platformer 1,175,137; -q 11 breakout 815,587, watch
# 1,046,401, platformer 969,998.
# All six lowered on 29 Nov 2026 at 11:45 UTC to the sizes plus 1.5 %
# (-q 5) and 1.4 % (-q 11) after glue's build-time generic code was made
# non-generic (branch thin40: Func params, codec.Register, TypeFor). Over
# the patched minimal then: -q 5 breakout 983,180, watch 1,248,110,
# platformer 1,171,996; -q 11 breakout 800,933, watch 1,017,306,
# platformer 950,419.
# All six lowered on 29 Nov 2026 at 13:15 UTC to the sizes plus 1.5 %
# (-q 5) and 1.4 % (-q 11) when the browser builds left out what a page
# cannot use (branch size41): netflags' net/url, net/netip and os/signal
# (a page's URL parser checks -watch), breakout.wasm's watcher app, the
# platformer's -dev folder. Over the patched minimal then: -q 5 breakout
# 960,898, watch 1,241,390, platformer 1,164,656; -q 11 breakout 785,013,
# watch 1,011,310, platformer 951,049 (+630 at -q 11 for 7,340 less at
# -q 5: brotli -q 11 moves by a few KB with the file's layout).
# Breakout's lowered again at 13:35 UTC when breakout.wasm left out
# modules/replay (the page loads breakout-replay.wasm, -tags replay, for
# ?record= and ?replay=): over minimal -q 5 880,093, -q 11 717,466. The
# watcher's -q 5 raised by 1,000 to its size plus 1.5 % (1,242,674: +1,284
# for the same code in another layout; -q 11 1,011,299).
# Breakout's lowered on 29 Nov 2026 at 18:10 UTC, when modules/render
# stopped importing image/png (the games that load images import it):
# over minimal -q 5 857,339, -q 11 694,499 (18:48) — issue #40's goal met, so
# from then on Breakout's budgets guard the goal itself: -q 11's is the
# goal, and -q 5's (what make test checks) is the size at -q 5 that
# comes to about the goal at -q 11 (-q 11's share over minimal is 0.81
# of -q 5's). The watcher's lowered then to its size plus 1.5 % (-q 5
# 1,219,468) and 1.4 % (-q 11 1,006,024).
# The platformer's -q 11 raised on 30 Nov 2026 to its size plus 1.5 %:
# main at 7a89c87, before that day's fixes, measured 967,555 over minimal
# (past the 964,000 set on 29 Nov: make test checks -q 5, which held, so
# the drift of the round's later fixes went unseen at -q 11); the day's
# fixes for strangers (render's Aseprite frames by name, net's seat
# holds, core misuse checks) made it 971,531 at 05:11 UTC. Breakout's
# goal held: 694,652 at -q 11 after the browser build left out
# runtime/debug's build-info parser and the stall report. Later fixes
# (physics' finite checks, timer rounding) took it to 700,850 at -q 11
# while -q 5 read 856,776, under its 862,000 budget: -q 5 is a noisy
# proxy of -q 11 (1.5 KB at -q 5 came to 4.7 KB at -q 11). After the
# finite check became one call and the Goexit report left the page:
# 855,249 at -q 5, 696,123 at -q 11 (05:40 UTC, load 1.2). Breakout's -q 5
# budget is lowered to 856,500, so that make test fails before -q 11
# can pass the goal unseen.
# The platformer's -q 5 raised on 30 Nov 2026 (08:50 UTC) to 1,192,000:
# modules/tiled's fidelity fixes for a stranger's maps against
# tmxrasterizer (a tint's alpha on opaque tiles as Tiled applies it,
# fractional layer offsets, diagonal flips of non-square tiles) are 23 KB
# of raw code; -q 5 read 1,189,648 and -q 11 978,330, under its 986,000
# guard (its 0.7 MB goal is missed either way: docs/web.md).
# The platformer's both lowered on 30 Nov 2026 (10:31 UTC) to its sizes
# plus 1.5 % (-q 5) and 1.4 % (-q 11), when its page build left out
# modules/replay (platformer-replay.wasm, -tags replay) and read its level
# and sheet baked (tiled.Baked, render.LoadBakedAseprite: no go-tiled,
# encoding/xml or JSON decoder): over minimal -q 5 1,184,902 -> 947,610,
# -q 11 978,330 -> 786,404 (goal 700,000: still missed, docs/web.md).
# The watcher's -q 5 raised on 30 Nov 2026 (10:50 UTC) from 1,238,000 to
# 1,241,500: its code changed by 30 bytes (physics' Static check, native
# only) and -q 5 moved by 1.9 KB with the file's layout (1,237,177 at
# 10:31, 1,239,083 at 10:50); its -q 11, 1,002,333, is far under its goal.
# The platformer's both lowered on 30 Nov 2026 (16:06 UTC) to its sizes
# plus 1.5 % (-q 5) and 1.4 % (-q 11) when the page decoded its PNGs with
# the browser's decoder (render.DecodeImage; no image/png in the page):
# over minimal -q 5 948,406 -> 924,667, -q 11 781,510 -> 769,401 (goal
# 700,000: still missed, docs/web.md). The watcher's raised then to its
# sizes plus 1.5 % and 1.4 % (-q 5 1,240,252, -q 11 1,012,298), after
# rollback sessions of 3-4 players learnt to drop a player whose game
# stalled (+3.2 KB at -q 5; its goal, 1.2 MB at -q 11, is met).
# All lowered on 30 Nov 2026 (19:20 UTC) to their sizes plus 1.5 % (-q 5)
# and 1.4 % (-q 11) when the page drew the Go fonts' glyphs itself
# (modules/render/fonts_js.go; no font parser or rasterizer in the page):
# over minimal -q 5 Breakout 855,642 -> 806,624, the platformer 924,814
# -> 874,100; -q 11 Breakout 697,384 -> 659,305, the platformer 769,401 ->
# 727,499 (goal 700,000: missed by 27,499). Breakout's budgets guard its
# size from then on, under its goal. The watcher, whose diagnostics
# overlay keeps opentype for its own font (modules/diag) and now carries
# the page's drawing too, grew: -q 5 1,242,213 -> 1,253,268, -q 11
# 1,012,298 -> 1,020,054; its budgets raised by the same margins.
# All lowered on 30 Nov 2026 (21:10 UTC) when glue's core was compiled
# without inlining in the browser builds (WASM_GCFLAGS) and codec's
# Reader methods, apply's command errors and the loaders' error closures
# stopped being copied into their callers: over minimal -q 5 Breakout
# 806,301 -> 781,148, the watcher 1,251,652 -> 1,200,949, the platformer
# 874,086 -> 841,406; -q 11 Breakout 659,305 -> 646,026, the watcher
# 1,020,054 -> 977,548, the platformer 727,499 -> 688,972 (goal 700,000:
# met). Breakout's and the watcher's are their sizes plus 1.5 % (-q 5)
# and 1.4 % (-q 11); the platformer's guard its goal: -q 11's is the
# goal, -q 5's is 851,000 (its -q 11 share is 0.82 of -q 5's, so about
# 697,000 at -q 11).
# All raised on 30 Nov 2026 (23:50 UTC) when the browser builds took
# Ebitengine's built-in shaders compiled before the build and left out
# its shader compiler and go/build (internal/ebitenpatch): every build
# lost 334-370 KB at -q 11 (the minimal program 1,662,087 -> 1,291,671,
# Breakout 2,309,420 -> 1,948,889, the watcher 2,639,799 -> 2,298,751,
# the platformer 2,349,678 -> 2,015,571), and the minimal program lost
# most, so that glue's share grew though none of glue's code changed:
# brotli compresses the same code less well beside less of Ebitengine's
# (over minimal -q 11 Breakout 647,333 -> 657,218, the watcher 977,712
# -> 1,007,080, the platformer 687,591 -> 723,900: its goal missed by
# 23,900; -q 5 798,856, 1,223,096 and 877,247). All are their sizes plus
# 1.5 % (-q 5) and 1.4 % (-q 11); from then on each build's own bytes
# are guarded too (own(), the same margins), so that a budget over
# minimal cannot hide the whole download growing.
# All lowered on 1 Dec 2026 (01:45 UTC) when the builds' data segments
# were packed (scripts/wasmpack, internal/wasmpack: Go's linker writes
# up to 100,000 segments, each with a header that compresses badly;
# joined across gaps of up to 64 zeros they are a few dozen): at -q 11
# the minimal program 1,291,671 -> 1,204,448, Breakout 1,948,889 ->
# 1,827,882, the watcher 2,298,751 -> 2,167,495, the platformer
# 2,025,791 (main at 474d3e1: its goal missed by 34,120, 10 KB more than
# at 23:50 with `go loadSheet()`) -> 1,891,350. Over minimal -q 11
# Breakout 623,434, the watcher 963,047, the platformer 686,902 (its goal
# met); -q 5 764,487, 1,186,835 and 840,654. All are their sizes plus
# 1.5 % (-q 5) and 1.4 % (-q 11).
budget() {
  case "$1:$2" in
    breakout:5) echo 776000 ;;
    watch:5) echo 1204700 ;;
    platformer:5) echo 853300 ;;
    breakout:11) echo 632200 ;;
    watch:11) echo 976600 ;;
    platformer:11) echo 696600 ;;
  esac
}
# own BUILD QUALITY: the most bytes (brotli at that quality) a build may
# be, the minimal program's included: the sizes of 1 Dec 2026 01:45 UTC
# (packed) plus 1.5 % (-q 5) and 1.4 % (-q 11).
own() {
  case "$1:$2" in
    minimal:5) echo 1450300 ;;
    breakout:5) echo 2226300 ;;
    watch:5) echo 2655000 ;;
    platformer:5) echo 2303600 ;;
    minimal:11) echo 1221400 ;;
    breakout:11) echo 1853500 ;;
    watch:11) echo 2197900 ;;
    platformer:11) echo 1917900 ;;
  esac
}
# goal BUILD: issue #40's goal, at brotli -q 11.
goal() {
  case "$1" in
    breakout | platformer) echo 700000 ;;
    watch) echo 1200000 ;;
  esac
}

if [ -z "$(budget breakout "$q")" ]; then
  echo "wasm-budget: no budgets for BROTLI_Q=$q; use 5 (make test) or 11 (the release quality)" >&2
  exit 2
fi
command -v brotli >/dev/null || { echo "wasm-budget: brotli is not installed (run scripts/ensure-deps.sh wasm)" >&2; exit 2; }

# The go.work of make wasm's builds: Ebitengine without text/template,
# its shader compiler or go/build (internal/ebitenpatch, docs/web.md);
# the minimal program is built with it too, so that "over minimal" is
# glue's share alone.
work=${WASM_WORK:-$dir/go.work}
if [ "$work" != off ]; then "$go" run ./scripts/ebitenwork -o "$work" >/dev/null; fi
# The Makefile's WASM_GCFLAGS (glue's core compiled without inlining).
gcflags=${WASM_GCFLAGS--gcflags=github.com/gluekit/glue=-l}
build() { # name, package, tags[, start profile]
  if [ -n "${4:-}" ]; then
    # As make wasm's build_wasm with a profile: linked keeping the names,
    # which wasmpack -start turns into the profile and drops.
    rm -f "$dir/$1.wasm"
    # shellcheck disable=SC2086 # WASM_GCFLAGS is one flag or none
    GOWORK=$work GOOS=js GOARCH=wasm "$go" build -trimpath -ldflags="-w" $gcflags -tags "$3" -o "$dir/$1.wasm" "$2"
    "$go" run ./scripts/wasmpack -start "$4" "$dir/$1.wasm" >/dev/null
  else
    # shellcheck disable=SC2086 # WASM_GCFLAGS is one flag or none
    GOWORK=$work GOOS=js GOARCH=wasm "$go" build -trimpath -ldflags="-s -w" $gcflags -tags "$3" -o "$dir/$1.wasm" "$2"
    "$go" run ./scripts/wasmpack "$dir/$1.wasm" >/dev/null # as make wasm does (internal/wasmpack)
  fi
  brotli -f -q "$q" -o "$dir/$1.wasm.br" "$dir/$1.wasm"
}
build minimal ./web/minimal ""
if [ -n "${WASM_DIST:-}" ]; then
  # take NAME FILE: a build of make wasm's, and its .br, as NAME.
  take() {
    if [ ! -f "$2" ] || [ ! -f "$2.br" ]; then
      echo "wasm-budget: WASM_DIST=$WASM_DIST has no $2 or $2.br: run make wasm (at BROTLI_Q=$q) first, or leave WASM_DIST unset" >&2
      exit 2
    fi
    cp "$2" "$dir/$1.wasm"
    cp "$2.br" "$dir/$1.wasm.br"
  }
  take breakout "$WASM_DIST/breakout.wasm"
  take watch "$WASM_DIST/breakout-watch.wasm"
  take platformer "$WASM_DIST/platformer/platformer.wasm"
else
  build breakout ./games/breakout "" games/breakout/webstart.txt
  build watch ./games/breakout watch
  build platformer ./games/platformer "" games/platformer/webstart.txt
fi

size() { wc -c <"$1" | tr -d ' '; } # portable: no GNU stat
min=$(size "$dir/minimal.wasm.br")
bad=0
printf '%-11s %12s %14s %13s %13s %13s  %s\n' build "stripped" "brotli -q $q" "own budget" "over minimal" budget "goal (-q 11)"
printf '%-11s %12d %14d %13d\n' minimal "$(size "$dir/minimal.wasm")" "$min" "$(own minimal "$q")"
if [ "$min" -gt "$(own minimal "$q")" ]; then
  echo "wasm-budget: the minimal program is $min bytes at brotli -q $q, past its budget of $(own minimal "$q"): is Ebitengine patched (tmp/wasm/go.work, internal/ebitenpatch)? Find what grew with 'go run ./scripts/wasmsize'" >&2
  bad=1
fi
for b in breakout watch platformer; do
  br=$(size "$dir/$b.wasm.br")
  if [ "$br" -gt "$(own "$b" "$q")" ]; then
    echo "wasm-budget: $b is $br bytes at brotli -q $q, past its budget of $(own "$b" "$q"): find what grew with 'go run ./scripts/wasmsize' (docs/web.md, How to measure) and cut it, or raise the budget in scripts/wasm-budget.sh with the reason" >&2
    bad=1
  fi
  over=$((br - min))
  lim=$(budget "$b" "$q")
  g=$(goal "$b")
  if [ "$q" = 11 ]; then
    if [ "$over" -le "$g" ]; then note="$g: met"; else note="$g: missed by $((over - g))"; fi
  else
    note="$g (measure with BROTLI_Q=11)"
  fi
  printf '%-11s %12d %14d %13d %13d %13d  %s\n' "$b" "$(size "$dir/$b.wasm")" "$br" "$(own "$b" "$q")" "$over" "$lim" "$note"
  if [ "$over" -gt "$lim" ]; then
    echo "wasm-budget: $b is $over bytes over the minimal program at brotli -q $q, past its budget of $lim: find what grew with 'go run ./scripts/wasmsize' (docs/web.md, How to measure) and cut it, or raise the budget in scripts/wasm-budget.sh with the reason" >&2
    bad=1
  fi
done
exit $bad
