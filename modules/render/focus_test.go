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
