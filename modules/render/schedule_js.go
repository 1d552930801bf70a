//go:build js

package render

import (
	"fmt"
	"io"

	"github.com/gluekit/glue"
)

// writeSchedule is -schedule in the browser, which has no terminal to
// print it to: it says where to run it instead. The browser build leaves
// glue's schedule printer out (glue.App.WriteDescription and what it
// calls, about 6 KB of Breakout's brotli download).
func writeSchedule(_ *glue.App, w io.Writer) {
	fmt.Fprintln(w, "-schedule: the browser build does not print the schedule; run the game natively with -schedule")
}
