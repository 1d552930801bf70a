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

// headlessMenu is an app that only ticks (no Draw, no SetupWindow), with
// a menu of one button; extra inserts the game's resources.
func headlessMenu(t *testing.T, extra func(app *glue.App)) (*glue.App, *[]ui.Event, *glue.Entity) {
	t.Helper()
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	extra(app)
	var menu glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		menu = c.Spawn(ui.Menu{Root: &ui.Button{Node: ui.Node{ID: "go"}, Text: "Go"}})
	}))
	events := &[]ui.Event{}
	app.AddSystems(glue.Update, glue.Func(func(r glue.Reader[ui.Event]) {
		*events = append(*events, r.Read()...)
	}))
	return app, events, &menu
}

// TestHeadlessMenuIsLaidOut is issue #38's bug 6: a headless app's menus
// were laid out only in Draw, from the camera's view size, which only
// render.Window plus SetupWindow (or a window) set: the pointer never hit
// a button, and nothing said why. Menus are now laid out in Update from
// the render.Viewport, or the render.Window resource; with neither, a
// pointer press fails the app with an error naming the fix.
func TestHeadlessMenuIsLaidOut(t *testing.T) {
	app, events, menu := headlessMenu(t, func(app *glue.App) {
		app.InsertResource(render.Window{Title: "t", Width: 320, Height: 240})
	})
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	c, ok := app.Component(*menu, glue.TypeOf[ui.Menu]())
	if !ok {
		t.Fatal("no menu")
	}
	m := c.(ui.Menu)
	b := m.Find("go").Base()
	if b.W <= 0 || b.H <= 0 {
		t.Fatalf("after a tick without Draw: button at %v,%v size %vx%v, want laid out", b.X, b.Y, b.W, b.H)
	}
	d := glue.Resource[input.Devices](app)
	d.Cursor = input.Point{X: b.X + b.W/2, Y: b.Y + b.H/2}
	for _, down := range []bool{false, true, false} {
		d.Buttons[ebiten.MouseButtonLeft] = down
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	clicked := false
	for _, e := range *events {
		clicked = clicked || e.Kind == ui.Clicked && e.ID == "go"
	}
	if !clicked {
		t.Errorf("a click on the button's centre, ticks only: events %+v, want go clicked", *events)
	}

	app, _, _ = headlessMenu(t, func(*glue.App) {})
	if err := app.Update(); err != nil {
		t.Fatalf("no screen size, no pointer: %v, want no error (the keyboard needs no layout)", err)
	}
	glue.Resource[input.Devices](app).Buttons[ebiten.MouseButtonLeft] = true
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "render.Window") || !strings.Contains(err.Error(), "ui:") {
		t.Errorf("a menu with no screen size: %v, want an error naming render.Window", err)
	}
}
