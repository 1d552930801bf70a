//go:build js && !diag && !watch

package main

import "github.com/gluekit/glue"

// The browser's play build (breakout.wasm) leaves the diagnostics
// overlay out: modules/diag is 365 KB of the file, 58 KB (-q 11) to
// 74 KB (-q 5) of its brotli download (docs/web.md, "Size"). The page
// loads breakout-diag.wasm (-tags diag, make wasm-diag) for ?diag, and
// -diag here says so.

// hasDiag says the build has the diagnostics overlay (diag.go).
const hasDiag = false

// addDiag has no overlay to add in this build.
func addDiag(*glue.App, Config) {}
