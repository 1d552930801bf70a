//go:build js

package glue

import "time"

// stallWatch is nothing in the browser: the stall report (stall.go) is
// left out of the page's download (docs/web.md). A system that never
// returns is found by running the game natively, where the report names
// it.
type stallWatch struct{}

func (stallWatch) start(time.Duration) {}
func (stallWatch) stop()               {}
func (stallWatch) at(*stageDef)        {}
func (stallWatch) enter(uint64)        {}
func (stallWatch) leave()              {}

// goexited does nothing in the browser: a system that ends the goroutine
// running the game (runtime.Goexit) stops the page; natively the app
// names it (stall.go).
func (a *App) goexited(*stageDef, *planInfo) {}
