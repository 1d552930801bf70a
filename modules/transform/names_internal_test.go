package transform

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported names of the plugin's systems
// are the names glue gives them.
func TestSystemNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{glue.Each2(propagateRoots).Name(), RootsSystem},
		{glue.Func(propagateChildren).Name(), ChildrenSystem},
		{glue.Each1P(insertGlobals).Name(), InsertSystem},
		{glue.Func(despawnOrphans).Name(), OrphansSystem},
	} {
		if c.got != c.want {
			t.Errorf("system named %q, want %q", c.got, c.want)
		}
	}
}
