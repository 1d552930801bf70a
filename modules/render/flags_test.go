package render_test

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

// TestFlags: each bad value is a problem that names its flag, and
// -screenshot fills the Screenshot.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-scale", "0"}, "-scale must be in (0, 8], got 0"},
		{[]string{"-scale", "9"}, "-scale must be in (0, 8], got 9"},
		{[]string{"-frames", "0"}, "-frames must be at least 1, got 0"},
		{[]string{"-screenshot", "shot.gif"}, "-screenshot: "},
	} {
		fs := flag.NewFlagSet("game", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := render.AddFlags(fs, 2, 60)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if p := f.Check(); len(p) != 1 || !strings.HasPrefix(p[0], tc.want) {
			t.Errorf("%v: problems %q; want one starting %q", tc.args, p, tc.want)
		}
	}
}

func ExampleAddFlags() {
	fs := flag.NewFlagSet("mygame", flag.ContinueOnError)
	win := render.AddFlags(fs, 2, 60)
	_ = fs.Parse([]string{"-screenshot", "shot.png", "-frames", "30"})
	fmt.Println(win.Check(), win.Scale, win.Screenshot.Path, win.Screenshot.Frames)
	// Output: [] 2 shot.png 30
}
