#!/usr/bin/env bash
# pair-render.sh compares the CPU time per frame of modules/render's sprite
# benchmark at two commits, in paired, interleaved rounds in one shell:
# each round runs commit A's test binary, then commit B's (the order
# alternates from round to round), and the ratio B/A of the round's two
# cpu-ms/frame figures is one sample. It prints every round, then the
# median ratio with its spread, the CPU model and the load average.
#
#   scripts/pair-render.sh A B [ROUNDS] [BENCH]
#   scripts/pair-render.sh ae9125f HEAD 8 'Sprites_10000$'
#
# Each commit is exported with git archive into a temporary directory
# (the work tree is not touched) and its test binary is built once.
# Run it under Xvfb (xvfb-run -a -s "-screen 0 1280x1024x24").
# With PAIR_EXIT=R it exits 1 when the median ratio exceeds R and 0
# otherwise, for git bisect run (B is then the commit under test), and
# 125 (skip) when a run printed no cpu-ms/frame. With PAIR_BENCH_FROM=C
# both commits are built with commit C's sprite benchmark files
# (sprite_bench_test.go, cputime_linux_test.go), so that only the code
# under test differs.
set -euo pipefail
a=${1:?commit A}
b=${2:?commit B}
rounds=${3:-8}
bench=${4:-'Sprites_10000$'}
benchtime=${PAIR_BENCHTIME:-40x}
repo=$(git rev-parse --show-toplevel)
cache=${PAIR_CACHE:-/tmp/pair-render}
mkdir -p "$cache"

# build COMMIT: the path of the commit's modules/render test binary.
build() {
	local sha bin dir
	sha=$(git -C "$repo" rev-parse --short=12 "$1")
	bin="$cache/render-$sha${PAIR_BENCH_FROM:+-bench-$PAIR_BENCH_FROM}.test"
	if [[ ! -x "$bin" ]]; then
		dir=$(mktemp -d)
		git -C "$repo" archive "$sha" | tar -x -C "$dir"
		if [[ -n "${PAIR_BENCH_FROM:-}" ]]; then
			for f in sprite_bench_test.go cputime_linux_test.go; do
				git -C "$repo" show "$PAIR_BENCH_FROM:modules/render/$f" >"$dir/modules/render/$f"
			done
		fi
		(cd "$dir" && go test -c -o "$bin" ./modules/render) >&2 || { rm -rf "$dir"; return 1; }
		rm -rf "$dir"
	fi
	echo "$bin"
}

# cpu BIN: the cpu-ms/frame of one run.
cpu() {
	"$1" -test.run XXX -test.bench "$bench" -test.benchtime "$benchtime" -test.count 1 2>/dev/null |
		awk '/cpu-ms\/frame/ { for (i = 1; i < NF; i++) if ($(i+1) == "cpu-ms/frame") print $i }' | head -1
}

binA=$(build "$a") || exit 125
binB=$(build "$b") || exit 125
echo "A $a ($binA)  B $b ($binB)  bench $bench  benchtime $benchtime"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
ratios=()
for r in $(seq 1 "$rounds"); do
	if ((r % 2)); then ta=$(cpu "$binA"); tb=$(cpu "$binB"); else tb=$(cpu "$binB"); ta=$(cpu "$binA"); fi
	if [[ -z "$ta" || -z "$tb" ]]; then
		echo "round $r: no cpu-ms/frame (A '$ta', B '$tb'): the benchmark failed or does not report CPU time" >&2
		exit 125
	fi
	q=$(awk -v x="$tb" -v y="$ta" 'BEGIN { printf "%.3f", x / y }')
	ratios+=("$q")
	echo "round $r: A $ta ms, B $tb ms, B/A $q"
done
summary=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f %.3f", m, v[1], v[NR] }')
read -r med lo hi <<<"$summary"
echo "B/A CPU time per frame: median $med (rounds $lo–$hi, $rounds rounds); load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n "${PAIR_EXIT:-}" ]]; then
	awk -v m="$med" -v t="$PAIR_EXIT" 'BEGIN { exit !(m > t) }' && exit 1
	exit 0
fi
