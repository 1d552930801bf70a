package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/gocmd"
	"github.com/gluekit/glue/internal/wasmpack"
	"github.com/gluekit/glue/web/static"
)

// glue web -out writes hello's browser build: the loader page made
// hello's, glue's loader, Go's wasm_exec.js and hello.wasm; served, the
// files come with their exact types, the wasm gzipped when accepted.
func TestWebHello(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds hello for the browser")
	}
	out := t.TempDir()
	// The patched Ebitengine is the user's cached copy, as for glue web
	// and make wasm (internal/ebitenpatch's own tests make one from
	// scratch): a copy at a new path each run made Go compile Ebitengine
	// for the browser again, 36 s of the test's 45.
	var stdout, stderr strings.Builder
	if code := run([]string{"web", "-out", out, "../../examples/hello"}, &stdout, &stderr); code != 0 {
		t.Fatalf("glue web -out: exit %d, stderr %s", code, stderr.String())
	}
	read := func(name string) []byte {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	page := string(read("index.html"))
	for _, want := range []string{`<body data-wasm="hello.wasm"`, "<title>hello</title>", "Loading hello…", `<script src="loader.js">`, `<script src="wasm_exec.js">`} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html has no %q", want)
		}
	}
	if strings.Contains(page, "Breakout") || strings.Contains(page, `href="/swarm/"`) {
		t.Errorf("index.html still names Breakout or links glue's demos")
	}
	if loader, _ := static.FS.ReadFile("loader.js"); !bytes.Equal(read("loader.js"), loader) {
		t.Errorf("loader.js is not glue's web/static/loader.js")
	}
	if !bytes.Contains(read("wasm_exec.js"), []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js is not Go's")
	}
	wasm := read("hello.wasm")
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("hello.wasm is not WebAssembly: starts %q", wasm[:min(8, len(wasm))])
	}
	// Ebitengine's shader templates made, and its built-in shaders
	// compiled, before the build: text/template and the Kage compiler's
	// go/parser (their functions' names) are not in the file
	// (internal/ebitenpatch).
	for _, pkg := range []string{"text/template.", "go/parser.ParseFile"} {
		if bytes.Contains(wasm, []byte(pkg)) {
			t.Errorf("hello.wasm has %s in it: glue web did not patch Ebitengine (stdout: %s)", pkg, stdout.String())
		}
	}
	// Its data segments packed, as make wasm packs its builds: Go's linker
	// writes tens of thousands.
	if _, st, err := wasmpack.Pack(wasm); err != nil || st.Segments > 1000 {
		t.Errorf("hello.wasm has %d data segments (%v): glue web did not pack them (internal/wasmpack)", st.Segments, err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 4 {
		t.Errorf("-out wrote %d files, want 4 (index.html, loader.js, wasm_exec.js, hello.wasm)", len(entries))
	}

	// -ebiten-as-is: text/template and go/parser are in, as without glue web.
	s, err := buildSite(webOptions{Package: "../../examples/hello", GzipLevel: gzip.BestSpeed, AsIs: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"text/template.", "go/parser.ParseFile"} {
		if !bytes.Contains(s.Files["hello.wasm"].Data, []byte(pkg)) {
			t.Errorf("hello.wasm built with AsIs has no %s in it", pkg)
		}
	}
	wasm = s.Files["hello.wasm"].Data // what is served below
	srv := httptest.NewServer(s.handler())
	defer srv.Close()
	get := func(name, encoding string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+name, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding) // so the client does not decode it itself
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, body
	}
	resp, body := get("/hello.wasm", "gzip, br")
	if ct, ce := resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"); resp.StatusCode != 200 || ct != "application/wasm" || ce != "gzip" {
		t.Fatalf("GET /hello.wasm: %d, Content-Type %q, Content-Encoding %q; want 200, application/wasm, gzip", resp.StatusCode, ct, ce)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, wasm) {
		t.Errorf("the gzipped wasm does not decode to hello.wasm (%v)", err)
	}
	if len(body) >= len(wasm) || resp.Header.Get("X-Uncompressed-Length") != strconv.Itoa(len(wasm)) {
		t.Errorf("gzip sent %d bytes of %d, X-Uncompressed-Length %q", len(body), len(wasm), resp.Header.Get("X-Uncompressed-Length"))
	}
	if resp, body := get("/hello.wasm", "identity"); resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Errorf("without gzip: Content-Encoding %q, %d bytes; want none, hello.wasm", resp.Header.Get("Content-Encoding"), len(body))
	}
	if resp, body := get("/", ""); resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(body), "hello.wasm") {
		t.Errorf("GET /: %d %q, want the page", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp, _ := get("/loader.js", ""); !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("GET /loader.js: Content-Type %q", resp.Header.Get("Content-Type"))
	}
	if resp, _ := get("/breakout.wasm", ""); resp.StatusCode != 404 {
		t.Errorf("GET /breakout.wasm: %d, want 404", resp.StatusCode)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"": false, "gzip": true, "br, gzip": true, "GZIP;q=0.5": true, "gzip;q=0": false,
		"gzip; q=0.0": false, "*": true, "identity": false, "br": false, "gzip;q=0.001": true,
	} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}

// A game outside glue is told what glue web needs.
func TestWebNotAGame(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"web", "-out", t.TempDir(), "../../modules/timer"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "is not one game (package timer") {
		t.Errorf("glue web on a library: exit %d, stderr %q", code, stderr.String())
	}
}

// A game whose package has files for -tags replay (the platformer's
// replay.go and replay_js.go) gets NAME-replay.wasm, which its page loads
// for ?record= and ?replay=; one without (hello) one build, as before.
// TestWebStartProfile: glue web writes the start profile beside a game's
// package (the platformer's webstart.txt) into its play build, for the
// loader's compiling worker, as make wasm does; the replay build, which
// starts otherwise, gets none.
func TestWebStartProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the platformer for the browser")
	}
	out := t.TempDir()
	var stdout, stderr strings.Builder
	if code := run([]string{"web", "-out", out, "../../games/platformer"}, &stdout, &stderr); code != 0 {
		t.Fatalf("glue web -out: exit %d, stderr %s", code, stderr.String())
	}
	f, err := os.Open("../../games/platformer/webstart.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	profile, err := wasmpack.ReadProfile(f)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"platformer.wasm": true, "platformer-replay.wasm": false} {
		wasm, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		slots, err := wasmpack.StartSlots(wasm)
		if err != nil {
			t.Fatal(err)
		}
		if got := slots != nil; got != want {
			t.Errorf("%s has a start profile: %v, want %v", name, got, want)
		}
		if want && len(slots) < len(profile)*9/10 {
			t.Errorf("%s has %d of the %d functions of games/platformer/webstart.txt in its profile", name, len(slots), len(profile))
		}
		if want && !bytes.Contains(wasm, []byte(wasmpack.ExportTable)) {
			t.Errorf("%s does not export its function table (%s)", name, wasmpack.ExportTable)
		}
	}
}

func TestWebReplayBuild(t *testing.T) {
	goCommand := func(env []string, args ...string) ([]byte, error) { return gocmd.Run("", env, args...) }
	js := []string{"GOOS=js", "GOARCH=wasm"}
	for pkg, want := range map[string]bool{"../../games/platformer": true, "../../examples/hello": false} {
		if got, err := hasReplayBuild(goCommand, js, pkg); got != want || err != nil {
			t.Errorf("hasReplayBuild(%s) = %v, %v; want %v", pkg, got, err, want)
		}
	}
	if _, err := hasReplayBuild(goCommand, js, "./no/such/package"); err == nil {
		t.Errorf("hasReplayBuild of a missing package: no error")
	}

	index, err := static.FS.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, replay := range []bool{false, true} {
		page, err := pageFor(index, "my-game", replay)
		if err != nil {
			t.Fatal(err)
		}
		body := `<body data-wasm="my-game.wasm" data-wasm-watch="my-game.wasm">`
		if replay {
			body = `<body data-wasm="my-game.wasm" data-wasm-watch="my-game.wasm" data-wasm-replay="my-game-replay.wasm">`
		}
		if !strings.Contains(string(page), body) {
			t.Errorf("pageFor with replay %v: no %s", replay, body)
		}
	}
}

// glue web builds with the compiler flags make wasm builds with, which
// the size budgets (scripts/wasm-budget.sh) and docs/web.md's figures
// measure.
func TestWebBuildsAsMakeWasm(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	want := "WASM_GCFLAGS := " + wasmGCFlags + "\n"
	if !strings.Contains(string(mk), want) {
		t.Errorf("the Makefile has no line %q: glue web (wasmGCFlags) and make wasm (WASM_GCFLAGS) must build alike", strings.TrimSpace(want))
	}
	sh, err := os.ReadFile("../../scripts/wasm-budget.sh")
	if err != nil {
		t.Fatal(err)
	}
	if want := "gcflags=${WASM_GCFLAGS-" + wasmGCFlags + "}"; !strings.Contains(string(sh), want) {
		t.Errorf("scripts/wasm-budget.sh does not default to %q", want)
	}
	// Both pack their builds' data segments, as buildSite does.
	if !strings.Contains(string(mk), "\t$(WASM_BUILD) -o $(1) $(2)\n\t$(WASM_PACK) $(1)\n") {
		t.Errorf("the Makefile's build_wasm does not run $(WASM_PACK) after $(WASM_BUILD): make wasm and glue web must build alike")
	}
	if !strings.Contains(string(sh), `"$go" run ./scripts/wasmpack "$dir/$1.wasm"`) {
		t.Errorf("scripts/wasm-budget.sh does not pack its builds with scripts/wasmpack")
	}
	// The games' play builds carry their start profiles in both (glue
	// web reads webstart.txt beside the package itself).
	for _, g := range []struct{ file, pkg, sh string }{
		{"web/dist/breakout.wasm", "./games/breakout", "build breakout ./games/breakout \"\" games/breakout/webstart.txt"},
		{"web/dist/platformer/platformer.wasm", "./games/platformer", "build platformer ./games/platformer \"\" games/platformer/webstart.txt"},
	} {
		call := "$(call build_wasm," + g.file + "," + g.pkg + "," + strings.TrimPrefix(g.pkg, "./") + "/webstart.txt)"
		if !strings.Contains(string(mk), call) {
			t.Errorf("the Makefile does not build %s with its start profile: %s", g.file, call)
		}
		if !strings.Contains(string(sh), g.sh) {
			t.Errorf("scripts/wasm-budget.sh does not build %s with its start profile: %s", g.pkg, g.sh)
		}
	}
	if n := strings.Count(string(mk), "$(WASM_BUILD)"); n != 1 {
		t.Errorf("the Makefile runs $(WASM_BUILD) %d times: build for the browser with $(call build_wasm,FILE,ARGS), which packs", n)
	}
}
