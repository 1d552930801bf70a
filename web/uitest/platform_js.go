//go:build js

package main

import (
	"encoding/json"
	"sync"
	"syscall/js"
)

var page struct {
	sync.Mutex
	state string
	once  sync.Once
}

// report keeps window.uiState()'s answer current and sets
// <body data-glue-ready> after the first frame, as the games do.
func report(s *State) {
	b, _ := json.Marshal(s)
	page.Lock()
	page.state = string(b)
	page.Unlock()
	page.once.Do(func() {
		js.Global().Set("uiState", js.FuncOf(func(js.Value, []js.Value) any {
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
