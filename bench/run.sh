#!/usr/bin/env bash
# run.sh runs glue's benchmark suite and writes docs/benchmarks.md and
# docs/benchmarks.png (about 15 minutes on 2 cores). `make bench` calls it.
#
#   bench/run.sh           the full suite
#   bench/run.sh -smoke    vet, staticcheck, correctness tests, and every benchmark once
#                          at small sizes through the report generator,
#                          writing to a temporary directory (under a minute)
#   bench/run.sh ARGS...   other arguments go to bench/cmd/report
#                          (-count N, -skip-run, -quick, -docs DIR)
set -euo pipefail
cd "$(dirname "$0")"

if [[ "${1:-}" == "-smoke" ]]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	go vet ./...
	staticcheck=$(go env GOPATH)/bin/staticcheck
	if [[ -x "$staticcheck" ]]; then "$staticcheck" ./...; fi
	go test -count=1 ./...
	go run ./cmd/report -quick -docs "$tmp/docs" -results "$tmp/results"
	test -s "$tmp/docs/benchmarks.md" && test -s "$tmp/docs/benchmarks.png"
	echo "bench: smoke run passed"
	exit 0
fi
exec go run ./cmd/report "$@"
