//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBrowserBuildLeavesOutTheNetwork: the browser's game build has no
// network client (net/http and TLS are 2.6 MB of the wasm file, see
// docs/web.md); the watcher's build (-tags watch) has it.
func TestBrowserBuildLeavesOutTheNetwork(t *testing.T) {
	deps := func(tags ...string) []string {
		args := append([]string{"list", "-deps"}, tags...)
		cmd := exec.Command("go", append(args, ".")...)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %v: %v", cmd.Args[1:], err)
		}
		return strings.Fields(string(out))
	}
	networked := []string{"github.com/gluekit/glue/modules/net", "github.com/coder/websocket", "net/http", "crypto/tls"}
	game, watch := deps(), deps("-tags", "watch")
	for _, pkg := range networked {
		if slices.Contains(game, pkg) {
			t.Errorf("the browser game's build imports %s", pkg)
		}
	}
	if !slices.Contains(watch, "github.com/gluekit/glue/modules/net") {
		t.Error("the browser watcher's build (-tags watch) lacks modules/net")
	}
}
