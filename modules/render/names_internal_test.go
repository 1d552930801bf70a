package render

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported names of the plugin's systems
// are the names glue gives them.
func TestSystemNames(t *testing.T) {
	for _, c := range []struct {
		sys  *glue.System
		want string
	}{
		{glue.Func(begin), BeginSystem},
		{glue.Func(flush), FlushSystem},
		{glue.Func(screenshot), ScreenshotSystem},
	} {
		if got := c.sys.Name(); got != c.want {
			t.Errorf("system named %q, want %q", got, c.want)
		}
	}
}
