package ui_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/ui"
)

const controlsLine = "Primary: Space, Enter, Left mouse button, Touch, Pad A"

// TestCheck: a dialog wider than the view is reported, naming the
// widget; wrapped to the view it fits; a label given less room than its
// text is reported as cut.
func TestCheck(t *testing.T) {
	wide := ui.Menu{Root: ui.Dialog("Options", &ui.Label{Text: controlsLine})}
	err := wide.Check(200, 400)
	if err == nil || !strings.Contains(err.Error(), "outside the 200×400 view") {
		t.Errorf("a 300-pixel line in a 200-pixel view: %v, want it outside the view", err)
	}
	wrapped := ui.Menu{Root: ui.Dialog("Options", &ui.Label{Text: controlsLine, Wrap: 150})}
	if err := wrapped.Check(200, 400); err != nil {
		t.Errorf("wrapped to 150: %v", err)
	}
	if n := wrapped.Root.Base(); n.W > 200 || n.H < 40 {
		t.Errorf("wrapped: the dialog is %v×%v, want at most 200 wide, several lines tall", n.W, n.H)
	}
	tall := ui.Menu{Root: ui.Dialog("Tall", &ui.Button{Node: ui.Node{ID: "a", MinH: 300}, Text: "A"})}
	if err := tall.Check(320, 180); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("a 300-pixel button in a 180-pixel view: %v, want it outside", err)
	}
	if err := (&ui.Menu{}).Check(10, 10); err != nil {
		t.Errorf("an empty menu: %v", err)
	}
}

// ExampleMenu_Check is a game's test that its options dialog fits a
// 200×400 field: a line of controlsLine too wide for it is reported; wrapped,
// it fits.
func ExampleMenu_Check() {
	m := ui.Menu{Root: ui.Dialog("Options", &ui.Label{Text: controlsLine})}
	fmt.Println(m.Check(200, 400) != nil)
	m = ui.Menu{Root: ui.Dialog("Options", &ui.Label{Text: controlsLine, Wrap: 160})}
	fmt.Println(m.Check(200, 400))
	// Output:
	// true
	// <nil>
}
