package save

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported names of the plugin's systems
// are the names glue gives them.
func TestSystemNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{glue.Func(check).Name(), CheckSystem},
		{glue.Func(run).Name(), RunSystem},
		{glue.Func(report).Name(), ReportSystem},
	} {
		if c.got != c.want {
			t.Errorf("system named %q, want %q", c.got, c.want)
		}
	}
}
