//go:build js

// Package testpage publishes a browser test page's state to the page's
// script: window[name]() returns the newest state, and <body
// data-glue-ready> is set after the first frame, as the games do. It is
// shared by the test pages under web/ (gfxtest, uitest).
package testpage

import (
	"sync"
	"syscall/js"
)

// Page holds the newest state of one test page. The zero value is ready
// to use; Publish is concurrent-safe.
type Page struct {
	mu    sync.Mutex
	state string
	once  sync.Once
}

// Publish makes state the answer of window[name](); the first call also
// defines that function and marks the page ready after the frame.
func (p *Page) Publish(name, state string) {
	p.mu.Lock()
	p.state = state
	p.mu.Unlock()
	p.once.Do(func() {
		js.Global().Set(name, js.FuncOf(func(js.Value, []js.Value) any {
			p.mu.Lock()
			defer p.mu.Unlock()
			return p.state
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
