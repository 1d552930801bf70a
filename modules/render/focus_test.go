package render_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// focusGame returns a game whose window focus a test sets, and its
// tick counter.
func focusGame(t *testing.T, win *render.Window) (g *render.Game, focused *bool, ticks *int) {
	t.Helper()
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	if win != nil {
		app.InsertResource(*win)
	}
	ticks, focused = new(int), new(bool)
	app.AddSystems(glue.Update, glue.Func(func(glue.Commands) { *ticks++ }))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	glue.Resource[render.Focus](app).Source = func() bool { return *focused }
	t.Cleanup(app.Close)
	return render.NewGame(app), focused, ticks
}

// TestFocusLossPauses (issue #40 item 4): a single-player game runs no
// tick while its window has lost the focus (or its page is hidden) and
// goes on when it is back; a window that never had the focus (Xvfb)
// runs; a networked game (RunUnfocused) runs throughout.
func TestFocusLossPauses(t *testing.T) {
	steps := []struct {
		focused bool
		want    int // ticks run so far
	}{
		{false, 1}, // never focused yet: runs
		{true, 2},
		{true, 3},
		{false, 3}, // lost: paused
		{false, 3},
		{true, 4}, // back
	}
	for _, win := range []*render.Window{{Width: 10, Height: 10}, nil, {Width: 10, Height: 10, RunUnfocused: true}} {
		g, focused, ticks := focusGame(t, win)
		for i, st := range steps {
			*focused = st.focused
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			want := st.want
			if win != nil && win.RunUnfocused {
				want = i + 1
			}
			if *ticks != want {
				t.Errorf("window %+v, step %d (focused %v): %d ticks, want %d", win, i, st.focused, *ticks, want)
			}
			f := glue.Resource[render.Focus](g.App())
			if f.Focused != st.focused || f.Lost != (i == 3 || i == 4) {
				t.Errorf("step %d: Focus %+v, want focused %v, lost %v", i, *f, st.focused, i == 3 || i == 4)
			}
		}
	}
}

// TestFocusPauseNotice (issue #40 item 4): a game paused by focus loss
// shows render.PauseNotice over the world (a line on a box), and stops
// showing it when the focus is back; a game that runs unfocused shows
// nothing.
func TestFocusPauseNotice(t *testing.T) {
	for _, win := range []*render.Window{nil, {Width: 10, Height: 10, RunUnfocused: true}} {
		g, focused, _ := focusGame(t, win)
		f := glue.Resource[render.Focus](g.App())
		frame := func(what string, isFocused, want bool) {
			t.Helper()
			*focused = isFocused
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			if err := g.App().Draw(); err != nil {
				t.Fatal(err)
			}
			shown := glue.Resource[render.DrawList](g.App()).Stats().Vertices > 0 // the game itself draws nothing
			if f.Paused() != want || shown != want {
				t.Errorf("window %+v, %s: Paused %v, notice drawn %v; want %v", win, what, f.Paused(), shown, want)
			}
		}
		frame("focused", true, false)
		frame("lost", false, win == nil)
		frame("still lost", false, win == nil)
		frame("back", true, false)
	}
}

// TestFocusLossOpensThePauseMenu (issue #40 item 4): a game whose Window
// says PauseMenu runs one more tick when the focus is lost, with
// Focus.JustLost set, in which PauseOnFocusLoss pushes its paused state
// (entered in that tick, so its menu shows in the frame after), then no
// tick until the focus is back; no PauseNotice is drawn over its menu. A
// state not in the list (a title menu) is not paused, and a networked
// game (RunUnfocused) is never paused.
func TestFocusLossOpensThePauseMenu(t *testing.T) {
	type phase int
	const (
		title phase = iota
		playing
		paused
	)
	for _, c := range []struct {
		name  string
		win   render.Window
		from  phase
		ticks int   // ticks run over the steps below
		want  phase // the state after them
	}{
		{"single-player", render.Window{Width: 10, Height: 10, PauseMenu: true}, playing, 3, paused},
		{"in the title menu", render.Window{Width: 10, Height: 10, PauseMenu: true}, title, 3, title},
		{"networked", render.Window{Width: 10, Height: 10, PauseMenu: true, RunUnfocused: true}, playing, 4, playing},
	} {
		app := glue.NewApp()
		app.AddPlugins(render.Plugin{})
		app.InsertResource(c.win)
		glue.AddState(app, c.from)
		entered := 0
		ticks := 0
		app.AddSystems(glue.First, render.PauseOnFocusLoss(paused, playing))
		app.AddSystems(glue.OnEnter(paused), glue.Func(func(glue.Commands) { entered++ }))
		app.AddSystems(glue.Update, glue.Func(func(glue.Commands) { ticks++ }))
		if err := app.Build(); err != nil {
			t.Fatal(err)
		}
		focused := true
		f := glue.Resource[render.Focus](app)
		f.Source = func() bool { return focused }
		g := render.NewGame(app)
		for i, focus := range []bool{true, false, false, true} {
			focused = focus
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			if want := i == 1 && !c.win.RunUnfocused; f.JustLost != want {
				t.Errorf("%s, step %d: JustLost %v, want %v", c.name, i, f.JustLost, want)
			}
			if i == 1 && c.want == paused && (entered != 1 || glue.Resource[glue.State[phase]](app).Get() != paused) {
				t.Errorf("%s: in the tick after the loss, paused entered %d times, state %v; want entered in that tick", c.name, entered, glue.Resource[glue.State[phase]](app).Get())
			}
			if err := app.Draw(); err != nil {
				t.Fatal(err)
			}
			if n := glue.Resource[render.DrawList](app).Stats().Vertices; n > 0 {
				t.Errorf("%s, step %d: %d vertices drawn: the pause notice over the game's own menu", c.name, i, n)
			}
		}
		if ticks != c.ticks || glue.Resource[glue.State[phase]](app).Get() != c.want {
			t.Errorf("%s: %d ticks, state %v; want %d ticks, state %v", c.name, ticks, glue.Resource[glue.State[phase]](app).Get(), c.ticks, c.want)
		}
		app.Close()
	}
}

// TestFocusLossLeavesAScriptedScreenshotRunning: a run that takes a
// screenshot after a number of ticks (-screenshot, the docs' pictures,
// the games' TestMains) has no player to pause for; it ticks on when its
// window loses the focus (another test's window opening in the same X
// server took it, and Breakout's TestMain waited forever in CI), and the
// focus pause applies again once the capture is taken.
func TestFocusLossLeavesAScriptedScreenshotRunning(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Screenshot: render.Screenshot{Frames: 5}})
	ticks, focused := 0, true
	app.AddSystems(glue.Update, glue.Func(func(glue.Commands) { ticks++ }))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	glue.Resource[render.Focus](app).Source = func() bool { return focused }
	g := render.NewGame(app)
	for i := range 8 {
		focused = i < 2 // had the focus, then lost it
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if ticks != 5 {
		t.Errorf("%d ticks before the capture with the focus lost after 2, want 5 (the capture's tick: it waits there for its frame)", ticks)
	}
	glue.Resource[render.Screenshot](app).Done = true // the capture taken
	for i, f := range []bool{true, false, false} {
		focused = f
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if want := 6; ticks != want {
			t.Errorf("after the capture, update %d (focused %v): %d ticks, want %d (focused once, then paused)", i, f, ticks, want)
		}
	}
	if !glue.Resource[render.Focus](app).Lost {
		t.Errorf("after the capture the focus loss pauses again: Focus %+v, want Lost", *glue.Resource[render.Focus](app))
	}
}
