package glue_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// A small sliding puzzle for the history tests: a token on a row of
// cells, pushed left or right one cell per move.
type (
	hToken    struct{ Cell int }
	hMoves    struct{ N int }
	hSettings struct{ Volume int } // kept by the history
	hDevice   struct{ Taps int }   // MachineLocal
	// hScript is the player: one key per tick ('<', '>', 'u' undo, 'r'
	// redo, '.' nothing, 'v' turn the volume up).
	hScript struct {
		Keys string
		At   int
	}
)

func (hDevice) MachineLocal() {}
func (hScript) MachineLocal() {}

// puzzle returns the app and the history it uses, after its first tick.
func puzzle(t *testing.T, size int, keys string) (*glue.App, *glue.History) {
	t.Helper()
	h := &glue.History{}
	app := glue.NewApp()
	app.InsertResource(hMoves{})
	app.InsertResource(hSettings{Volume: 5})
	app.InsertResource(hDevice{})
	app.InsertResource(hScript{Keys: "." + keys})
	app.AddPlugins(glue.HistoryPlugin{Size: size, Keep: []glue.Type{glue.TypeOf[hSettings]()}, History: h})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(hToken{Cell: 3}) }))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Script   glue.ResMut[hScript]
		Moves    glue.ResMut[hMoves]
		Settings glue.ResMut[hSettings]
		Device   glue.ResMut[hDevice]
		History  glue.ResMut[glue.HistoryRequest]
		Tokens   glue.Query1[*hToken]
	}) {
		s := p.Script.Get()
		if s.At >= len(s.Keys) {
			return
		}
		key := s.Keys[s.At]
		s.At++
		p.Device.Get().Taps++
		dir := 0
		switch key {
		case '<':
			dir = -1
		case '>':
			dir = 1
		case 'u':
			p.History.Get().Undo()
		case 'r':
			p.History.Get().Redo()
		case 'v':
			p.Settings.Get().Volume++
		}
		if dir != 0 {
			p.Tokens.Each(func(_ glue.Entity, tk *hToken) { tk.Cell += dir })
			p.Moves.Get().N++
			p.History.Get().Push() // after the move
		}
	}))
	t.Cleanup(app.Close)
	for range len(keys) + 1 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	return app, h
}

// state reads the puzzle between ticks.
func state(app *glue.App) string {
	cell := -1
	app.WithWorld(func(w *glue.World) error {
		w.Each(func(e glue.Entity, _ []glue.Type) {
			cell = w.Component(e, glue.TypeOf[hToken]()).(*hToken).Cell
		})
		return nil
	})
	return fmt.Sprintf("cell %d moves %d volume %d taps %d tick %d",
		cell, glue.Resource[hMoves](app).N, glue.Resource[hSettings](app).Volume,
		glue.Resource[hDevice](app).Taps, app.Tick())
}

// TestHistoryUndoRedo: moves pushed by a system are undone and redone at
// the end of the tick; the kept resource (settings), the MachineLocal one
// and the tick count stay.
func TestHistoryUndoRedo(t *testing.T) {
	cases := []struct{ keys, want string }{
		{">>>", "cell 6 moves 3 volume 5 taps 4 tick 4"},
		{">>>u", "cell 5 moves 2 volume 5 taps 5 tick 5"},
		{">>>uu", "cell 4 moves 1 volume 5 taps 6 tick 6"},
		{">>>uuu", "cell 3 moves 0 volume 5 taps 7 tick 7"},
		{">>>uuuu", "cell 3 moves 0 volume 5 taps 8 tick 8"}, // nothing left to undo
		{">>>uur", "cell 5 moves 2 volume 5 taps 7 tick 7"},
		{">>>uurrr", "cell 6 moves 3 volume 5 taps 9 tick 9"}, // nothing left to redo
		{">>>uu<r", "cell 3 moves 2 volume 5 taps 8 tick 8"},  // a move after an undo drops the redo
		{">v>vu", "cell 4 moves 1 volume 7 taps 6 tick 6"},    // settings stay
	}
	for _, c := range cases {
		app, _ := puzzle(t, 0, c.keys)
		if got := state(app); got != c.want {
			t.Errorf("keys %q: %s, want %s", c.keys, got, c.want)
		}
	}
}

// TestHistoryRing: a full ring forgets the oldest state.
func TestHistoryRing(t *testing.T) {
	app, h := puzzle(t, 3, ">>>>>uuuu")
	if got, want := state(app), "cell 6 moves 3 volume 5 taps 10 tick 10"; got != want {
		t.Errorf("%s, want %s (3 states: 8, 7, 6)", got, want)
	}
	if h.Len() != 3 || h.CanUndo() || !h.CanRedo() {
		t.Errorf("Len %d CanUndo %v CanRedo %v, want 3 false true", h.Len(), h.CanUndo(), h.CanRedo())
	}
}

// TestHistoryRequestCan: CanUndo and CanRedo tell systems what the
// history holds.
func TestHistoryRequestCan(t *testing.T) {
	app, _ := puzzle(t, 0, ">u")
	r := glue.Resource[glue.HistoryRequest](app)
	if r.CanUndo() || !r.CanRedo() || len(r.Pending()) != 0 {
		t.Errorf("CanUndo %v CanRedo %v Pending %v, want false true []", r.CanUndo(), r.CanRedo(), r.Pending())
	}
}

// TestHistoryInSystem: History's methods called from a system (an app
// captured by a closure) return an error saying to use HistoryRequest;
// they never save or restore mid-tick.
func TestHistoryInSystem(t *testing.T) {
	var h glue.History
	var errs []error
	app := glue.NewApp()
	app.AddSystems(glue.Update, glue.Func(func(glue.Commands) {
		_, undoErr := h.Undo(app)
		errs = append(errs, h.Push(app), undoErr)
	}))
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	for _, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "glue.HistoryRequest") {
			t.Errorf("from a system: %v, want an error naming glue.HistoryRequest", err)
		}
	}
	if h.Len() != 0 {
		t.Errorf("Len %d after refused Pushes, want 0", h.Len())
	}
	if err := h.Push(app); err != nil || h.Len() != 1 {
		t.Errorf("between ticks: Push %v, Len %d; want nil, 1", err, h.Len())
	}
}

// TestHistoryPluginSize: a size of 1 is a build error naming the option.
func TestHistoryPluginSize(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(glue.HistoryPlugin{Size: 1})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "HistoryPlugin.Size") {
		t.Fatalf("Build: %v, want an error naming HistoryPlugin.Size", err)
	}
}

// TestHistoryAllocs: once the ring is full and its checkpoints have
// grown, a tick that moves and pushes, and one that undoes, allocate
// nothing.
func TestHistoryAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	app, _ := puzzle(t, 4, ">>>>>>")
	s := glue.Resource[hScript](app)
	keys := []string{">", "u"}
	for _, k := range keys {
		allocs := testing.AllocsPerRun(50, func() {
			s.Keys, s.At = k, 0
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("a tick with key %q: %v allocations, want 0", k, allocs)
		}
	}
}
