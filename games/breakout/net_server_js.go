//go:build js

package main

import (
	"errors"

	"github.com/gluekit/glue"
)

// serverPlugin fails the app: a browser cannot listen. (run refuses -serve
// in the browser before it gets here.)
func serverPlugin(Config) glue.Plugin { return glue.PluginFunc(cannotServe) }

func cannotServe(app *glue.App) {
	app.AddError(errors.New("breakout: -serve: a browser cannot listen for watchers; serve from a terminal and open the page with ?watch=ws://…"))
}

// sendSystems are none: there is no server to send with.
func sendSystems() []*glue.System { return nil }
