package input_test

import (
	"slices"
	"testing"

	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// SetKey gives an action one key and keeps a key to one action: the
// action that had it takes the rebound action's old key (the two swap).
// A stranger's options menu rebound Fire to Jump's key, L, and both
// fired on L, silently.
func TestSetKeySwapsWithTheActionThatHadTheKey(t *testing.T) {
	const jump, fire, menu input.Action = 1, 2, 3
	var b input.Bindings
	b.Actions[jump] = []ebiten.Key{ebiten.KeyL}
	b.Actions[fire] = []ebiten.Key{ebiten.KeyK, ebiten.KeyJ}
	b.Bind(fire, input.PadButton(ebiten.StandardGamepadButtonRightBottom))

	if other, swapped := b.SetKey(fire, ebiten.KeyL); !swapped || other != jump {
		t.Errorf("SetKey(fire, L) = %v, %v; want jump, true", other, swapped)
	}
	if !slices.Equal(b.Actions[fire], []ebiten.Key{ebiten.KeyL}) || !slices.Equal(b.Actions[jump], []ebiten.Key{ebiten.KeyK}) {
		t.Errorf("after SetKey(fire, L): fire %v, jump %v; want fire [L], jump [K] (fire's old key)", b.Actions[fire], b.Actions[jump])
	}
	if len(b.Sources[fire]) != 1 {
		t.Errorf("fire's gamepad source lost: %v", b.Sources[fire])
	}
	if a, ok := b.KeyAction(ebiten.KeyL); !ok || a != fire {
		t.Errorf("KeyAction(L) = %v, %v; want fire", a, ok)
	}
	// An action without a key takes one from another, which loses it.
	if other, swapped := b.SetKey(menu, ebiten.KeyK); !swapped || other != jump || len(b.Actions[jump]) != 0 {
		t.Errorf("SetKey(menu, K) = %v, %v, jump %v; want jump swapped and left without a key", other, swapped, b.Actions[jump])
	}
	if _, swapped := b.SetKey(menu, ebiten.KeyM); swapped {
		t.Errorf("SetKey(menu, M): swapped with another action, but none had M")
	}
}
