//go:build !js

package net

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// TestWasmClient builds testdata/wasmclient for GOOS=js GOARCH=wasm and
// runs it under Node.js (whose WebSocket is the browser API that
// coder/websocket uses in wasm) against a native server: the wasm client
// must receive an entity and a resource and send an input back. It is
// skipped when node is not installed, and with -short.
func TestWasmClient(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs a wasm binary")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	goroot, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	wasm := filepath.Join(t.TempDir(), "client.wasm")
	build := exec.Command(goTool, "build", "-o", wasm, "./testdata/wasmclient")
	build.Env = append(build.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the wasm client: %v\n%s", err, out)
	}

	var inputs []steer
	app, srv := startServer(t, ServerConfig{SendEvery: 1}, func(app *glue.App) {
		app.InsertResource(score{7})
		app.AddStartup(glue.Func(func(cmds glue.Commands) {
			cmds.Spawn(Replicated{}, pos{1, 42})
		}).Named("spawnBall"))
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			for _, s := range InputsOf[steer](in.Get()) {
				inputs = append(inputs, s)
			}
		}).Named("readInputs"))
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	cmd := exec.CommandContext(ctx, node, "--experimental-websocket", "--stack-size=8192", execJS, wasm, srv.URL())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var runErr error
	waitFor(t, "the wasm client to finish", 60*time.Second, func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}, func() bool {
		select {
		case runErr = <-done:
			return true
		default:
			return false
		}
	})
	if runErr != nil {
		t.Fatalf("wasm client: %v\n%s", runErr, out.String())
	}
	if want := "ball (1, 42) score 7 client "; !strings.Contains(out.String(), want) || strings.Contains(out.String(), want+"0\n") {
		t.Errorf("wasm client printed:\n%s\nwant a line with %q", out.String(), want)
	}
	waitFor(t, "the wasm client's input", 5*time.Second, func() { app.Update() }, func() bool { return len(inputs) > 0 })
	if inputs[0] != (steer{-1}) {
		t.Errorf("server received %v, want steer{-1}", inputs)
	}
}
