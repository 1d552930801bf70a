//go:build js && !watch

package main

import "github.com/gluekit/glue"

// addRollback fails the app: the browser's game build has no network
// client (see net_nowatch_js.go); breakout-watch.wasm joins a rollback
// game (?join=…&rollback).
func addRollback(app *glue.App, _ Config) { app.AddError(errNoClient) }
