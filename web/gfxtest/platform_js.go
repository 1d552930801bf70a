//go:build js

package main

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"syscall/js"

	"github.com/gluekit/glue/modules/render"
)

// assetFS fetches the page's assets/ directory over HTTP.
func assetFS() fs.FS { return render.HTTPFS{Base: "assets/"} }

var page struct {
	sync.Mutex
	state string
	once  sync.Once
}

// report keeps window.gfxState()'s answer current and sets
// <body data-glue-ready> after the first frame, as the games do.
func report(s *Scene) {
	page.Lock()
	page.state = s.state()
	page.Unlock()
	page.once.Do(func() {
		js.Global().Set("gfxState", js.FuncOf(func(js.Value, []js.Value) any {
			page.Lock()
			defer page.Unlock()
			return page.state
		}))
		var done js.Func
		done = js.FuncOf(func(js.Value, []js.Value) any {
			done.Release()
			now := js.Global().Get("performance").Call("now").Int()
			js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", now)
			return nil
		})
		js.Global().Call("setTimeout", done, 0)
	})
}

// state returns the scene as JSON for window.gfxState().
func (s *Scene) state() string {
	q := make([]string, len(s.Errors))
	for i, e := range s.Errors {
		q[i] = fmt.Sprintf("%q", e)
	}
	return fmt.Sprintf(`{"frame":%d,"loaded":%d,"errors":[%s]}`, s.Frame, s.Loaded, strings.Join(q, ","))
}
