package diag

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// TestPanelsLeaveTheHUDRowFree: with Plugin.Top the overlay's panels
// start below the game's HUD row (F3 covered Breakout's score).
func TestPanelsLeaveTheHUDRowFree(t *testing.T) {
	for _, top := range []float64{0, 22} {
		app := glue.NewApp()
		app.AddPlugins(render.Plugin{}, Plugin{Show: true, Inspect: true, Top: top})
		app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(render.Box{W: 10, H: 10}) }))
		for range 2 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
			if err := app.Draw(); err != nil {
				t.Fatal(err)
			}
		}
		o := glue.Resource[Overlay](app)
		if len(o.panels) == 0 {
			t.Fatalf("Top %g: no panel drawn", top)
		}
		for _, b := range o.panels {
			if b.y < top+margin {
				t.Errorf("Top %g: a panel at y %g covers the HUD row", top, b.y)
			}
		}
		if o.panels[0].y != top+margin {
			t.Errorf("Top %g: the overlay starts at y %g, want %g", top, o.panels[0].y, top+margin)
		}
		app.Close()
	}
}
