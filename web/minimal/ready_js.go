//go:build js

package main

import (
	"fmt"
	"syscall/js"
)

// firstFrame sets <body data-glue-ready="ms since navigation">, as glue
// games do, for the loader and the browser test: in a task queued now,
// which runs after Ebitengine has issued the frame to WebGL.
func firstFrame() {
	var done js.Func
	done = js.FuncOf(func(js.Value, []js.Value) any {
		done.Release()
		now := js.Global().Get("performance").Call("now").Float()
		js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
		return nil
	})
	js.Global().Call("setTimeout", done, 0)
}
