//go:build js

package main

import (
	"fmt"
	"syscall/js"

	"github.com/gluekit/glue"
)

// web is what the browser build adds (web_other.go: nothing): in
// glue.Draw, a system that tells the page the first frame is drawn
// (<body data-glue-ready>) and answers window.platformerState() with the
// phase and score, for the browser test.
func web() []*glue.System { return []*glue.System{glue.Func(publish)} }

var state string

func publish(p struct {
	Phase    glue.Res[glue.State[Phase]]
	Progress glue.Res[Progress]
}) {
	if state == "" {
		js.Global().Set("platformerState", js.FuncOf(func(js.Value, []js.Value) any { return state }))
		js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", js.Global().Get("performance").Call("now").Int())
	}
	state = fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d}`, p.Phase.Get().Get(), p.Progress.Get().Score, p.Progress.Get().Lives)
}
