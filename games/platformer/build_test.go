//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBrowserBuildLeavesOutReplays: the browser's play build (NAME.wasm)
// has no replays (modules/replay, about 88 KB of its brotli download);
// the build the page loads for ?record= and ?replay= (-tags replay,
// NAME-replay.wasm) has them, and so does every native build
// (replay.go, replay_js.go).
func TestBrowserBuildLeavesOutReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const pkg = "github.com/gluekit/glue/modules/replay"
	if buildImports(t, pkg, "js", "wasm") {
		t.Errorf("the browser's play build (%s.wasm) imports %s: it belongs in %s-replay.wasm (-tags replay)", Name, pkg, Name)
	}
	if !buildImports(t, pkg, "js", "wasm", "-tags", "replay") {
		t.Errorf("the browser build with -tags replay (%s-replay.wasm) lacks %s", Name, pkg)
	}
	if !buildImports(t, pkg, "linux", "amd64") {
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

// TestBrowserBuildsHaveNoPNGDecoder: in the browser the page decodes the
// level's and the sheet's PNGs with the browser's own decoder
// (render.DecodeImage), so neither browser build carries image/png (23.7
// KB of platformer.wasm's brotli -q 5 download with compress/zlib);
// natively render imports it.
func TestBrowserBuildsHaveNoPNGDecoder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, tags := range [][]string{nil, {"-tags", "replay"}} {
		if buildImports(t, "image/png", "js", "wasm", tags...) {
			t.Errorf("the browser build %v imports image/png; the page decodes PNGs itself (render.DecodeImage)", tags)
		}
	}
	if !buildImports(t, "image/png", "linux", "amd64") {
		t.Error("the native build lacks image/png")
	}
}
