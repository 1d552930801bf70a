package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
)

// TestInspectSwarm picks a fish under the mouse (its Position is its
// pose, in pixels) and lists the fish in the inspector with their values.
func TestInspectSwarm(t *testing.T) {
	if !rendered {
		t.Skip("no DISPLAY: the windowed game loads its art in a window; run under `xvfb-run -a go test ./games/swarm`")
	}
	app := NewApp(Config{Seed: 3, Scene: Scene{Variant: Movement, Fish: 30}, Scale: 1})
	defer app.Close()
	for range 200 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	// A fish well away from the predator and the counter.
	var fish glue.Entity
	var at Position
	for _, e := range app.Entities(nil) {
		if _, ok := app.Component(e, glue.TypeOf[Fish]()); !ok {
			continue
		}
		p, _ := app.Component(e, glue.TypeOf[Position]())
		pos := p.(Position)
		if pos.Y*PixelsPerUnit > 40 && pos.X*PixelsPerUnit > 20 && pos.X*PixelsPerUnit < float64(ScreenW-20) {
			fish, at = e, pos
			break
		}
	}
	if fish == 0 {
		t.Fatalf("no fish in the open: %d entities, %d archetypes: %v", app.Len(), app.Archetypes(), diag.Describe(app, app.Entities(nil)[0]))
	}
	got, ok := diag.Pick(app, at.X*PixelsPerUnit+2, at.Y*PixelsPerUnit-1)
	if !ok {
		t.Fatalf("Pick at the fish %v (%v) found nothing", fish, at)
	}
	if _, isFish := app.Component(got, glue.TypeOf[Fish]()); !isFish {
		t.Fatalf("Pick at the fish %v picked %v, which is no fish", fish, got)
	}
	o := glue.Resource[diag.Overlay](app)
	o.Inspect(true)
	o.SetFilter("Fish")
	o.Select(fish)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	text := o.InspectorText()
	for _, want := range []string{"filter: Fish  (30 entities)", fish.String() + " Position Velocity Colour Fish Avoid", "  main.Position {X:"} {
		if !slices.ContainsFunc(text, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("inspector lacks %q:\n%s", want, strings.Join(text, "\n"))
		}
	}
}
