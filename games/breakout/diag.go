//go:build !js || diag || watch

package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
)

// hasDiag says the build has the diagnostics overlay: every native build,
// and the browser's with -tags diag (breakout-diag.wasm, which the page
// loads for ?diag) or -tags watch (the watcher's, whose overlay shows the
// network's figures). The browser's play build leaves it out (diag_js.go).
const hasDiag = true

// addDiag adds the diagnostics overlay and inspector (F3: figures, F4:
// inspector, F6: pause, F7: step), both shown from the start with -diag.
func addDiag(app *glue.App, cfg Config) {
	app.AddPlugins(diag.Plugin{Show: cfg.Diag, Inspect: cfg.Diag, Select: "Ball", Top: HUDH})
}
