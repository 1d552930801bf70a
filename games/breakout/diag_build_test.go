//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBrowserBuildLeavesOutDiag: the browser's play build (breakout.wasm)
// has no diagnostics overlay (modules/diag is about 60 KB of its brotli
// download, docs/web.md); the page's ?diag build (-tags diag) and the
// watcher's (-tags watch) have it, and so does every native build.
func TestBrowserBuildLeavesOutDiag(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const pkg = "github.com/gluekit/glue/modules/diag"
	imports := func(goos, goarch string, tags ...string) bool { return buildImports(t, pkg, goos, goarch, tags...) }
	if imports("js", "wasm") {
		t.Errorf("the browser's play build (breakout.wasm) imports %s: it belongs in breakout-diag.wasm (-tags diag) only", pkg)
	}
	for _, tags := range [][]string{{"-tags", "diag"}, {"-tags", "watch"}} {
		if !imports("js", "wasm", tags...) {
			t.Errorf("the browser build with %s lacks %s", tags[1], pkg)
		}
	}
	if !imports("linux", "amd64") {
		t.Errorf("the native build lacks %s", pkg)
	}
}

// TestBrowserBuildLeavesOutReplay: the browser's play build
// (breakout.wasm) has no modules/replay (68 KB of its brotli -q 11
// download, docs/web.md, "What a page cannot use"); the page's ?record=
// and ?replay= build (-tags replay), the ?diag build and the watcher's
// have it, and so does every native build.
func TestBrowserBuildLeavesOutReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const pkg = "github.com/gluekit/glue/modules/replay"
	imports := func(goos, goarch string, tags ...string) bool { return buildImports(t, pkg, goos, goarch, tags...) }
	if imports("js", "wasm") {
		t.Errorf("the browser's play build (breakout.wasm) imports %s: it belongs in breakout-replay.wasm (-tags replay)", pkg)
	}
	for _, tag := range []string{"replay", "diag", "watch"} {
		if !imports("js", "wasm", "-tags", tag) {
			t.Errorf("the browser build with -tags %s lacks %s", tag, pkg)
		}
	}
	if !imports("linux", "amd64") {
		t.Errorf("the native build lacks %s", pkg)
	}
}

// buildImports says whether the game built for goos and goarch with the
// go list flags tags imports pkg.
func buildImports(t *testing.T, pkg, goos, goarch string, tags ...string) bool {
	t.Helper()
	args := append([]string{"list", "-deps"}, tags...)
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GOOS=%s GOARCH=%s go %v: %v", goos, goarch, cmd.Args[1:], err)
	}
	return slices.Contains(strings.Fields(string(out)), pkg)
}
