//go:build js

package main

import (
	"errors"

	"github.com/gluekit/glue"
)

// addServer fails the app: a browser cannot listen. (run refuses -serve
// in the browser before it gets here.)
func addServer(app *glue.App, _ string) {
	app.AddError(errors.New("breakout: -serve: a browser cannot listen for watchers; serve from a terminal and open the page with ?watch=ws://…"))
}
