package tween_test

import (
	"image/color"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

// Label is a second tweened component type, beside Ball.
type Label struct{ Alpha float64 }

// TestUpdateTwoTypesInOneApp is issue #38's bug 1: two tween.Update[T]
// for different types in one stage failed Build with "added twice",
// since the generic system's name lacked its type argument.
func TestUpdateTwoTypesInOneApp(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, tween.Update[Ball](), tween.Update[Label]())
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatalf("Build: %v", err)
	}
	if got, want := tween.Update[Label]().Name(), "tween.Update[tween_test.Label]"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}

// TestRGBANeverWritesZero: a fade to the zero colour lands on Clear,
// which has alpha 0 but is not the zero value that colour fields read as
// their default (issue #38, bug 2).
func TestRGBANeverWritesZero(t *testing.T) {
	b := Ball{Tint: color.RGBA{255, 255, 255, 255}}
	tw := tween.Tween[Ball]{Prop: tint, Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 1, nil)}}
	tw.Advance(&b, 2)
	if b.Tint != tween.Clear || tween.Clear.A != 0 || tween.Clear == (color.RGBA{}) {
		t.Errorf("faded to %v, want tween.Clear %v (alpha 0, not zero)", b.Tint, tween.Clear)
	}
}

// TestGroup: issue #38's "several tweens on one entity and component,
// and an event when they finish": a Group moves and fades one Ball at
// once; each tween writes its Finished event, then the group its own,
// and the group is removed.
func TestGroup(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	defer app.Close()
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		e = c.Spawn(Ball{Tint: color.RGBA{255, 255, 255, 255}}, tween.Group[Ball]{Name: "pop", Tweens: []tween.Tween[Ball]{
			{Name: "move", Prop: pos, Steps: []tween.Step{tween.ToXY(30, 0, 0.5, nil)}},
			{Name: "fade", Prop: tint, Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 1, nil)}},
		}})
	}))
	app.AddSystems(glue.Update, tween.Update[Ball]())
	var ended []string
	app.AddSystems(glue.PostUpdate, glue.Func(func(r glue.Reader[tween.Finished]) {
		for _, f := range r.Read() {
			ended = append(ended, f.Name)
		}
	}))
	for range 30 { // half a second: the move is done, the fade half way
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	b := ball(app, e)
	if !near(b.X, 30) || b.Tint.A < 120 || b.Tint.A > 135 {
		t.Errorf("after 0.5 s: x %v, alpha %d; want 30 and about 128", b.X, b.Tint.A)
	}
	for range 31 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(ended, ","); got != "move,fade,pop" {
		t.Errorf("Finished events %q, want move,fade,pop", got)
	}
	if b := ball(app, e); b.Tint != tween.Clear {
		t.Errorf("faded to %v, want tween.Clear", b.Tint)
	}
	if _, ok := app.Component(e, glue.TypeOf[tween.Group[Ball]]()); ok {
		t.Error("the finished group is still on its entity")
	}
}

// TestUpdateAllocatesNothing: a tick of tween.Update over tweens and
// groups allocates nothing.
func TestUpdateAllocatesNothing(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(Ball{}, tween.Tween[Ball]{Prop: size, Steps: []tween.Step{tween.To(1, 1, nil)}, Loops: tween.Forever})
		c.Spawn(Ball{}, tween.Group[Ball]{Tweens: []tween.Tween[Ball]{{Prop: pos, Steps: []tween.Step{tween.ToXY(1, 1, 1, nil)}, Loops: tween.Forever}}})
	}))
	app.AddSystems(glue.Update, tween.Update[Ball]())
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(50, func() { app.Update() }); n != 0 {
		t.Errorf("a tick allocates %v times, want 0", n)
	}
}

// TestUpdateInADrawStageIsABuildError: tween.Update placed in glue.Draw
// played its tweens at the frame rate, silently (a stranger, 30 Nov):
// Build says where it belongs.
func TestUpdateInADrawStageIsABuildError(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Draw, tween.Update[Ball]())
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "system tween.Update[tween_test.Ball] writes") || !strings.Contains(err.Error(), "a draw stage") || !strings.Contains(err.Error(), "add the system to an update stage") {
		t.Fatalf("tween.Update in glue.Draw: %v; want a Build error naming it and the fix", err)
	}
}

// A Tween[T] or Group[T] spawned in an app that does not run
// tween.Update[T] fails the tick, naming the system to add; before, it
// did nothing, in silence. Update of another type does not run it.
func TestTweenWithoutItsUpdateFails(t *testing.T) {
	alpha := tween.Float(func(l *Label) *float64 { return &l.Alpha })
	for _, c := range []struct {
		name  string
		spawn func(glue.Commands)
		want  string
	}{
		{"Tween", func(c glue.Commands) {
			c.Spawn(Ball{}, tween.Tween[Ball]{Prop: pos, Steps: []tween.Step{tween.ToXY(30, 0, 0.5, nil)}})
		}, "tween.Update[tween_test.Ball]"},
		{"Group", func(c glue.Commands) {
			c.Spawn(Label{}, tween.Group[Label]{Tweens: []tween.Tween[Label]{{Prop: alpha, Steps: []tween.Step{tween.To(1, 0.5, nil)}}}})
		}, "tween.Update[tween_test.Label]"},
	} {
		app := glue.NewApp()
		app.AddPlugins(timer.Plugin{})
		if c.name == "Group" {
			app.AddSystems(glue.Update, tween.Update[Ball]()) // not Label's
		}
		app.AddStartup(glue.Func(c.spawn))
		var err error
		for range 3 {
			if err = app.Update(); err != nil {
				break
			}
		}
		if err == nil || !strings.Contains(err.Error(), "no stage runs "+c.want) || !strings.Contains(err.Error(), "app.AddSystems(glue.Update, "+c.want+"())") {
			t.Errorf("%s: Update returned %v, want an error naming %s and how to add it", c.name, err, c.want)
		}
		app.Close()
	}
}
