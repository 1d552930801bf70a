# glue — make targets. `make run` plays breakout; `make test` checks
# everything. Both install what they need on Debian first.

GO        ?= go
GOBIN     := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck
# XVFB runs a command where it can open a window: under Xvfb on Linux
# without a display, as it is elsewhere (scripts/with-display.sh).
XVFB      := $(CURDIR)/scripts/with-display.sh
# STATICCHECK_VERSION is the staticcheck that make lint installs when it is
# missing (scripts/ensure-deps.sh test installs the same).
STATICCHECK_VERSION := v0.7.0

docs-screenshot:
	@rm -f docs/breakout.png && $(MAKE) docs/breakout.png

.PHONY: test-go release-check
.PHONY: docs-screenshot bench-smoke bench-check repo-check run coinflip test deps-run deps-test deps-wasm lint fmt-check generate-check unit bench wasm wasm-diag wasm-minimal wasm-gfx wasm-ui serve test-web bench-web wasm-budget wasm-budget-release wasm-budget-test bench-web-v8 bench-web-ab bench-web-phases wasm-phases web-profiles wasm-profiles allocs

run: deps-run
	$(GO) run ./games/breakout

coinflip:
	$(GO) run ./games/coinflip

deps-run:
	@scripts/ensure-deps.sh run

deps-test:
	@scripts/ensure-deps.sh test

## test: everything CI checks.
test: deps-test repo-check lint generate-check unit allocs deploy-check bench-smoke wasm-budget-test test-web
	@echo "make test: all checks passed"

## lint: gofmt, go vet with gluevet (cmd/gluevet, built first: go vet's
## own checks and glue's — writes through read-only component copies,
## systems never added; docs/gluevet.md) and staticcheck over the whole
## repository, also for GOOS=js. One vet pass per build: gluevet runs go
## vet's suite too. gluevet is built with -trimpath, so that the same
## source makes the same tool wherever the checkout is, and go vet's
## cached results (keyed by the tool's build ID) serve every clone.
GLUEVET := $(GOBIN)/gluevet
lint: fmt-check $(STATICCHECK)
	$(GO) build -trimpath -o $(GLUEVET) ./cmd/gluevet
	$(GO) vet -vettool=$(GLUEVET) ./...
	GOOS=js GOARCH=wasm $(GO) vet -vettool=$(GLUEVET) ./games/... ./modules/... ./web/minimal/... ./web/gfxtest/... ./web/uitest/...
	GOOS=js GOARCH=wasm $(GO) vet -vettool=$(GLUEVET) -tags watch ./games/breakout/...
	GOOS=js GOARCH=wasm $(GO) vet -vettool=$(GLUEVET) -tags diag ./games/breakout/...
	GOOS=js GOARCH=wasm $(GO) vet -vettool=$(GLUEVET) -tags replay ./games/breakout/...
	GOOS=js GOARCH=wasm $(GO) vet -vettool=$(GLUEVET) -tags replay ./games/platformer/...
	$(STATICCHECK) ./...

# staticcheck, installed when missing (make lint).
$(STATICCHECK):
	cd / && GOFLAGS=-mod=mod $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## repo-check: no binary over 1 MB is tracked (a game built at the root
## and committed by mistake), and scripts/ensure-deps.sh goes on where it
## cannot install (no apt-get), the scripts run with macOS's BSD stat and
## bash 3.2 (scripts/portable_test.sh), and every script passes shellcheck
## (scripts/lint-shell.sh; skipped with a line where it is not installed,
## except under CI).
repo-check:
	@scripts/check-binaries.sh
	@scripts/ensure-deps_test.sh
	@scripts/portable_test.sh
	@scripts/lint-shell.sh

## generate-check: generated files are up to date: the typed arities
## (*_gen.go), the games' art (games/assets) and the fonts render and diag
## embed (internal/genfont).
GENERATED := '*_gen.go' games/assets games/platformer/level examples/hello modules/render/fonts modules/diag/overlay.ttf cmd/glue/templates
generate-check:
	$(GO) generate ./...
	@git diff --exit-code -- $(GENERATED) || (echo "generated files are stale: run go generate ./..." && exit 1)
	@new=$$(git status --porcelain --untracked-files=all -- $(GENERATED)); if [ -n "$$new" ]; then echo "go generate made files that are not committed:"; echo "$$new"; exit 1; fi

## unit: go test -race, where rendering tests open a real Ebitengine
## window: each test binary inside a virtual X server of its own on Linux
## without a display (scripts/xvfb-exec.sh as go test's -exec: in one
## shared server a window opening in one package took the focus from
## another's), in a real window elsewhere. -timeout is a liveness bound,
## not a speed: go test's default, 10 minutes a package, killed cmd/glue
## and games/breakout in a CI run at load 30 (29 Nov), and CI allows 90
## minutes. -parallel 8: the tests that call t.Parallel (modules/net's
## that wait on real time, cmd/glue's two templates) run 8 at a time, not
## GOMAXPROCS (2 here): they mostly wait (modules/net: 62 s of CPU in
## 184 s at -parallel 4, 40 s in 129 s at 8; 29 Nov 2026, load 3). -p 4:
## four packages at once, not two, for the same reason (modules/net holds
## its slot 126 s for 56 s of CPU): 300 s against 344 s on 29 Nov 2026,
## load 1-3. UNIT_FIRST are named before ./... so that go test starts
## them first (it runs packages in the order given): modules/net, which
## mostly waits on real time, then the packages whose tests take longest,
## so that they overlap with the rest instead of running alone at the end
## (two paired rounds: 245 and 263 s against 331 and 330 s; 29 Nov
## 2026, 20:50-21:10 UTC, load 2-5 from the tests themselves).
UNIT_FIRST := ./modules/net ./games/breakout ./internal/gluevet ./games/swarm ./cmd/glue
unit:
	$(GO) test -race -count=1 -timeout 45m -parallel 8 -p 4 -exec $(CURDIR)/scripts/xvfb-exec.sh $(UNIT_FIRST) ./...

## allocs: the tests that hold a tick, a spawn or a checkpoint to no
## allocation (their names say Alloc), run without the race detector:
## they skip under it (it allocates), so `make unit` never ran them, and
## one failed unseen (TestBulkAllocatesNothing: glue.TypeOf allocated at
## every call, 30 Nov 2026). The packages are those whose tests ask
## whether the race detector is on (raceEnabled).
ALLOC_PKGS = $(shell git ls-files '*_test.go' | xargs grep -l raceEnabled | xargs -n1 dirname | sort -u | sed 's|^|./|')
allocs:
	$(GO) test -count=1 -run Alloc -exec $(CURDIR)/scripts/xvfb-exec.sh $(ALLOC_PKGS)

## deploy-check: deploy/ (its own module) checked without a cluster: the
## Fleet and allocation against Agones' fields, and against the Dockerfile;
## with AGONES_INSTALL_YAML (or AGONES_SRC) also against Agones' own CRDs.
deploy-check:
	cd deploy && $(GO) vet ./... && $(GO) test -count=1 ./...

## bench: the benchmark suite (bench/, its own module) after swarm's
## search (bench/results/swarm.md); rewrites docs/benchmarks.md and
## docs/benchmarks.png. About 20 minutes.
bench:
	$(XVFB) $(GO) run ./games/swarm -bench -bench-draw -bench-max 8388608 -seed 1 > bench/results/swarm.md
	bench/run.sh

## bench-check: re-measure the headline ratios of README and docs on this
## machine, in paired rounds, and print claim by claim whether each holds
## (within 15%; bench/cmd/check). A few minutes; under Xvfb for the
## graphics claim. The output also goes to bench/results/check.txt, which
## docs/benchmarks.md includes when it is regenerated.
bench-check:
	cd bench && $(XVFB) $(GO) run ./cmd/check -out results/check.txt

## bench-smoke: the suite's correctness tests and every benchmark once.
bench-smoke:
	bench/run.sh -smoke

## screenshot: the README's picture, taken by the game itself.
docs/breakout.png:
	$(XVFB) $(GO) run ./games/breakout -seed 3 -autopilot -screenshot $@ -frames 1500

## docs/diagnostics.png: Breakout with the diagnostics overlay and the
## inspector open (-diag), taken by the game itself.
docs/diagnostics.png:
	$(XVFB) $(GO) run ./games/breakout -seed 3 -autopilot -mute -diag -screenshot $@ -frames 900

## wasm: build Breakout for the browser into web/dist, with brotli (.br)
## and gzip (.gz) copies that web/serve sends to browsers that accept them:
## breakout.wasm plays, breakout-watch.wasm (-tags watch) also has the
## network client, for ?watch= and ?join=, breakout-replay.wasm (-tags
## replay) modules/replay, for ?record= and ?replay= (the page picks
## them); the platformer in web/dist/platformer (platformer-replay.wasm
## likewise); Swarm in
## web/dist/swarm (the loading screen links both games).
## BROTLI_Q and GZIP_LEVEL set the compression: 11 and 9 make the smallest
## files (brotli -q 11 takes about a minute on 24 MB); test-web, which only
## checks that the encodings are served and decoded, uses fast levels
## (docs/web.md has the measurements).
BROTLI_Q   ?= 11
GZIP_LEVEL ?= 9
# The browser builds use Ebitengine with its shader sources made, and its
# built-in shaders compiled, before the build (internal/ebitenpatch:
# text/template, the shader compiler and go/build out of the game, 0.9 MB
# less brotli for Breakout, and no shader compiled at start); deps-wasm
# writes tmp/wasm/go.work, which names the patched copy (kept in the
# user's cache folder). WASM_WORK=off builds with Ebitengine as it is.
WASM_WORK  ?= $(CURDIR)/tmp/wasm/go.work
# WASM_GCFLAGS: glue's core package is compiled without inlining in the
# browser builds: 18-25 KB less of the platformer's brotli'd download;
# in the page its commands are 15-50 % slower, its queries no slower
# (docs/web.md, "Under budget"). cmd/glue's `glue web` builds with the same flag
# (TestWebBuildsAsMakeWasm).
WASM_GCFLAGS := -gcflags=github.com/gluekit/glue=-l
# WASM_LDFLAGS: the browser builds are stripped (-s: no symbol table or
# function names); make bench-web-phases builds with -w only, keeping the
# names its profiler reads (a command-line WASM_LDFLAGS overrides it; the
# environment does not).
WASM_LDFLAGS := -s -w
# A build with a start profile (build_wasm's PROFILE) is linked keeping its
# names (-w only), which wasmpack -start reads and then drops: the file is
# the -s build's but for the build ID, the profile and three exports.
WASM_START_LDFLAGS := -w
WASM_BUILD = GOWORK=$(WASM_WORK) GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="$(if $(3),$(WASM_START_LDFLAGS),$(WASM_LDFLAGS))" $(WASM_GCFLAGS)
# WASM_PACK joins the tens of thousands of data segments Go's linker
# writes into a few dozen (internal/wasmpack): the same memory at start,
# 0.09-0.13 MB less brotli per build (docs/web.md, "Go's data segments
# packed"). glue web packs its builds the same way.
# With a start profile it also writes the profile into the build, for
# the loader's compiling worker (docs/web.md, "The start compiled on a
# second thread").
WASM_PACK   = $(GO) run ./scripts/wasmpack$(if $(3), -start $(3))

# build_wasm FILE,ARGS[,PROFILE]: go build ARGS for the browser into FILE,
# packed; with PROFILE (a game's webstart.txt, recorded by make
# web-profiles), the profile written into it (and FILE removed first:
# go build leaves a file alone whose build ID is current, and wasmpack
# -start needs the names that it drops).
define build_wasm
	$(if $(3),rm -f $(1))
	$(WASM_BUILD) -o $(1) $(2)
	$(WASM_PACK) $(1)
endef

# compress FILE: FILE.br and FILE.gz beside it, and the three sizes.
define compress
	brotli -f -q $(BROTLI_Q) -o $(1).br $(1)
	gzip -$(GZIP_LEVEL) -k -f $(1)
	@echo "$(1): $$(wc -c < $(1) | tr -d ' ') bytes, $$(wc -c < $(1).br | tr -d ' ') brotli -q $(BROTLI_Q), $$(wc -c < $(1).gz | tr -d ' ') gzip -$(GZIP_LEVEL)"
endef

wasm: deps-wasm
	@mkdir -p web/dist
	$(call build_wasm,web/dist/breakout.wasm,./games/breakout,games/breakout/webstart.txt)
	$(call build_wasm,web/dist/breakout-watch.wasm,-tags watch ./games/breakout)
	$(call build_wasm,web/dist/breakout-replay.wasm,-tags replay ./games/breakout)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/index.html web/static/loader.js web/dist/
	$(call compress,web/dist/breakout.wasm)
	$(call compress,web/dist/breakout-watch.wasm)
	$(call compress,web/dist/breakout-replay.wasm)
	@mkdir -p web/dist/swarm
	$(call build_wasm,web/dist/swarm/swarm.wasm,./games/swarm)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/loader.js web/dist/swarm/
	sed -e 's|<body>|<body data-wasm="swarm.wasm">|' -e 's|Loading Breakout|Loading Swarm|' -e 's|<title>[^<]*</title>|<title>Swarm (glue demo)</title>|' web/static/index.html > web/dist/swarm/index.html
	$(call compress,web/dist/swarm/swarm.wasm)
	@mkdir -p web/dist/platformer
	$(call build_wasm,web/dist/platformer/platformer.wasm,./games/platformer,games/platformer/webstart.txt)
	$(call build_wasm,web/dist/platformer/platformer-replay.wasm,-tags replay ./games/platformer)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/loader.js web/dist/platformer/
	sed -e 's|<body>|<body data-wasm="platformer.wasm" data-wasm-replay="platformer-replay.wasm">|' -e 's|Loading Breakout|Loading the platformer|' -e 's|<title>[^<]*</title>|<title>Platformer (glue starter)</title>|' web/static/index.html > web/dist/platformer/index.html
	$(call compress,web/dist/platformer/platformer.wasm)
	$(call compress,web/dist/platformer/platformer-replay.wasm)

## wasm-diag: Breakout with the diagnostics overlay (F3; modules/diag)
## for the browser, web/dist/breakout-diag.wasm (-tags diag), which the
## page loads for ?diag: breakout.wasm leaves the overlay out (365 KB,
## 58 KB of its brotli -q 11 download). A developer's build, not
## compressed (web/serve sends it as it is).
wasm-diag: deps-wasm
	@mkdir -p web/dist
	$(call build_wasm,web/dist/breakout-diag.wasm,-tags diag ./games/breakout)

## wasm-minimal: the smallest Ebitengine program that fills the screen
## (web/minimal), built and served like Breakout, in web/dist/minimal, for
## the browser test's benchmark mode.
wasm-minimal: deps-wasm
	@mkdir -p web/dist/minimal
	$(call build_wasm,web/dist/minimal/minimal.wasm,./web/minimal)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/loader.js web/dist/minimal/
	sed -e 's|<body>|<body data-wasm="minimal.wasm">|' -e 's|Loading Breakout|Loading the minimal Ebitengine program|' -e 's|<title>[^<]*</title>|<title>Minimal Ebitengine program (glue benchmark)</title>|' web/static/index.html > web/dist/minimal/index.html
	$(call compress,web/dist/minimal/minimal.wasm)

## wasm-gfx: web/gfxtest, the browser test's scene of modules/render, in
## web/dist/gfxtest, with the games' sprite sheet, a file that is not
## a PNG and a PNG cut short in its assets/ (which it fetches over HTTP). Not compressed: the
## test only needs it served.
wasm-gfx: deps-wasm
	@mkdir -p web/dist/gfxtest/assets
	$(call build_wasm,web/dist/gfxtest/gfxtest.wasm,./web/gfxtest)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/loader.js web/dist/gfxtest/
	sed -e 's|<body>|<body data-wasm="gfxtest.wasm">|' -e 's|Loading Breakout|Loading the render test|' -e 's|<title>[^<]*</title>|<title>glue: render in the browser</title>|' web/static/index.html > web/dist/gfxtest/index.html
	cp games/assets/sprites.png web/dist/gfxtest/assets/
	printf '<!doctype html><title>not a PNG</title>\n' > web/dist/gfxtest/assets/notpng.png
	head -c 200 games/assets/sprites.png > web/dist/gfxtest/assets/cut.png

## wasm-ui: web/uitest, the browser test's scene of modules/ui, in
## web/dist/uitest. Not compressed.
wasm-ui: deps-wasm
	@mkdir -p web/dist/uitest
	$(call build_wasm,web/dist/uitest/uitest.wasm,./web/uitest)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/loader.js web/dist/uitest/
	sed -e 's|<body>|<body data-wasm="uitest.wasm">|' -e 's|Loading Breakout|Loading the ui test|' -e 's|<title>[^<]*</title>|<title>glue: ui in the browser</title>|' web/static/index.html > web/dist/uitest/index.html

deps-wasm:
	@scripts/ensure-deps.sh wasm
	@if [ "$(WASM_WORK)" != off ]; then $(GO) run ./scripts/ebitenwork -o $(WASM_WORK) >/dev/null; fi

## wasm-budget: the browser downloads under their budgets (issue #40):
## builds web/minimal, Breakout, its watcher build and the platformer as
## wasm does, and fails when one's brotli bytes over the minimal
## program's pass its budget (scripts/wasm-budget.sh has the budgets).
## make test runs it at brotli -q 5 (seconds); wasm-budget-release at
## the release quality, -q 11 (about 80 s of CPU a file), gives
## docs/web.md's figures.
wasm-budget: deps-wasm
	@BROTLI_Q=5 WASM_WORK=$(WASM_WORK) WASM_GCFLAGS="$(WASM_GCFLAGS)" scripts/wasm-budget.sh

wasm-budget-release: deps-wasm
	@BROTLI_Q=11 WASM_WORK=$(WASM_WORK) WASM_GCFLAGS="$(WASM_GCFLAGS)" scripts/wasm-budget.sh

## wasm-budget-test: wasm-budget as make test runs it: on the builds that
## make wasm writes into web/dist at brotli -q 5, which test-web then
## serves (make runs wasm once), so each game is built for the browser
## once, not once for the budget and again for the browser tests.
wasm-budget-test: BROTLI_Q = 5
wasm-budget-test: GZIP_LEVEL = 6
wasm-budget-test: wasm
	@BROTLI_Q=5 WASM_DIST=web/dist WASM_WORK=$(WASM_WORK) WASM_GCFLAGS="$(WASM_GCFLAGS)" scripts/wasm-budget.sh

## serve: play in a browser at http://127.0.0.1:8080/ (builds first).
serve: wasm wasm-diag
	$(GO) run ./web/serve -addr 127.0.0.1:8080 -dir web/dist

## test-web: the browser test: the wasm build in Debian's headless Chromium.
## Two test files at a time (each with its own page server on a free port),
## the longest first (web/test/run.mjs), so that the 2-minute memory test
## runs beside the others from the start.
# CHROMIUM is the browser web/test drives: any Chromium or Chrome found
# (scripts/find-chrome.sh: $$CHROME, chromium, google-chrome, the macOS
# apps). Without one, test-web is skipped with a line saying so, except
# under CI (CI set), where it runs and fails.
CHROMIUM ?= $(shell scripts/find-chrome.sh)
export CHROMIUM
ifeq ($(CHROMIUM)$(CI),)
test-web:
	@echo "make test-web: skipped: no Chromium or Chrome found (install chromium, or set CHROME=/path/to/chrome); the browser tests did not run"
else
test-web: BROTLI_Q = 5
test-web: GZIP_LEVEL = 6
test-web: wasm wasm-diag wasm-gfx wasm-ui
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node run.mjs
	GOOS=js GOARCH=wasm $(GO) test -count=1 -run TestPeerURL -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./modules/net/netflags/
endif

## bench-web: the browser test's benchmark mode: Breakout and web/minimal
## loaded in turn GLUE_WEB_BENCH times (default 7), medians of the bytes on
## the wire and the time to the first frame. Builds with the release
## compression.
GLUE_WEB_BENCH ?= 7
bench-web: wasm wasm-minimal
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && GLUE_WEB_BENCH=$(GLUE_WEB_BENCH) node --test --test-reporter=spec --test-name-pattern=benchmark breakout.test.mjs

## bench-web-v8: where the browser's start-up goes (web/test/v8start.mjs):
## each program's first frame with and without V8's experimental
## compilation hints (a list of the functions run before the first
## frame, which V8 then compiles ahead), and a returning player's, whose
## browser kept the compiled code. GLUE_WEB_BENCH rounds; about 5 minutes.
bench-web-v8: wasm wasm-minimal
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node v8start.mjs $(GLUE_WEB_BENCH)

## bench-web-phases: where each program's start goes, phase by phase
## (web/test/startphases.mjs): Go's runtime and package init, the game's
## main up to App.Build, Build, Ebitengine's start, the first Update and
## Draw, and the frame's flush, read from V8's sampling profiler; and the
## WebGL programs linked by the first frame, with how long their status
## blocks. Builds the three programs as make wasm does but with their
## function names (no -s) into tmp/phases. GLUE_WEB_BENCH rounds.
bench-web-phases: wasm wasm-minimal
	rm -rf tmp/phases && mkdir -p tmp/phases/minimal tmp/phases/platformer
	cp web/dist/index.html web/dist/loader.js web/dist/wasm_exec.js tmp/phases/
	cp web/dist/minimal/index.html web/dist/minimal/loader.js web/dist/minimal/wasm_exec.js tmp/phases/minimal/
	cp web/dist/platformer/index.html web/dist/platformer/loader.js web/dist/platformer/wasm_exec.js tmp/phases/platformer/
	$(MAKE) --no-print-directory wasm-phases WASM_LDFLAGS=-w
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node startphases.mjs $(GLUE_WEB_BENCH)

# wasm-phases: bench-web-phases's builds (it sets WASM_LDFLAGS=-w).
wasm-phases:
	$(call build_wasm,tmp/phases/breakout.wasm,./games/breakout)
	$(call build_wasm,tmp/phases/platformer/platformer.wasm,./games/platformer)
	$(call build_wasm,tmp/phases/minimal/minimal.wasm,./web/minimal)

## web-profiles: records the games' start profiles, games/<game>/webstart.txt
## (web/test/startprofile.mjs): the functions each page calls before its
## first frame, in the order it first calls them, read from V8's trace of
## three loads of a build keeping its names and without a profile (in
## tmp/profiles). make wasm writes them into breakout.wasm and
## platformer.wasm for the loader's compiling worker (docs/web.md, "The
## start compiled on a second thread"). Run it again when a game's start
## changes; wasmpack warns when a tenth of a profile is no longer in its build.
web-profiles: wasm
	rm -rf tmp/profiles && mkdir -p tmp/profiles/platformer
	cp web/dist/index.html web/dist/loader.js web/dist/wasm_exec.js tmp/profiles/
	cp web/dist/platformer/index.html web/dist/platformer/loader.js web/dist/platformer/wasm_exec.js tmp/profiles/platformer/
	$(MAKE) --no-print-directory wasm-profiles WASM_LDFLAGS=-w
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node startprofile.mjs tmp/profiles

# wasm-profiles: web-profiles's builds (it sets WASM_LDFLAGS=-w).
wasm-profiles:
	$(call build_wasm,tmp/profiles/breakout.wasm,./games/breakout)
	$(call build_wasm,tmp/profiles/platformer/platformer.wasm,./games/platformer)

## bench-web-ab: the first frame of this tree's browser builds against
## those of BASE (a git revision, default HEAD), paired (web/test/abfirst.mjs):
## the minimal program, Breakout and the platformer each loaded from both in
## turn AB_ROUNDS times (default 15), the medians of the rounds' own
## differences of the frame issued and drawn by the GPU, and the load.
## BASE is built in tmp/ab-base, a worktree removed afterwards; both with
## brotli -q 5. About 2 minutes of builds and 3 of loads.
BASE ?= HEAD
AB_ROUNDS ?= 15
bench-web-ab: BROTLI_Q = 5
bench-web-ab: wasm wasm-minimal
	rm -rf tmp/ab-base && git worktree prune && git worktree add --force --detach tmp/ab-base $(BASE)
	$(MAKE) -C tmp/ab-base wasm wasm-minimal BROTLI_Q=5
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node abfirst.mjs tmp/ab-base/web/dist web/dist $(AB_ROUNDS); s=$$?; cd ../.. && git worktree remove --force tmp/ab-base; exit $$s

## test-go: what needs nothing but Go, on any OS: go vet and go test over
## the repository (the tests that need a window or a browser skip
## themselves, saying so). make test runs everything CI runs.
test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

## release-check: what tagging VERSION (default v0.1.0) needs: gofmt, go
## vet, the tests, the API against the last tag (apidiff), no replace
## line in go.mod, a CHANGELOG.md entry (scripts/release-check.sh). With no
## tag yet it says so and checks the rest.
VERSION ?= v0.1.0
release-check:
	GO=$(GO) scripts/release-check.sh $(VERSION)
