package ui

import (
	"fmt"

	"github.com/gluekit/glue"
)

// ShownJSON returns where the top menu shown among menus is (the one on
// the highest Layer that is not Hidden), as JSON for a game's page:
// {"dialog":[x,y,w,h],"focus":[x,y,w,h],"id":"…"}, its root widget's
// rectangle and its focused control's, in logical pixels as last laid
// out, and the focused control's ID; "null"
// when no menu is shown. The browser tests check with it that a menu
// fits the page and that its controls are large enough for a finger
// (web/test/portrait.test.mjs).
func ShownJSON(menus glue.Query1[Menu]) string {
	var top *Menu
	menus.Each(func(_ glue.Entity, m Menu) {
		if !m.Hidden && m.Root != nil && (top == nil || m.Layer >= top.Layer) {
			top = &m
		}
	})
	if top == nil {
		return "null"
	}
	r := top.Root.Base()
	var f Node
	if w := top.Focused(); w != nil {
		f = *w.Base()
	}
	return fmt.Sprintf(`{"dialog":[%.1f,%.1f,%.1f,%.1f],"focus":[%.1f,%.1f,%.1f,%.1f],"id":%q}`, r.X, r.Y, r.W, r.H, f.X, f.Y, f.W, f.H, f.ID)
}
