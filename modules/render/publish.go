package render

import (
	"runtime"

	"github.com/gluekit/glue"
)

// publishing is whether Publish's systems publish: in the browser only
// (a test turns it on).
var publishing = runtimeIsJS

// runtimeIsJS is whether the program runs in the browser.
const runtimeIsJS = runtime.GOOS == "js"

// Publish returns a system that keeps the web page's window[name]()
// answering the text state makes of the system's params P ([PublishState]):
// the game's state as JSON, say, for the page's scripts and browser tests.
// It calls state in its first run and then in every every-th run (6: ten
// times a second at 60 ticks a second), so that building the text costs
// little. P is a system's params (a struct of glue.Res and the like).
// Outside the browser the system does nothing and state is never called.
// Its name is "render.Publish(" + name + ")".
//
//	app.AddSystems(HUD, render.Publish("gameState", 6, func(p struct{ Score glue.Res[Score] }) string {
//		return fmt.Sprintf(`{"score":%d}`, p.Score.Get().N)
//	}))
func Publish[P any](name string, every int, state func(P) string) *glue.System {
	every = max(1, every)
	return glue.Func(func(p struct {
		P P
		N glue.Local[int]
	}) {
		if !publishing {
			return
		}
		if n := p.N.Get(); *n%every == 0 {
			PublishState(name, state(p.P))
		}
		*p.N.Get()++
	}).Named("render.Publish(" + name + ")")
}
