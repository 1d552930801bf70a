//go:build !js

package net

import (
	"time"

	"github.com/gluekit/glue"
)

// The rollback session's ties to a relay server in the same app
// (rollback.go); server_js.go has the browser's, which has no server.

// serverResources are the resources of a server and its drain in the
// app, which a rollback session keeps out of its checkpoints: one side's
// own, not the game's state.
func serverResources() []glue.Type {
	return []glue.Type{glue.TypeOf[Server](), glue.TypeOf[Drain]()}
}

// holdSeats makes a relay server in the same app keep a lost player's
// seat for grace, the time the session waits for it, unless
// ServerConfig.ReconnectGrace says otherwise.
func holdSeats(app *glue.App, grace time.Duration, players int) {
	if srv := glue.Resource[Server](app); srv != nil && srv.s != nil && srv.s.cfg.ReconnectGrace == 0 {
		srv.s.cfg.ReconnectGrace = grace
	}
	// and grants the game's seats only (relay_server.go).
	if srv := glue.Resource[Server](app); srv != nil && srv.s != nil && srv.s.cfg.RelaySeats == 0 {
		srv.s.cfg.RelaySeats = players
	}
}
