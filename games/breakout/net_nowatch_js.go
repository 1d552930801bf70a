//go:build js && !watch

package main

import (
	"errors"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// The browser's game leaves the network client out (see net.go): these
// stand in for net.go's types and systems. A page can neither serve nor be
// joined, so the game's remote control has nothing to do; watching needs
// breakout-watch.wasm (-tags watch), which the page loads for ?watch= and
// ?join=.

// Seats is net.go's seats of network players; without a server there
// are none.
type Seats struct{}

// newSeats returns no seats: without a server there are none.
func newSeats(Config) Seats { return Seats{} }

// RemoteSteer is net.go's remote steering; this build sends none.
type RemoteSteer struct{}

// nothing is the system of what this build cannot do.
func nothing(struct{}) {}

// takeRemoteControl does nothing: a page cannot serve, so no player joins.
func takeRemoteControl() *glue.System { return glue.Func(nothing).Named("breakout.TakeRemoteControl") }

// MoveRemotePaddles does nothing: no network player has a paddle.
func MoveRemotePaddles(glue.Entity, *Paddle, *physics.Body, struct{}) {}

// steerRemote does nothing: this build cannot join (clientPlugin fails the
// app first).
func steerRemote() *glue.System { return glue.Func(nothing).Named("breakout.SteerRemote") }

// trackSeat does nothing: this build cannot join.
func trackSeat() *glue.System { return glue.Func(nothing).Named("breakout.trackSeat") }

// ShowSeat does nothing: this build cannot join.
func ShowSeat(glue.Entity, LabelKind, *render.Label, struct{}) {}

// ShowConnection does nothing: this build cannot watch.
func ShowConnection(glue.Entity, LabelKind, *render.Label, glue.Res[Game]) {}

// errNoClient is why a watcher cannot be built in this build.
var errNoClient = errors.New("breakout: -watch/-join: this build has no network client; watch with breakout-watch.wasm (make wasm builds it with -tags watch; the page loads it for ?watch= and ?join=)")

// clientPlugin fails the app: this build has no network client.
func clientPlugin(string) glue.Plugin {
	return glue.PluginFunc(func(app *glue.App) { app.AddError(errNoClient) })
}

// predictPaddle predicts nothing: this build cannot join.
func predictPaddle() *glue.System { return glue.Func(nothing).Named("breakout.predictPaddle") }

// watchState is empty: this build cannot watch.
func watchState(struct{}) string { return "" }

// smooth interpolates nothing: this build cannot watch.
func smooth() *glue.System { return glue.Func(nothing).Named("breakout.smooth") }

// addRollback fails the app: this build has no network client;
// breakout-watch.wasm joins a rollback game (?join=…&rollback).
func addRollback(app *glue.App, _ Config) { app.AddError(errNoClient) }
