//go:build js

package render

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall/js"
	"time"

	"github.com/gluekit/glue"
)

// page is what the game published to its web page.
var page struct {
	sync.Mutex
	states map[string]string // by window function name
	notice string
	ready  bool
}

// startHeapLimit bounds the Go heap while the collector waits for the
// first frame: a start that allocates more is collected as before.
const startHeapLimit = 64 << 20

// startGCWait is how long the collector waits for the first frame at
// most: a page that is never told of one gets the program's setting back.
const startGCWait = 10 * time.Second

// startGC holds the collector's setting (GOGC, GOMEMLIMIT) from before
// init, which markPageReady gives back once the first frame is out.
var startGC *gcHold

// init puts the garbage collector off until the first frame (up to
// startHeapLimit, for startGCWait at most). In the browser the first
// collection costs more than its marking: V8 compiles the collector's
// code, about 150 KB, on the main thread on its first call, and a start
// that crosses the first heap goal (4 MB), as the platformer's does, paid
// for both before its first frame (docs/web.md, "The collector after the
// first frame").
func init() {
	startGC = holdGC(startHeapLimit, startGCWait)
}

// pageSystems are markPageReady, in glue.PostDraw after FlushSystem.
func pageSystems() []*glue.System {
	return []*glue.System{glue.Func(markPageReady).After(FlushSystem)}
}

// markPageReady (glue.PostDraw) marks the page ready once the first frame
// is drawn. The draw stages only record the frame: Ebitengine issues it
// to WebGL at the end of the same animation frame (compiling the shaders
// it uses for the first time), so the page is told in a task queued now,
// which runs after that.
func markPageReady(struct{}) {
	page.Lock()
	defer page.Unlock()
	if page.ready {
		return
	}
	page.ready = true
	js.Global().Set("glueLiveHeap", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc)
	}))
	var done js.Func
	done = js.FuncOf(func(js.Value, []js.Value) any {
		done.Release()
		var gc debug.GCStats
		debug.ReadGCStats(&gc)
		startGC.release()
		now := js.Global().Get("performance").Call("now").Float()
		js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
		js.Global().Get("console").Call("log", fmt.Sprintf("glue: first frame at %.0f ms, after %d garbage collections", now, gc.NumGC))
		return nil
	})
	js.Global().Call("setTimeout", done, 0)
}

// PublishState makes state (JSON, say) the answer of the web page's
// window[name](), for its tests and scripts; the newest call wins. It is
// concurrent-safe. Outside the browser it does nothing.
func PublishState(name, state string) {
	page.Lock()
	defer page.Unlock()
	if _, ok := page.states[name]; !ok {
		if page.states == nil {
			page.states = map[string]string{}
		}
		js.Global().Set(name, js.FuncOf(func(js.Value, []js.Value) any {
			page.Lock()
			defer page.Unlock()
			return page.states[name]
		}))
	}
	page.states[name] = state
}

// PageNotice shows text over the web page, through the loader's
// window.glueNotice (web/static/loader.js); "" removes it. A repeated text
// is not shown again. Outside the browser, or on a page without the
// loader, it does nothing.
func PageNotice(text string) {
	page.Lock()
	defer page.Unlock()
	if text == page.notice {
		return
	}
	page.notice = text
	if f := js.Global().Get("glueNotice"); f.Type() == js.TypeFunction {
		f.Invoke(text)
	}
}
