package save_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// score is the saved game of the quick save's tests.
type score struct{ N int }

// The quick save's actions, after input's own.
const (
	quickSave input.Action = 3 + iota
	quickLoad
)

// quickApp is a headless game whose score the quick save keeps.
func quickApp(t *testing.T, store save.Store, q save.QuickSave) *glue.App {
	t.Helper()
	reg := codec.NewRegistry()
	codec.Register[score](reg)
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true},
		save.Plugin{Game: "quick-test", Registry: reg, Resources: []glue.Type{glue.TypeOf[score]()}, Store: store}, q)
	app.InsertResource(score{})
	t.Cleanup(app.Close)
	return app
}

// press holds key down for one tick.
func press(t *testing.T, app *glue.App, k ebiten.Key) {
	t.Helper()
	glue.Resource[input.Devices](app).Keys[k] = true
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	glue.Resource[input.Devices](app).Keys[k] = false
}

func run(t *testing.T, app *glue.App, n int) {
	t.Helper()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestQuickSave: F9 without a save says so, F5 saves, F9 loads it back;
// each notice names the other key and goes after NoticeTicks ticks.
func TestQuickSave(t *testing.T) {
	store := &save.Memory{}
	app := quickApp(t, store, save.QuickSave{Save: quickSave, Load: quickLoad})
	notice := func() string { return glue.Resource[render.Notice](app).Text }
	press(t, app, ebiten.KeyF9)
	run(t, app, 1)
	if notice() != "No save yet (F5 saves)" {
		t.Errorf("F9 before a save: notice %q", notice())
	}
	glue.Resource[score](app).N = 7
	press(t, app, ebiten.KeyF5)
	run(t, app, 1)
	if notice() != "Saved (F9 loads)" {
		t.Errorf("after F5: notice %q", notice())
	}
	if _, err := store.Read("quick"); err != nil {
		t.Fatalf("after F5 the store has no save \"quick\": %v", err)
	}
	glue.Resource[score](app).N = 9
	press(t, app, ebiten.KeyF9)
	run(t, app, 1)
	if n := glue.Resource[score](app).N; n != 7 || notice() != "Loaded" {
		t.Errorf("after F9: score %d, notice %q; want 7, Loaded", n, notice())
	}
	run(t, app, render.NoticeTicks-2)
	if notice() != "Loaded" {
		t.Errorf("the notice went before NoticeTicks: %q", notice())
	}
	run(t, app, 2)
	if notice() != "" {
		t.Errorf("the notice %q is still up after NoticeTicks", notice())
	}
	if b := glue.Resource[input.Bindings](app); b.Name(quickSave) != "Quick save" || b.Describe(quickLoad) != "F9" {
		t.Errorf("bindings: %q bound to %q", b.Name(quickSave), b.Describe(quickLoad))
	}
}

// TestQuickSaveKeepsTheGamesBindings: an action the game bound keeps its
// sources, and the notices name them.
func TestQuickSaveKeepsTheGamesBindings(t *testing.T) {
	app := quickApp(t, &save.Memory{}, save.QuickSave{Save: quickSave, Load: quickLoad, Slot: "slot-1"})
	b := glue.Resource[input.Bindings](app)
	b.Bind(quickSave, input.Key(ebiten.KeyS))
	press(t, app, ebiten.KeyF9)
	run(t, app, 1)
	if got := glue.Resource[render.Notice](app).Text; got != "No save yet (S saves)" {
		t.Errorf("notice %q, want the game's key", got)
	}
}

// TestQuickSaveBadSlot: a slot that cannot name a save is a build error
// that says so.
func TestQuickSaveBadSlot(t *testing.T) {
	app := quickApp(t, &save.Memory{}, save.QuickSave{Save: quickSave, Load: quickLoad, Slot: "../x"})
	if err := app.Update(); err == nil || !strings.Contains(err.Error(), "save: QuickSave.Slot") {
		t.Errorf("Update = %v; want the slot's error", err)
	}
}
