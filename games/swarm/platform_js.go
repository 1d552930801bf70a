//go:build js

package main

import (
	"fmt"
	"syscall/js"

	"github.com/gluekit/glue"
)

// webSystems are the browser's systems, in glue.Draw: the page is told
// when the first frame is drawn (<body data-glue-ready="ms since
// navigation">), which ends its loading screen.
func webSystems() []*glue.System { return []*glue.System{glue.Func(signalFirstFrame)} }

// signalFirstFrame marks the page ready after the first frame is drawn.
func signalFirstFrame(drawn glue.Local[bool]) {
	if *drawn.Get() {
		return
	}
	*drawn.Get() = true
	now := js.Global().Get("performance").Call("now").Float()
	js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
}
