//go:build js

package main

import (
	"fmt"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// web is what the browser build adds (web_other.go: nothing): in
// glue.Draw, a system that answers window.platformerState() with the
// phase, score and where its menu is (ui.ShownJSON), for the browser test (render.Plugin tells the page
// when the first frame is drawn).
func web() []*glue.System { return []*glue.System{glue.Func(publish)} }

func publish(p struct {
	Phase    glue.Res[glue.State[Phase]]
	Progress glue.Res[Progress]
	Menus    glue.Query1[ui.Menu]
}) {
	render.PublishState("platformerState", fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d,"menu":%s}`, p.Phase.Get().Get(), p.Progress.Get().Score, p.Progress.Get().Lives, ui.ShownJSON(p.Menus)))
}
