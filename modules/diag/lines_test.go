package diag_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/render"
)

// linkFigures is a resource with lines for the overlay, as net.Stats is.
type linkFigures struct{ RTT int }

func (f linkFigures) OverlayLines(dst []string) []string {
	if f.RTT == 0 {
		return dst
	}
	return append(dst, "link rtt "+strings.Repeat("|", f.RTT))
}

// A resource that is a diag.Liner adds its lines under the overlay's own
// while it is shown, as they are at each refresh, and none when it has
// none to show.
func TestOverlayShowsResourceLines(t *testing.T) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddPlugins(render.Plugin{}, diag.Plugin{})
	app.InsertResource(linkFigures{})
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	o := glue.Resource[diag.Overlay](app)
	o.Show(true)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	if contains(o.OverlayText(), "link rtt") {
		t.Errorf("a Liner with nothing to show added a line:\n%s", strings.Join(o.OverlayText(), "\n"))
	}
	glue.Resource[linkFigures](app).RTT = 3
	o.Refresh()
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	if lines := o.OverlayText(); !contains(lines, "link rtt |||") {
		t.Errorf("the overlay lacks the resource's line:\n%s", strings.Join(lines, "\n"))
	}
}
