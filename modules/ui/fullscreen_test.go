package ui_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

const toggleFullscreen input.Action = input.Restart + 1

// TestFullscreenKey (issue #40 item 4): F11, Alt+Enter and a double
// click switch render.Fullscreen, the notice says which naming the key;
// Alt+Enter is not also Primary; slow clicks, far clicks and touches
// are no double click.
func TestFullscreenKey(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.FullscreenKey{Action: toggleFullscreen})
	primary := 0
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		if in.Get().Pressed(input.Primary) && !in.Get().Pointer.Pressed {
			primary++
		}
	}))
	t.Cleanup(app.Close)
	dev := glue.Resource[input.Devices](app)
	tick := func(n int) {
		t.Helper()
		for range n {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	on := func() bool { return glue.Resource[render.Fullscreen](app).On }
	notice := func() string { return glue.Resource[ui.Notice](app).Text }
	tap := func(keys ...ebiten.Key) {
		for _, k := range keys {
			dev.Keys[k] = true
		}
		tick(1)
		for _, k := range keys {
			dev.Keys[k] = false
		}
		tick(1)
	}
	click := func(x, y float64, wait int) {
		dev.Cursor = input.Point{X: x, Y: y}
		dev.Buttons[ebiten.MouseButtonLeft] = true
		tick(1)
		dev.Buttons[ebiten.MouseButtonLeft] = false
		tick(wait)
	}
	tick(1)
	tap(ebiten.KeyF11)
	if !on() || notice() != "Full screen (F11 leaves)" {
		t.Errorf("F11: on %v, notice %q; want full screen, \"Full screen (F11 leaves)\"", on(), notice())
	}
	tap(ebiten.KeyAltLeft, ebiten.KeyEnter)
	if on() || notice() != "Window (F11 for full screen)" || primary != 0 {
		t.Errorf("Alt+Enter: on %v, notice %q, Primary seen %d times; want a window, no Primary", on(), notice(), primary)
	}
	tap(ebiten.KeyEnter)
	if on() || primary != 1 {
		t.Errorf("Enter alone: on %v, Primary %d; want no change, Primary once", on(), primary)
	}
	click(50, 50, 5)
	click(52, 49, 30) // a double click
	if !on() {
		t.Error("a double click did not switch to full screen")
	}
	click(50, 50, 25)
	click(50, 50, 30) // too slow
	click(10, 10, 5)
	click(40, 40, 30) // too far
	if !on() {
		t.Error("slow or far clicks switched full screen")
	}
	for range 2 {
		dev.Touches = []input.Point{{X: 50, Y: 50}}
		tick(1)
		dev.Touches = nil
		tick(3)
	}
	if !on() {
		t.Error("two taps switched full screen")
	}
}

// TestFullscreenKeyIsMachineLocal: the double click's state follows this
// machine's pointer, so rollback must neither restore nor hash it. It
// was hashed: a browser player and a native host of Breakout -rollback
// desynced on "ui.fullscreenKey differs" (web/test/rollback.test.mjs).
func TestFullscreenKeyIsMachineLocal(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.FullscreenKey{Action: toggleFullscreen})
	t.Cleanup(app.Close)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	for _, ty := range app.MachineLocalTypes() {
		if strings.Contains(ty.String(), "fullscreenKey") {
			return
		}
	}
	t.Errorf("the FullscreenKey plugin's state is not machine-local: %v", app.MachineLocalTypes())
}
