//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBrowserBuildLeavesOut: the browser's play build (breakout.wasm)
// has no diagnostics overlay (modules/diag, about 60 KB of its brotli
// download) and no replays (modules/replay, 68 KB at -q 11; docs/web.md,
// "What a page cannot use"); the builds the page loads when they are
// used have them — ?diag's (-tags diag) both, ?record= and ?replay='s
// (-tags replay) the replays, the watcher's (-tags watch) both — and so
// does every native build.
func TestBrowserBuildLeavesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, c := range []struct {
		pkg, build string
		tags       []string // the js builds that have it
	}{
		{"github.com/gluekit/glue/modules/diag", "breakout-diag.wasm (-tags diag)", []string{"diag", "watch"}},
		{"github.com/gluekit/glue/modules/replay", "breakout-replay.wasm (-tags replay)", []string{"replay", "diag", "watch"}},
	} {
		t.Run(c.pkg[strings.LastIndexByte(c.pkg, '/')+1:], func(t *testing.T) {
			if buildImports(t, c.pkg, "js", "wasm") {
				t.Errorf("the browser's play build (breakout.wasm) imports %s: it belongs in %s", c.pkg, c.build)
			}
			for _, tag := range c.tags {
				if !buildImports(t, c.pkg, "js", "wasm", "-tags", tag) {
					t.Errorf("the browser build with -tags %s lacks %s", tag, c.pkg)
				}
			}
			if !buildImports(t, c.pkg, "linux", "amd64") {
				t.Errorf("the native build lacks %s", c.pkg)
			}
		})
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

// TestBrowserBuildsHaveNoPNGDecoder: Breakout loads no image, and none
// of its browser builds carries image/png (18.6 KB of breakout.wasm's
// brotli -q 11 download; docs/web.md): modules/render leaves the decoder
// to the games that load images (import _ "image/png").
func TestBrowserBuildsHaveNoPNGDecoder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, tags := range [][]string{nil, {"-tags", "replay"}, {"-tags", "diag"}, {"-tags", "watch"}} {
		if buildImports(t, "image/png", "js", "wasm", tags...) {
			t.Errorf("the browser build %v imports image/png, which Breakout never uses", tags)
		}
	}
}
