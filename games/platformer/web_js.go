//go:build js

package main

import (
	"fmt"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// web is what the browser build adds (web_other.go: nothing): in
// glue.Draw, a system that answers window.platformerState() with the
// phase and score, for the browser test (render.Plugin tells the page
// when the first frame is drawn).
func web() []*glue.System { return []*glue.System{glue.Func(publish)} }

func publish(p struct {
	Phase    glue.Res[glue.State[Phase]]
	Progress glue.Res[Progress]
}) {
	render.PublishState("platformerState", fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d}`, p.Phase.Get().Get(), p.Progress.Get().Score, p.Progress.Get().Lives))
}
