//go:build !js

package net

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

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
