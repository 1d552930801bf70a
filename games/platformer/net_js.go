//go:build js

package main

import (
	"errors"

	"github.com/gluekit/glue"
)

// addRollback fails the app: the browser build leaves the network code
// out (see net.go), which would add net/http and TLS to the wasm file.
func addRollback(app *glue.App, _ Config) {
	app.AddError(errors.New("platformer: -rollback: the browser build does not play online; play online from a terminal: go run ./games/platformer -join ws://host:port -rollback"))
}
