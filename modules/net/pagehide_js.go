//go:build js

package net

import "syscall/js"

// onPageHide calls fn when the page is hidden to be closed, reloaded or
// left for another (the window's pagehide event): the last moment a
// page's code runs, and its WebSockets are still open. fn runs on the
// page's event loop, where it must not wait (the page goes on only when
// it returns, and nothing it would wait for runs meanwhile). remove takes
// the listener away. Outside a page (Node.js) it does nothing.
func onPageHide(fn func()) (remove func()) {
	win := js.Global().Get("window")
	if win.Type() != js.TypeObject {
		return func() {}
	}
	f := js.FuncOf(func(js.Value, []js.Value) any {
		fn()
		return nil
	})
	win.Call("addEventListener", "pagehide", f)
	return func() {
		win.Call("removeEventListener", "pagehide", f)
		f.Release()
	}
}

// onVisibility calls fn with true when the page is hidden (its tab goes
// to the background, the browser is minimised: the document's
// visibilitychange event), and with false when it is shown again. A
// hidden page runs no animation frame, so its game runs no tick; fn runs
// on the page's event loop. remove takes the listener away. Outside a
// page (Node.js) it does nothing.
func onVisibility(fn func(hidden bool)) (remove func()) {
	doc := js.Global().Get("document")
	if doc.Type() != js.TypeObject {
		return func() {}
	}
	f := js.FuncOf(func(js.Value, []js.Value) any {
		fn(doc.Get("visibilityState").String() == "hidden")
		return nil
	})
	doc.Call("addEventListener", "visibilitychange", f)
	return func() {
		doc.Call("removeEventListener", "visibilitychange", f)
		f.Release()
	}
}
