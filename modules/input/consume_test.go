package input_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestConsume: an action or the pointer consumed by a menu stays hidden
// from later systems until released, so that the click on a button does
// not also fire.
func TestConsume(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	state := func() *input.State { return glue.Resource[input.State](h.app) }
	h.devices().Buttons[ebiten.MouseButtonLeft] = true
	h.tick()
	if !state().Pointer.Pressed || !state().Pressed(input.Primary) {
		t.Fatal("a click does not press the pointer and Primary")
	}
	state().ConsumePointer()
	if s := state(); s.Pointer.Down || s.Pointer.Pressed || s.Down(input.Primary) || s.Pressed(input.Primary) || s.Value(input.Primary) != 0 {
		t.Error("the consumed click still shows")
	}
	h.tick() // held
	if s := state(); s.Pointer.Down || s.Pointer.Pressed || s.Down(input.Primary) {
		t.Error("the consumed click shows while held")
	}
	h.devices().Buttons[ebiten.MouseButtonLeft] = false
	h.tick()
	if s := state(); s.Pointer.Released || s.Released(input.Primary) {
		t.Error("the consumed click's release shows")
	}
	h.devices().Buttons[ebiten.MouseButtonLeft] = true
	h.tick()
	if s := state(); !s.Pointer.Pressed || !s.Pressed(input.Primary) {
		t.Error("the next click is hidden too")
	}
	h.devices().Buttons[ebiten.MouseButtonLeft] = false
	// A key consumed: hidden until released, and Space held with the
	// pointer consumed still presses Primary (not the pointer's alone).
	h.keys(true, ebiten.KeySpace)
	h.tick()
	state().Consume(input.Primary)
	if state().Down(input.Primary) {
		t.Error("the consumed Space is down")
	}
	h.tick()
	if state().Down(input.Primary) || state().Pressed(input.Primary) {
		t.Error("the consumed Space shows while held")
	}
	h.keys(false, ebiten.KeySpace)
	h.tick()
	h.keys(true, ebiten.KeySpace)
	h.tick()
	if !state().Pressed(input.Primary) {
		t.Error("Space pressed again after its release is hidden")
	}
}
