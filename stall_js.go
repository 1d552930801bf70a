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
