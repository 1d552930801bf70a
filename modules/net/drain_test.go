//go:build !js

package net

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/gluekit/glue"
)

// gameOver is a test resource: whether the game is over.
type gameOver struct{ yes bool }

// TestDrainPluginEndsTheApp: after the stop signal, a server without
// clients shuts down and ends the app; one with a client plays on until
// the game is over.
func TestDrainPluginEndsTheApp(t *testing.T) {
	for _, withClient := range []bool{false, true} {
		stop := make(chan os.Signal, 1)
		app, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
			app.InsertResource(gameOver{})
			over := glue.If(func(g glue.Res[gameOver]) bool { return g.Get().yes })
			app.AddPlugins(DrainPlugin{Stop: stop, Grace: time.Hour, Over: []glue.Condition{over}})
		})
		if withClient {
			capp, _ := startClient(t, srv.URL(), ClientConfig{NoReconnect: true, Logger: quiet()}, nil, nil)
			waitFor(t, "the client to connect", 10*time.Second, func() { _ = app.Update(); _ = capp.Update() },
				func() bool { return srv.Stats().Clients == 1 })
		}
		stop <- syscall.SIGTERM
		if err := app.Update(); err != nil && !errors.Is(err, glue.ErrEnded) {
			t.Fatal(err)
		}
		if glue.Resource[Drain](app).Since.IsZero() || srv.Ready() == nil {
			t.Fatalf("client %v: the signal did not drain the server", withClient)
		}
		if withClient {
			for range 3 {
				if err := app.Update(); err != nil {
					t.Fatalf("a draining game with a client ended before it was over: %v", err)
				}
			}
			glue.Resource[gameOver](app).yes = true
			_ = app.Update()
		}
		if err := app.Update(); !errors.Is(err, glue.ErrEnded) {
			t.Errorf("client %v: Update after the drain = %v, want glue.ErrEnded", withClient, err)
		}
	}
}

// TestDrainKeepsAClientInItsHandshake: a client whose WebSocket handshake
// is done when the stop signal comes, but which the server has not
// counted yet, is kept: the drain waits for it, it plays on, and the game
// ends when it leaves. Before, the drain saw no client, shut the server
// down and the client was turned away as new (breakout's
// TestSIGTERMDrains met it in CI: the server exited under its watcher).
func TestDrainKeepsAClientInItsHandshake(t *testing.T) {
	stop := make(chan os.Signal, 1)
	app, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
		app.AddPlugins(DrainPlugin{Stop: stop, Grace: time.Hour})
	})
	accepted, release := make(chan struct{}), make(chan struct{})
	hook := func() { // holds the handshake until release, or 3 s
		close(accepted)
		select {
		case <-release:
		case <-time.After(3 * time.Second):
		}
	}
	srv.s.accepted.Store(&hook)
	ctx := context.Background()
	ws, _, err := websocket.Dial(ctx, srv.URL(), &websocket.DialOptions{Subprotocols: []string{subprotocol}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	go func() { // the client reads what it is sent
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	<-accepted // the handshake is done; the server has not counted the client
	stop <- syscall.SIGTERM
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatalf("the drain ended the game with a client in its handshake: %v", err)
		}
	}
	close(release)
	waitFor(t, "the client to be counted", 10*time.Second, func() { _ = app.Update() }, func() bool { return srv.Stats().Clients == 1 })
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatalf("a draining game with a client ended: %v", err)
		}
	}
	ws.Close(websocket.StatusNormalClosure, "bye")
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := app.Update()
		if errors.Is(err, glue.ErrEnded) {
			break
		}
		if err != nil || time.Now().After(deadline) {
			t.Fatalf("the game did not end when its last client left: %v", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
