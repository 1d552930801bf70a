package ldtk_test

import (
	"fmt"
	"os"

	"github.com/gluekit/glue/modules/ldtk"
)

// Load reads a project's levels: their place in the world, their
// colliders and their entities.
func ExampleLoad() {
	p, err := ldtk.Load(os.DirFS("testdata"), "world.ldtk", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range p.Levels {
		fmt.Printf("%s at (%g, %g), %gx%g px: %d colliders, %d entities\n", l.Identifier, l.X, l.Y, l.Width, l.Height, len(l.Solids()), len(l.Entities()))
	}
	// Output:
	// Start at (0, 0), 48x32 px: 3 colliders, 2 entities
	// Cave at (64, 0), 32x16 px: 1 colliders, 1 entities
}
