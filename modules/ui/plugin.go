package ui

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
)

// Labels of the plugin's systems, for ordering a game's systems with
// glue.System.After.
var (
	// UpdateSystem lays the menus out and drives them with this tick's
	// input and writes their [Event]s, in glue.PreUpdate after
	// input.MapSystem, so that the game's systems see the input the menus
	// left. It lays them out in the render.Viewport's logical size, else
	// the camera's view (as ui.draw), else the render.Window resource's
	// (a headless app need not open, set up or draw a window); a pointer
	// press on a visible menu never laid out, for want of a size, fails
	// the app with an error naming the fix (the keyboard needs no
	// layout).
	UpdateSystem = glue.NewLabel("ui.update")
	// DrawSystem lays the menus out again (for a window resized since
	// the tick) and draws them, in glue.Draw.
	DrawSystem = glue.NewLabel("ui.draw")
)

// Plugin adds menus: [UpdateSystem] and [DrawSystem] for every entity
// with a [Menu]. It needs input.Plugin and render.Plugin.
type Plugin struct{}

// Build adds the plugin's systems to app.
func (Plugin) Build(app *glue.App) {
	app.AddSystems(glue.PreUpdate, glue.Func(update).After(input.MapSystem).In(UpdateSystem))
	app.AddSystems(glue.Draw, glue.Func(draw).In(DrawSystem))
}

// update (glue.PreUpdate) drives the menus: the pointer goes to the top
// menu under it, the keyboard and gamepad to the top menu with widgets
// to focus.
func update(p struct {
	Menus    glue.Query1[*Menu]
	Input    glue.ResMut[input.State]
	Devices  glue.Res[input.Devices]
	Bindings glue.Res[input.Bindings]
	Events   glue.Writer[Event]
	Viewport glue.Res[render.Viewport]
	Window   glue.Opt[render.Window]
	Camera   glue.Res[render.Camera]
	Screen   glue.Res[render.Screen]
	Cmds     glue.Commands
}) {
	cover(p.Menus)
	in, dev := p.Input.Get(), p.Devices.Get()
	w, h := viewSize(p.Viewport.Get(), p.Window.Get(), p.Camera.Get())
	var top, under *Menu
	var modals modalCheck
	var failed error
	modal := false
	p.Menus.Each(func(e glue.Entity, m *Menu) {
		if m.Hidden || m.Root == nil {
			return
		}
		if m.Modal && runtime.GOOS != "js" { // the desktop build's check (modalCheck)
			if err := modals.see(m, e); err != nil {
				failed = err
				return
			}
		}
		if w > 0 && h > 0 {
			m.layout(w, h)
		} else if in.Pointer.Pressed && m.laidW == 0 {
			// The keyboard works without a layout; the pointer cannot
			// hit a widget that was never placed.
			failed = errNoSize
			return
		}
		m.ticks++
		m.build()
		if runtime.GOOS != "js" && !m.idsChecked { // the desktop build's check, as modalCheck
			m.idsChecked = true
			if err := m.sameIDs(); err != nil {
				failed = err
				return
			}
		}
		modal = modal || m.Modal
		// The keyboard goes to the top menu with widgets to focus, or a
		// modal one without (a message): nothing behind a modal menu
		// takes a key.
		if (len(m.controls) > 0 || m.Modal) && (top == nil || m.Layer > top.Layer) {
			top = m
		}
		if m.Modal || m.dragging != nil || m.Root.Base().contains(in.Pointer.X, in.Pointer.Y) {
			if under == nil || m.Layer > under.Layer {
				under = m
			}
		}
	})
	if failed != nil {
		p.Cmds.Fail(failed)
	}
	if under != nil {
		under.pointer(in, dev)
	}
	if modal {
		in.TakePointer() // nothing behind a modal menu moves (issue #40)
	}
	if top != nil {
		top.keys(in, dev, p.Bindings.Get(), p.Screen.Get().Frame)
	}
	p.Menus.Each(func(e glue.Entity, m *Menu) {
		if m != top {
			m.keysSeen = false // when it is top again, keys held then are not pressed in it
		}
		for _, ev := range m.events {
			ev.Menu = e
			p.Events.Write(ev)
			m.settling = m.settling || ev.Kind != Changed
		}
		clear(m.events)
		m.events = m.events[:0]
	})
}

// modalCheck finds two Modal menus shown on one Layer: which of them
// takes the keys and the pointer, and which is drawn on top, would be the
// query's order.
type modalCheck struct {
	top *Menu // the Modal menu on the highest layer seen
	e   glue.Entity
}

// see notes the shown Modal menu m of entity e, and returns the error
// if a Modal menu seen before is on its Layer.
//
//go:noinline
func (c *modalCheck) see(m *Menu, e glue.Entity) error {
	if c.top != nil && c.top.Layer == m.Layer {
		return fmt.Errorf("ui: two Modal menus are shown on Layer %d, %q (%v) and %q (%v): which one the player uses and which is drawn on top is not said; give the one on top a higher Layer, or hide the other (Menu.Over, ui.ShowState)",
			m.Layer, menuTitle(c.top.Root), c.e, menuTitle(m.Root), e)
	}
	if c.top == nil || m.Layer > c.top.Layer {
		c.top, c.e = m, e
	}
	return nil
}

// menuTitle names a menu by the text of its first label or button (a
// dialog's title), or "".
func menuTitle(w Widget) string {
	switch v := w.(type) {
	case *Label:
		return v.Text
	case *Button:
		return v.Text
	}
	for _, ch := range w.Contents() {
		if t := menuTitle(ch); t != "" {
			return t
		}
	}
	return ""
}

// errNoSize fails an app whose menus cannot be laid out: nothing says
// how large the screen is.
var errNoSize = errors.New("ui: the menus cannot be laid out: the app has no screen size; insert a render.Window{Width: …, Height: …} resource (render.SetupWindow[render.Window] applies it to a window), or set the render.Viewport's Width and Height")

// viewSize is the logical size menus are laid out in: the Viewport's,
// else the camera's view, which the draw stages set from the window
// (the size ui.draw lays out in, so the two agree), else the Window
// resource's (a headless app that has neither applied it nor drawn).
func viewSize(vp *render.Viewport, win *render.Window, cam *render.Camera) (w, h float64) {
	if vp.Width > 0 && vp.Height > 0 {
		return float64(vp.Width), float64(vp.Height)
	}
	if w, h := cam.ViewSize(); w > 0 && h > 0 {
		return w, h
	}
	if win != nil && win.Width > 0 && win.Height > 0 {
		return float64(win.Width), float64(win.Height)
	}
	return 0, 0
}

// cover hides every menu that a live menu is Over, and shows again those
// it hid whose menu over them is gone.
func cover(menus glue.Query1[*Menu]) {
	menus.Each(func(_ glue.Entity, m *Menu) {
		if m.covered {
			m.Hidden, m.covered = false, false
		}
	})
	menus.Each(func(_ glue.Entity, m *Menu) {
		if under, ok := menus.Get(m.Over); ok && m.Over != 0 {
			under.Hidden, under.covered = true, true
		}
	})
}

// draw (glue.Draw) lays out and draws every menu not hidden.
func draw(p struct {
	Menus  glue.Query1[*Menu]
	Camera glue.Res[render.Camera]
	List   glue.ResMut[render.DrawList]
}) {
	cover(p.Menus) // a menu opened or closed since update shows at once
	w, h := p.Camera.Get().ViewSize()
	d := p.List.Get()
	p.Menus.Each(func(_ glue.Entity, m *Menu) {
		if m.Hidden || m.Root == nil {
			return
		}
		m.layout(w, h)
		m.drawMenu(d)
	})
}
