package glue_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// The misuses that used to build and then do nothing, or the wrong thing,
// silently (issue 23). Each is a build error now.

// Frame is a draw-only resource, as render.DrawList is.
type Frame struct{ Items []int }

func (Frame) DrawOnly() {}

type Mode int

// Clock and Motion are advanced by ticks, as timer.Time and
// tween.Tween are.
type (
	Clock  struct{ Ticks int }
	Motion struct{ V float64 }
)

func (Clock) TickOnly()  {}
func (Motion) TickOnly() {}

type Target struct{}

func TestSilentMisuseIsABuildError(t *testing.T) {
	t.Run("With on a global system", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(q glue.Query1[*Pos]) {}).Named("Follow").With(glue.TypeOf[Target]()))
		wantBuildError(t, app, "system Follow is a global system (Func) filtered with With or Without, which only entity systems (EachN, BatchN) honour")
	})
	t.Run("Without on a global system", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(q glue.Query1[*Pos]) {}).Named("Follow").Without(glue.TypeOf[Target]()))
		wantBuildError(t, app, "system Follow is a global system (Func) filtered with With or Without")
	})
	t.Run("InState without AddState", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Play").RunIf(glue.InState(Mode(1))))
		wantBuildError(t, app, "system Play: its condition InState(glue_test.Mode(1)) names a state of type glue_test.Mode, which the app does not have, so it never holds; add the state machine with glue.AddState(app, initial)")
	})
	t.Run("InStack without AddState", func(t *testing.T) {
		// It built, and the system never ran (a stranger's report).
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Play").RunIf(glue.InStack(Mode(1))))
		wantBuildError(t, app, "system Play: its condition InStack(glue_test.Mode(1)) names a state of type glue_test.Mode")
	})
	t.Run("Not(InState) without AddState", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Play").RunIf(glue.Not(glue.InState(Mode(1)))))
		wantBuildError(t, app, "its condition InState(glue_test.Mode(1)) names a state")
	})
	t.Run("nil function", func(t *testing.T) {
		// It built, and failed its first tick as "system <nil>: panic".
		var f func(glue.Commands)
		var g func(glue.Commands, glue.Res[Game])
		var h func(glue.Entity, *Pos)
		app := newApp(t)
		app.AddSystems(First, glue.Func(f), glue.Func2(g), glue.Each1(h))
		err := app.Build()
		if err == nil {
			t.Fatal("Build succeeded")
		}
		if n := strings.Count(err.Error(), "silent_test.go:"); n != 3 {
			t.Errorf("want the three nil functions named by where they were given:\n%v", err)
		}
		if !strings.Contains(err.Error(), "is nil; pass the system's function") {
			t.Errorf("no fix in:\n%v", err)
		}
	})
	t.Run("named empty struct as the param", func(t *testing.T) {
		// It built and ran once a tick: the stranger meant each Target.
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(Target) {}).Named("Chase"))
		wantBuildError(t, app, "system Chase", "type glue_test.Target, which is not a system param", "take glue.Query1[glue_test.Target] or make the system with glue.Each1(func(glue.Entity, glue_test.Target))")
	})
	t.Run("InState with a state shown from elsewhere", func(t *testing.T) {
		app := newApp(t)
		app.InsertResource(glue.StateOf(Mode(1)))
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Play").RunIf(glue.InState(Mode(1))))
		if err := app.Build(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("draw system in an update stage", func(t *testing.T) {
		app := newApp(t)
		app.InsertResource(Frame{})
		app.AddSystems(Last, glue.Func(func(f glue.ResMut[Frame]) {}).Named("DrawHUD"))
		app.AddStartup(glue.Func(func(f glue.ResMut[Frame]) {}).Named("DrawTitle"))
		app.AddSystems(glue.Draw, glue.Func(func(f glue.ResMut[Frame]) {}).Named("DrawOK"))
		wantBuildError(t, app,
			"system DrawHUD writes glue_test.Frame in stage last, an update stage, but glue_test.Frame is for draw stages only (it is emptied once per frame, so it would grow every tick); add the system to glue.Draw",
			"system DrawTitle writes glue_test.Frame in startup")
		if strings.Contains(app.Build().Error(), "DrawOK") {
			t.Error("a draw system in glue.Draw was reported")
		}
	})
	t.Run("tick system in a draw stage", func(t *testing.T) {
		// A stranger put a module's tick system in glue.Draw: it ran at
		// the frame rate, without a word (30 Nov).
		app := newApp(t)
		app.InsertResource(Clock{})
		app.AddSystems(glue.Draw, glue.Func(func(c glue.ResMut[Clock]) {}).Named("Advance"))
		app.AddSystems(glue.PostDraw, glue.Each1(func(_ glue.Entity, m *Motion) {}).Named("Move"))
		app.AddSystems(glue.Draw, glue.Func2(func(c glue.Res[Clock], q glue.Query1[Motion]) {}).Named("ReadOK"))
		app.AddSystems(glue.Update, glue.Func(func(c glue.ResMut[Clock]) {}).Named("TickOK"))
		app.AddStartup(glue.Func(func(c glue.ResMut[Clock]) {}).Named("StartOK"))
		wantBuildError(t, app,
			"system Advance writes resource glue_test.Clock in stage Draw, a draw stage, but resource glue_test.Clock is advanced by ticks: a draw stage runs once a frame",
			"add the system to an update stage",
			"system Move writes glue_test.Motion in stage PostDraw")
		for _, ok := range []string{"ReadOK", "TickOK", "StartOK"} {
			if strings.Contains(app.Build().Error(), ok) {
				t.Errorf("%s was reported", ok)
			}
		}
	})
	for _, c := range []struct {
		name string
		cond glue.Condition
		want string
	}{
		{"Commands in a params struct", glue.If(func(p struct {
			Game glue.Res[Game]
			Cmds glue.Commands
		}) bool {
			return true
		}), "takes Cmds (glue.Commands); conditions only read"},
		{"Writer", glue.If(func(w glue.Writer[Hit]) bool { return true }), "takes glue.Writer[glue_test.Hit]; conditions only read"},
		{"Local", glue.If(func(l glue.Local[int]) bool { return true }), "takes glue.Local[int]; conditions only read"},
		{"nested ResMut", glue.If(func(p struct{ In struct{ G glue.ResMut[Game] } }) bool { return true }), "takes In.G (glue.ResMut[glue_test.Game])"},
	} {
		t.Run("condition with "+c.name, func(t *testing.T) {
			app := newApp(t)
			app.InsertResource(Game{})
			app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Guarded").RunIf(c.cond))
			wantBuildError(t, app, "system Guarded: condition If(glue_test.TestSilentMisuseIsABuildError) "+c.want)
		})
	}
}

// An error added after Build is returned by Build and fails the next
// Update; it used to disappear.
func TestAddErrorAfterBuild(t *testing.T) {
	app := newApp(t)
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	late := errors.New("module: lost its device; plug it in")
	app.AddError(late)
	if err := app.Build(); !errors.Is(err, late) {
		t.Fatalf("Build = %v, want the late error", err)
	}
	if err := app.Update(); !errors.Is(err, late) {
		t.Fatalf("Update = %v, want the late error", err)
	}
}

// A condition whose resource is missing fails the tick, as the system's
// own Res would; it was false for ever, and the system never ran.
func TestConditionWithAMissingResourceFails(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Bank").RunIf(glue.If(func(g glue.Res[Gold]) bool { return g.Get().N > 0 })))
	err := app.Update()
	var se *glue.SystemError
	if !errors.As(err, &se) || se.System != "Bank" {
		t.Fatalf("Update = %v, want a SystemError of Bank", err)
	}
	for _, want := range []string{"condition If(glue_test.TestConditionWithAMissingResourceFails)", "glue_test.Gold"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

// TestMissingStateMachineNamesAddState: a system that takes a State or
// NextState of a type the app never added was told to insert the
// resource with InsertResource, which leaves the state machine without
// its transitions (a stranger followed it, 30 Nov): the error names
// glue.AddState.
func TestMissingStateMachineNamesAddState(t *testing.T) {
	for _, sys := range []*glue.System{
		glue.Func(func(n glue.ResMut[glue.NextState[Mode]]) { n.Get().Set(1) }).Named("Go"),
		glue.Func(func(s glue.Res[glue.State[Mode]]) {}).Named("Go"),
	} {
		app := newApp(t)
		app.AddSystems(glue.Update, sys)
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "system Go") || !strings.Contains(err.Error(), "add it with glue.AddState(app, initial)") || strings.Contains(err.Error(), "InsertResource") {
			t.Errorf("a state machine's resource without AddState: %v; want the error to name glue.AddState, not InsertResource", err)
		}
	}
}

// TestParamHintsForGlueTypes: a pointer to a param, and a batch
// system's View in a Func, were told to take them as resources
// (glue.Res[glue.Query1[…]]), a fix that cannot work (a stranger, 30 Nov).
func TestParamHintsForGlueTypes(t *testing.T) {
	app := newApp(t)
	app.AddSystems(glue.Update,
		glue.Func(func(q *glue.Query1[*Pos]) {}).Named("Ptr"),
		glue.Func(func(v glue.View[Pos]) {}).Named("Viewer"),
	)
	wantBuildError(t, app, "take glue.Query1[*glue_test.Pos] itself, not a pointer to it", "glue.View, glue.Column and glue.Entities are the params of a BatchN system's function")
	if strings.Contains(app.Build().Error(), "glue.Res[glue.") {
		t.Errorf("a glue param offered as a resource: %v", app.Build())
	}
}
