package render

import (
	"io"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// TestCommandHandsOnWindowFlags is issue #38's bug 3: -screenshot and
// -scale were accepted by Command but did nothing unless the game passed
// them on (the game then ran until killed, no file, no warning). Run now
// gives them to the app's Screenshot and Window resources itself, and
// refuses what it cannot apply with a line naming the fix.
func TestCommandHandsOnWindowFlags(t *testing.T) {
	cmd := NewCommand("mygame", io.Discard, io.Discard, CommandDefaults{})
	if !cmd.Parse([]string{"-screenshot", t.TempDir() + "/x.png", "-frames", "3", "-scale", "3"}, nil) {
		t.Fatal("Parse refused good flags")
	}
	app := glue.NewApp()
	defer app.Close()
	app.AddPlugins(Plugin{}) // the game passes neither flag on
	app.InsertResource(Window{Title: "t", Width: 10, Height: 10, Scale: 1})
	if err := cmd.applyFlags(app); err != nil {
		t.Fatalf("applyFlags: %v", err)
	}
	if s := glue.Resource[Screenshot](app); !s.active() || s.Frames != 3 || !s.End {
		t.Errorf("Screenshot %+v, want -screenshot's, ending the game after 3 frames", *s)
	}
	if w := glue.Resource[Window](app); w.Scale != 3 {
		t.Errorf("Window.Scale %g, want -scale's 3", w.Scale)
	}

	// A -scale with no render.Window to apply it to is refused.
	cmd = NewCommand("mygame", io.Discard, io.Discard, CommandDefaults{})
	if !cmd.Parse([]string{"-scale", "2"}, nil) {
		t.Fatal("Parse refused -scale 2")
	}
	app2 := glue.NewApp()
	defer app2.Close()
	app2.AddPlugins(Plugin{})
	if err := cmd.applyFlags(app2); err == nil || !strings.Contains(err.Error(), "-scale") || !strings.Contains(err.Error(), "render.Window") {
		t.Errorf("-scale without a Window: %v, want an error naming -scale and render.Window", err)
	}

	// -screenshot with -headless is refused at Parse: nothing is drawn.
	var errs strings.Builder
	cmd = NewCommand("mygame", io.Discard, &errs, CommandDefaults{})
	if cmd.Parse([]string{"-headless", "-screenshot", t.TempDir() + "/x.png"}, nil) || !strings.Contains(errs.String(), "mygame: -screenshot needs a window") {
		t.Errorf("-headless -screenshot accepted; stderr %q", errs.String())
	}
}
