# glue — make targets. `make run` plays breakout; `make test` checks
# everything. Both install what they need on Debian first.

GO        ?= go
GOBIN     := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck
XVFB      := xvfb-run -a -s "-screen 0 1280x1024x24"

docs-screenshot:
	@rm -f docs/breakout.png && $(MAKE) docs/breakout.png

.PHONY: docs-screenshot bench-smoke run coinflip test deps-run deps-test lint fmt-check generate-check unit bench wasm serve test-web

run: deps-run
	$(GO) run ./games/breakout

coinflip:
	$(GO) run ./games/coinflip

deps-run:
	@scripts/ensure-deps.sh run

deps-test:
	@scripts/ensure-deps.sh test

## test: everything CI checks.
test: deps-test lint generate-check unit bench-smoke test-web
	@echo "make test: all checks passed"

## lint: gofmt, go vet and staticcheck over the whole repository.
lint: fmt-check
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./games/breakout/... ./modules/...
	$(STATICCHECK) ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## generate-check: generated files are up to date.
generate-check:
	$(GO) generate ./...
	@git diff --exit-code -- '*_gen.go' || (echo "generated files are stale: run go generate ./..." && exit 1)

## unit: go test -race, inside a virtual X server so that rendering tests
## open a real Ebitengine window.
unit:
	$(XVFB) $(GO) test -race -count=1 ./...

## bench: the benchmark suite (bench/, its own module); rewrites
## docs/benchmarks.md and docs/benchmarks.png. About 7 minutes.
bench:
	bench/run.sh

## bench-smoke: the suite's correctness tests and every benchmark once.
bench-smoke:
	bench/run.sh -smoke

## screenshot: the README's picture, taken by the game itself.
docs/breakout.png:
	$(XVFB) $(GO) run ./games/breakout -seed 3 -autopilot -screenshot $@ -frames 1500

## wasm: build Breakout for the browser into web/dist.
wasm:
	@mkdir -p web/dist
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o web/dist/breakout.wasm ./games/breakout
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/index.html web/static/loader.js web/dist/
	gzip -9 -k -f web/dist/breakout.wasm
	@echo "web/dist/breakout.wasm: $$(stat -c %s web/dist/breakout.wasm) bytes, $$(stat -c %s web/dist/breakout.wasm.gz) gzipped"

## serve: play in a browser at http://127.0.0.1:8080/ (builds first).
serve: wasm
	$(GO) run ./web/serve -addr 127.0.0.1:8080 -dir web/dist

## test-web: the browser test: the wasm build in Debian's headless Chromium.
test-web: wasm
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	cd web/test && node --test --test-reporter=spec
