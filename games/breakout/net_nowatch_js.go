//go:build js && !watch

package main

import (
	"errors"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// The browser's game leaves the network client out (see net.go): these
// stand in for net.go's types and systems. A page can neither serve nor be
// joined, so the game's remote control has nothing to do; watching needs
// breakout-watch.wasm (-tags watch), which the page loads for ?watch= and
// ?join=, so this build has no watcher either (watch.go).

// Seats is net.go's seats of network players; without a server there
// are none.
type Seats struct{}

// newSeats returns no seats: without a server there are none.
func newSeats(Config) Seats { return Seats{} }

// nothing is the system of what this build cannot do.
func nothing(struct{}) {}

// takeRemoteControl does nothing: a page cannot serve, so no player joins.
func takeRemoteControl() *glue.System { return glue.Func(nothing).Named("breakout.TakeRemoteControl") }

// MoveRemotePaddles does nothing: no network player has a paddle.
func MoveRemotePaddles(glue.Entity, *Paddle, *physics.Body, struct{}) {}

// errNoClient is why a watcher cannot be built in this build.
var errNoClient = errors.New("breakout: -watch/-join: this build has no network client; watch with breakout-watch.wasm (make wasm builds it with -tags watch; the page loads it for ?watch= and ?join=)")

// NewWatchApp stands in for watch.go's watcher: the app fails, since
// this build has no network client (breakout-watch.wasm watches and
// joins).
func NewWatchApp(Config) *glue.App {
	app := glue.NewApp()
	app.AddError(errNoClient)
	return app
}

// addRollback fails the app: this build has no network client;
// breakout-watch.wasm joins a rollback game (?join=…&rollback).
func addRollback(app *glue.App, _ Config) { app.AddError(errNoClient) }
