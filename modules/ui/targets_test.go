package ui_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/ui"
)

// TestCheckTargets: a button too short for a finger at a phone's scale
// is named with the size it needs; one given that MinH passes; a label
// (no control) is not held to it.
func TestCheckTargets(t *testing.T) {
	const scale = 390.0 / 320
	small := &ui.Button{Node: ui.Node{ID: "play"}, Text: "Play"}
	m := ui.Menu{Root: ui.Dialog("TITLE", small)}
	err := m.CheckTargets(320, 180, scale)
	if err == nil || !strings.Contains(err.Error(), "under 44 for a finger; give it MinH (and MinW) 36.1 or more") {
		t.Fatalf("a default button at %v CSS px per px: %v, want it named as too small", scale, err)
	}
	small.MinH = 37
	if err := m.CheckTargets(320, 180, scale); err != nil {
		t.Errorf("a 37 px button at %v: %v", scale, err)
	}
	if err := m.CheckTargets(320, 180, 0); err == nil {
		t.Error("CheckTargets with scale 0 said nothing")
	}
}
