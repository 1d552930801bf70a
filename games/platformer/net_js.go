//go:build js

package main

import (
	"errors"
	"flag"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// onlineFlags are none in the browser build: a page does not play online
// (net.go's flags would add netflags' checks, 28 KB of the compressed
// wasm file).
type onlineFlags struct{}

func addOnlineFlags(*flag.FlagSet) *onlineFlags   { return &onlineFlags{} }
func (*onlineFlags) check(*render.Problems, bool) {}
func (*onlineFlags) apply(*Config)                {}

// addRollback fails the app: the browser build leaves the network code
// out (see net.go), which would add net/http and TLS to the wasm file.
func addRollback(app *glue.App, _ Config) {
	app.AddError(errors.New(Name + ": -rollback: the browser build does not play online; play online from a terminal: go run ./games/platformer -join ws://host:port -rollback"))
}

// explainOnline leaves every line to render.Command: the browser build
// does not play online.
func explainOnline(string) func(error) string { return nil }
