package glue_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

type Screen uint8

const (
	Title Screen = iota
	Play
	Pause
	Options
)

func (s Screen) String() string { return [...]string{"Title", "Play", "Pause", "Options"}[s] }

// screenApp is title → play → pause → options → back, logging every
// transition stage and the ticks the game's systems run in.
func screenApp(t *testing.T) (*glue.App, *[]func(*glue.NextState[Screen])) {
	app := newApp(t)
	app.InsertResource(Log{})
	glue.AddState(app, Title)
	for _, s := range []Screen{Title, Play, Pause, Options} {
		for _, st := range []glue.Stage{glue.OnEnter(s), glue.OnExit(s), glue.OnPause(s), glue.OnResume(s)} {
			app.AddSystems(st, logger(string(st)))
		}
	}
	app.AddSystems(glue.OnEnter(Play), glue.Func(func(c glue.Commands) {
		c.Spawn(A{1}, glue.StateScoped[Screen]{State: Play})
	}))
	app.AddSystems(glue.OnEnter(Pause), glue.Func(func(c glue.Commands) {
		c.Spawn(A{2}, glue.StateScoped[Screen]{State: Pause})
	}))
	app.AddSystems(Middle,
		glue.Func(func(l glue.ResMut[Log]) { l.Get().add("play") }).RunIf(glue.InState(Play)),
		glue.Func(func(l glue.ResMut[Log]) { l.Get().add("draw world") }).RunIf(glue.InStack(Play)),
	)
	var script []func(*glue.NextState[Screen])
	tick := 0
	app.AddSystems(First, glue.Func(func(n glue.ResMut[glue.NextState[Screen]]) {
		if tick < len(script) && script[tick] != nil {
			script[tick](n.Get())
		}
		tick++
	}))
	return app, &script
}

// overScript is the requests of a menu over a game, one per tick: play,
// then pause, options over it, back and back again; then the tail.
func overScript(tail ...func(*glue.NextState[Screen])) []func(*glue.NextState[Screen]) {
	return append([]func(*glue.NextState[Screen]){
		func(n *glue.NextState[Screen]) { n.Set(Play) },
		nil,
		func(n *glue.NextState[Screen]) { n.Push(Pause) },
		func(n *glue.NextState[Screen]) { n.Push(Options) },
		func(n *glue.NextState[Screen]) { n.Pop() },
		func(n *glue.NextState[Screen]) { n.Pop() },
	}, tail...)
}

func TestStateStackOverlay(t *testing.T) {
	app, script := screenApp(t)
	*script = overScript(
		func(n *glue.NextState[Screen]) { n.Push(Pause) },
		func(n *glue.NextState[Screen]) { n.Set(Title) },
	)
	steps := []struct {
		lines    []string
		state    Screen
		under    []Screen
		entities int
	}{
		{[]string{"OnEnter(glue_test.Screen.Title)"}, Title, nil, 0},
		{[]string{"OnExit(glue_test.Screen.Title)", "OnEnter(glue_test.Screen.Play)", "play", "draw world"}, Play, nil, 1},
		{[]string{"play", "draw world"}, Play, nil, 1},
		// The game is paused, not left: its entity stays, its OnExit
		// does not run, it still draws.
		{[]string{"OnPause(glue_test.Screen.Play)", "OnEnter(glue_test.Screen.Pause)", "draw world"}, Pause, []Screen{Play}, 2},
		{[]string{"OnPause(glue_test.Screen.Pause)", "OnEnter(glue_test.Screen.Options)", "draw world"}, Options, []Screen{Play, Pause}, 2},
		{[]string{"OnExit(glue_test.Screen.Options)", "OnResume(glue_test.Screen.Pause)", "draw world"}, Pause, []Screen{Play}, 2},
		// Resuming does not re-enter the game; the pause menu's entity
		// is gone.
		{[]string{"OnExit(glue_test.Screen.Pause)", "OnResume(glue_test.Screen.Play)", "play", "draw world"}, Play, nil, 1},
		{[]string{"OnPause(glue_test.Screen.Play)", "OnEnter(glue_test.Screen.Pause)", "draw world"}, Pause, []Screen{Play}, 2},
		// Set leaves the whole stack, top first.
		{[]string{"OnExit(glue_test.Screen.Pause)", "OnExit(glue_test.Screen.Play)", "OnEnter(glue_test.Screen.Title)"}, Title, nil, 0},
	}
	for i, want := range steps {
		glue.Resource[Log](app).lines = nil
		mustUpdate(t, app, 1)
		st := glue.Resource[glue.State[Screen]](app)
		if got := glue.Resource[Log](app).lines; !slices.Equal(got, want.lines) {
			t.Errorf("tick %d ran\n%q\nwant\n%q", i+1, got, want.lines)
		}
		if st.Get() != want.state || !slices.Equal(st.Under(), want.under) {
			t.Errorf("tick %d: state %v over %v, want %v over %v", i+1, st.Get(), st.Under(), want.state, want.under)
		}
		if app.Len() != want.entities {
			t.Errorf("tick %d: %d entities, want %d", i+1, app.Len(), want.entities)
		}
	}
}

func TestStateStackMisuse(t *testing.T) {
	for _, c := range []struct {
		name   string
		script []func(*glue.NextState[Screen])
		want   string
	}{
		{"pop the only state", []func(*glue.NextState[Screen]){func(n *glue.NextState[Screen]) { n.Pop() }},
			"glue: NextState[glue_test.Screen].Pop in Title, which has no state beneath it; Push the state you pop, or Set the next state"},
		{"push twice", []func(*glue.NextState[Screen]){
			func(n *glue.NextState[Screen]) { n.Push(Pause) },
			func(n *glue.NextState[Screen]) { n.Push(Title) }},
			"glue: NextState[glue_test.Screen].Push(Title), but Title is already on the state stack [Title Pause]; Pop back to it, or Set it to start over"},
	} {
		t.Run(c.name, func(t *testing.T) {
			app, script := screenApp(t)
			*script = c.script
			var err error
			for range 4 {
				if err = app.Update(); err != nil {
					break
				}
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Update error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestNextStatePopping(t *testing.T) {
	var n glue.NextState[Screen]
	n.Push(Pause)
	if s, ok := n.Pending(); !ok || s != Pause || n.Popping() {
		t.Errorf("after Push(Pause): Pending %v %v, Popping %v", s, ok, n.Popping())
	}
	n.Pop()
	if _, ok := n.Pending(); !ok || !n.Popping() {
		t.Errorf("after Pop: Pending ok %v, Popping %v; want both", ok, n.Popping())
	}
}

func TestStateAfter(t *testing.T) {
	app, script := screenApp(t)
	*script = overScript(func(n *glue.NextState[Screen]) { n.Set(Title) })
	// The script runs in First, after StateTransition: each request shows
	// in StateAfter once its tick ends, and in State a tick later.
	want := []Screen{Play, Play, Pause, Options, Pause, Play, Title, Title}
	for i, w := range want {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if got := glue.StateAfter[Screen](app); got != w {
			t.Errorf("tick %d: StateAfter %v, want %v (state %v)", i, got, w, glue.Resource[glue.State[Screen]](app).Get())
		}
	}
	if got := glue.StateAfter[Scene](glue.NewApp()); got != TitleScene {
		t.Errorf("StateAfter of an app without the state: %v, want the zero Scene", got)
	}
}
