//go:build js

package main

import (
	"fmt"
	"syscall/js"
)

// firstFrame sets <body data-glue-ready="ms since navigation">, as glue
// games do, for the loader and the browser test.
func firstFrame() {
	now := js.Global().Get("performance").Call("now").Float()
	js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
}
