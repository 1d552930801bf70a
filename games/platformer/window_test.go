package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// The window test runs the real game in an Ebitengine window (under Xvfb:
// `xvfb-run -a go test ./games/platformer`), takes a screenshot on the
// title screen and compares its pixels with the world and the title menu: pixels can be read
// only while a game runs, so TestMain runs the package's tests from
// inside it once the screenshot is taken. Without a display the tests run
// directly and TestWindowShowsTheLevel skips.

var (
	shot     *image.RGBA
	shotCam  render.Camera
	shotHero physics.Vec
	shotPlay ui.Node // the title menu's Play button, where it was laid out
	rendered bool
)

const runTests glue.Stage = "test.RunTests"

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		os.Exit(m.Run())
	}
	app, err := NewApp(Config{Screenshot: render.Screenshot{Frames: 20}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app.AddSystems(glue.Draw, glue.Func(func(p struct {
		Hero   glue.Query2[Player, physics.Body]
		Menus  glue.Query1[ui.Menu]
		Camera glue.Res[render.Camera]
	}) {
		if _, _, b, ok := p.Hero.First(); ok {
			shotHero, shotCam = b.Pos, *p.Camera.Get()
		}
		p.Menus.Each(func(_ glue.Entity, m ui.Menu) {
			if w := m.Find("play"); w != nil {
				shotPlay = *w.Base()
			}
		})
	}).Named("test.record"))
	app.AddStagesAfter(React, runTests)
	code := 1
	app.AddSystems(runTests, glue.Func(func(p struct {
		Shot glue.Res[render.Screenshot]
		Cmd  glue.Commands
	}) {
		if p.Shot.Get().Done {
			shot, rendered = p.Shot.Get().Image, true
			code = m.Run()
			p.Cmd.End()
		}
	}).Named("test.run"))
	if err := render.Run(app, nil); err != nil {
		fmt.Fprintln(os.Stderr, Name+" test:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func TestWindowShowsTheLevel(t *testing.T) {
	if !rendered {
		t.Skip("no DISPLAY: run under `xvfb-run -a go test ./games/platformer`")
	}
	scale := float64(shot.Bounds().Dx()) / 320
	at := func(x, y float64) color.RGBA { // a world point's pixel
		sx, sy := shotCam.WorldToScreen(x, y)
		return shot.RGBAAt(int(sx*scale), int(sy*scale))
	}
	near := func(a, b color.RGBA) bool {
		d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
		return d(a.R, b.R) <= 12 && d(a.G, b.G) <= 12 && d(a.B, b.B) <= 12
	}
	h := shotHero
	for _, c := range []struct {
		what string
		x, y float64
		want color.RGBA
	}{
		{"the hero's body (its sprite, drawn at its physics body)", h.X - 3, h.Y - 1, color.RGBA{230, 90, 60, 255}},
		{"the grass under the hero (tile layer)", h.X, h.Y + 9, color.RGBA{70, 170, 60, 255}},
		{"the dirt below (tile layer)", h.X + 1, h.Y + 30, color.RGBA{120, 80, 40, 255}},
		{"the sky above (background)", h.X, h.Y - 60, color.RGBA{150, 200, 240, 255}},
	} {
		if got := at(c.x, c.y); !near(got, c.want) {
			t.Errorf("%s at world (%g, %g): pixel %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	// The title menu is drawn over the level (modules/ui's default
	// theme): the Play button's fill, the focus outline around it, the
	// dark panel beside it, and the title's white text above it.
	b := shotPlay
	if b.W == 0 {
		t.Fatal("no Play button laid out on the title")
	}
	px := func(x, y float64) color.RGBA { return shot.RGBAAt(int(x*scale), int(y*scale)) }
	for _, c := range []struct {
		what string
		x, y float64
		want color.RGBA
	}{
		{"the Play button's fill", b.X + 2, b.Y + 2, color.RGBA{56, 64, 90, 255}},
		{"the focus outline left of Play", b.X - 1, b.Y + b.H/2, color.RGBA{255, 210, 60, 255}},
		{"the focus outline over Play", b.X + b.W/2, b.Y - 1, color.RGBA{255, 210, 60, 255}},
	} {
		if got := px(c.x, c.y); !near(got, c.want) {
			t.Errorf("%s at screen (%g, %g): pixel %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if c := px(b.X-4, b.Y+b.H/2); c.R > 60 || c.G > 60 || c.B > 80 {
		t.Errorf("the panel left of Play: pixel %v, want dark (theme panel 20, 24, 36 at alpha 230)", c)
	}
	white := 0
	for y := b.Y - 16; y < b.Y-3; y += 1 / scale {
		for x := b.X; x < b.X+b.W; x += 1 / scale {
			if c := px(x, y); c.R > 230 && c.G > 230 && c.B > 230 {
				white++
			}
		}
	}
	if white == 0 {
		t.Error("no white title text above the Play button")
	}
}
