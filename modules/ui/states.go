package ui

import (
	"reflect"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// ShowState returns a system that shows the menus scoped to the current
// state of type S (glue.StateScoped[S]) and hides those scoped to the
// states paused beneath it: with one menu per state, an options menu
// pushed over a pause menu (glue.NextState.Push) hides it, and popping
// back shows it again, with its focus where it was. Menus not scoped to
// an S are left alone. Add it to glue.Update, or a later stage of the
// update:
//
//	app.AddSystems(glue.Update, ui.ShowState[Screen]())
//
// Its name is "ui.ShowState[S]".
func ShowState[S comparable]() *glue.System {
	return glue.Each2P(func(_ glue.Entity, m *Menu, in glue.StateScoped[S], st glue.Res[glue.State[S]]) {
		m.Hidden = in.State != st.Get().Get()
	}).Named("ui.ShowState").TypeArgs(reflect.TypeFor[S]())
}

// Dialog returns a panel with a title over a column of widgets: the
// usual menu.
//
//	ui.Menu{Root: ui.Dialog("Paused", &ui.Button{…}, &ui.Button{…})}
func Dialog(title string, widgets ...Widget) *Panel {
	return &Panel{Child: &Column{Children: append([]Widget{&Label{Text: title, Align: render.AlignCenter}}, widgets...)}}
}
