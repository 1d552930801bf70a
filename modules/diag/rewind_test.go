package diag_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
)

// scoreApp is a game whose saved score counts its ticks, with the
// overlay shown and drawn headless.
func scoreApp(t *testing.T, p diag.Plugin) (*glue.App, *diag.Overlay) {
	reg := codec.NewRegistry()
	codec.Register[Score](reg)
	app := glue.NewApp()
	p.Show = true
	app.AddPlugins(render.Plugin{}, p,
		save.Plugin{Game: "test", Registry: reg, Resources: []glue.Type{glue.TypeOf[Score]()}, Store: &save.Memory{}})
	app.InsertResource(Score{})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[Score]) { s.Get().N++ }))
	t.Cleanup(app.Close)
	return app, glue.Resource[diag.Overlay](app)
}

// frame draws a frame and runs a tick, as a renderer does.
func frame(t *testing.T, app *glue.App) {
	t.Helper()
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
}

func TestRewindBranchesAndForgets(t *testing.T) {
	app, o := scoreApp(t, diag.Plugin{RewindEvery: 4})
	for range 40 {
		frame(t, app)
	}
	if err := o.Rewind(0); err == nil {
		t.Error("Rewind(0): no error")
	}
	if err := o.Rewind(41); err == nil {
		t.Error("Rewind(41) past the history: no error")
	}
	if err := o.Rewind(10); err != nil {
		t.Fatal(err)
	}
	for i := 0; o.Rewinding() && i < 20; i++ {
		frame(t, app)
		if _, _, at, _ := o.History(); at == 10 {
			break
		}
	}
	if n := glue.Resource[Score](app).N; n != 10 {
		t.Fatalf("rewound to tick 10, the score is %d", n)
	}
	// Forward one tick, from the tick shown: no restore.
	o.Rewind(11)
	frame(t, app)
	frame(t, app)
	if _, _, at, _ := o.History(); at != 11 || glue.Resource[Score](app).N != 11 {
		t.Fatalf("a tick forward: at %d, score %d", at, glue.Resource[Score](app).N)
	}
	// Resumed: a new branch from tick 11; the history after it is gone.
	app.Resume()
	for range 5 {
		frame(t, app)
	}
	if _, last, at, _ := o.History(); last != 16 || at != 16 || glue.Resource[Score](app).N != 16 {
		t.Errorf("resumed at 11 and played 5 ticks: history to %d, at %d, score %d; want 16", last, at, glue.Resource[Score](app).N)
	}
	// Hidden, the history is dropped.
	o.Show(false)
	frame(t, app)
	if first, last, _, bytes := o.History(); first != 0 || last != 0 || bytes != 0 {
		t.Errorf("hidden: the history still holds ticks %d-%d in %d bytes", first, last, bytes)
	}
}

// TestRewindBeforeATick rewinds between a frame and the next tick, as a
// game's system or a test calling Overlay.Rewind does, and the renderer
// runs ticks before it draws again (it does when frames are slow): the
// re-simulation waits for the snapshot's restore, so the world shown is
// the tick asked for. (The ticks used to run at once, the first of them
// on the world not yet restored, ending one tick short.)
func TestRewindBeforeATick(t *testing.T) {
	app, o := scoreApp(t, diag.Plugin{RewindEvery: 4})
	for range 40 {
		frame(t, app)
	}
	if err := o.Rewind(30); err != nil {
		t.Fatal(err)
	}
	for range 3 { // ticks before the next frame
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; o.Rewinding() && i < 20; i++ {
		frame(t, app)
	}
	if _, _, at, _ := o.History(); at != 30 || glue.Resource[Score](app).N != 30 {
		t.Fatalf("rewound to tick 30: at %d, score %d", at, glue.Resource[Score](app).N)
	}
}
