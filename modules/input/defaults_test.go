package input_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestDefaultKeepsTheGamesChoices: Default names and binds an action the
// game left alone, and keeps a name or sources the game gave.
func TestDefaultKeepsTheGamesChoices(t *testing.T) {
	const a, b input.Action = 5, 6
	bind := input.DefaultBindings()
	bind.SetName(b, "Save now")
	bind.Bind(b, input.Key(ebiten.KeyS))
	bind.Default(a, "Quick save", input.Key(ebiten.KeyF5))
	bind.Default(b, "Quick load", input.Key(ebiten.KeyF9))
	if bind.Name(a) != "Quick save" || bind.Describe(a) != "F5" {
		t.Errorf("the untouched action: %q on %q; want Quick save on F5", bind.Name(a), bind.Describe(a))
	}
	if bind.Name(b) != "Save now" || bind.Describe(b) != "S" {
		t.Errorf("the game's action: %q on %q; want Save now on S", bind.Name(b), bind.Describe(b))
	}
}

func ExampleBindings_Default() {
	const QuickSave input.Action = 3 // after input's own actions
	b := input.DefaultBindings()
	b.Default(QuickSave, "Quick save", input.Key(ebiten.KeyF5))
	b.Default(QuickSave, "Save", input.Key(ebiten.KeyS)) // named and bound: kept
	fmt.Println(b.Name(QuickSave)+":", b.Describe(QuickSave))
	// Output: Quick save: F5
}
