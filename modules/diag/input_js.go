//go:build js

package diag

import (
	"sync"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// In the browser, frames can be slow — a software WebGL draws the overlay
// at a few frames per second — and Ebitengine samples the keys once a
// frame, so a tap between two frames would be lost. The page's keydown
// and mousedown events are never lost: the plugin counts them, from a
// listener on the document, and the next frame takes them.
var page struct {
	once   sync.Once
	mu     sync.Mutex
	keys   map[string]int // presses by KeyboardEvent.code, not yet taken
	clicks int
}

// listen installs the document's listeners, once.
func listen() {
	page.once.Do(func() {
		page.keys = map[string]int{}
		doc := js.Global().Get("document")
		doc.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
			if e := args[0]; !e.Get("repeat").Bool() {
				page.mu.Lock()
				page.keys[e.Get("code").String()]++
				page.mu.Unlock()
			}
			return nil
		}), true)
		doc.Call("addEventListener", "mousedown", js.FuncOf(func(_ js.Value, args []js.Value) any {
			if args[0].Get("button").Int() == 0 {
				page.mu.Lock()
				page.clicks++
				page.mu.Unlock()
			}
			return nil
		}), true)
	})
}

// domCode returns the KeyboardEvent.code of an Ebitengine key: "KeyA" for
// A, "Digit1" for 1, the key's own name ("F3", "Space") otherwise.
func domCode(k ebiten.Key) string {
	n := k.String()
	if len(n) == 1 {
		switch c := n[0]; {
		case c >= 'A' && c <= 'Z':
			return "Key" + n
		case c >= '0' && c <= '9':
			return "Digit" + n
		}
	}
	return n
}

// pagePressed reports whether the page saw k pressed since the last call
// for it, and takes the press.
func pagePressed(k ebiten.Key) (pressed, ok bool) {
	listen()
	code := domCode(k)
	page.mu.Lock()
	defer page.mu.Unlock()
	n := page.keys[code]
	page.keys[code] = 0
	return n > 0, true
}

// pageClicked reports whether the page saw a left click since the last
// call, and takes it.
func pageClicked() (clicked, ok bool) {
	listen()
	page.mu.Lock()
	defer page.mu.Unlock()
	n := page.clicks
	page.clicks = 0
	return n > 0, true
}

// pageForget drops every press and click the page saw and no frame took
// yet (the toggles are taken before it is called).
func pageForget() {
	page.mu.Lock()
	defer page.mu.Unlock()
	clear(page.keys)
	page.clicks = 0
}
