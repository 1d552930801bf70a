//go:build !js

package render

import (
	"io"

	"github.com/gluekit/glue"
)

// writeSchedule is -schedule: the app's schedule (glue.App.WriteDescription).
func writeSchedule(app *glue.App, w io.Writer) { app.WriteDescription(w) }
