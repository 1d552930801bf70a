//go:build !js

package net

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// TestBrowserBuildLinksNoHTTP: the browser's client is on the page's
// WebSocket (transport_js.go) and the server is left out of browser
// builds, so a wasm build of the package links neither
// coder/websocket nor net/http and crypto/tls (2.6 MB of the watcher's
// wasm file before, docs/web.md). It failed before the split: the
// package's server files and coder/websocket's browser client imported
// net/http.
func TestBrowserBuildLinksNoHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps for js/wasm: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"net/http", "crypto/tls", "crypto/x509", "github.com/coder/websocket"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("the browser build of modules/net links %s", pkg)
		}
	}
}

// hostileServer serves WebSocket endpoints that end a client's
// connection in each of the ways the client reports: a text message
// (/text), a message over the client's read limit of 1024 bytes (/big),
// a seat refused (/seat, status 4001) and the server going away
// (/away). (A server that answers without the glue subprotocol is the
// one case that differs: a browser fails such a handshake, as the
// WebSocket standard says, so the page sees a failed dial, and the native
// client the wrong subprotocol.)
func hostileServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		opts := &websocket.AcceptOptions{Subprotocols: []string{subprotocol}, InsecureSkipVerify: true}
		ws, err := websocket.Accept(w, r, opts)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
		defer cancel()
		switch r.URL.Path {
		case "/text":
			ws.Write(ctx, websocket.MessageText, []byte("hello"))
		case "/big":
			ws.Write(ctx, websocket.MessageBinary, make([]byte, 2048))
		case "/seat":
			ws.Close(closeSeatRefused, "wrong key for seat 1")
			return
		case "/away":
			ws.Close(websocket.StatusGoingAway, "game over")
			return
		}
		for { // until the client closes
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestWasmClientErrors: the browser's client (transport_js.go, run
// under Node.js) ends its connection with the native client's error in
// each case of hostileServer.
func TestWasmClientErrors(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs a wasm binary")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	srv := hostileServer(t)
	base := "ws" + strings.TrimPrefix(srv.URL, "http")
	var urls, want []string
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, path := range []string{"/text", "/big", "/seat", "/away"} {
		url := base + path
		urls = append(urls, url)
		app := glue.NewApp()
		app.AddPlugins(ClientPlugin{
			Config: ClientConfig{Registry: codec.NewRegistry(), Logger: quiet, NoReconnect: true, MaxMessageSize: 1024},
			Peer:   Peer{URL: url},
		})
		var err error
		waitFor(t, "the native client's error at "+path, 20*time.Second, func() {
			if uerr := app.Update(); uerr != nil {
				t.Fatal(uerr)
			}
		}, func() bool {
			err = glue.Resource[Client](app).Err()
			return err != nil
		})
		want = append(want, fmt.Sprintf("%s: %v", url, err))
		app.Close()
	}

	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	wasm := filepath.Join(t.TempDir(), "errors.wasm")
	build := exec.Command("go", "build", "-o", wasm, "./testdata/wasmerrors")
	build.Env = append(build.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the wasm client: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	args := append([]string{"--experimental-websocket", "--stack-size=8192", execJS, wasm}, urls...)
	out, err := exec.CommandContext(ctx, node, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("wasm client: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("the wasm client's errors:\n%s\nwant the native client's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
