package render_test

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// The tests run inside a real Ebitengine game loop, as Ebitengine's own
// do (internal/testing.MainWithRunLoop): pixels can be read back only
// while a game runs. TestMain runs a small glue app with render.Run; once
// its screenshot is taken, a system of that app runs the tests (m.Run)
// and ends it, which checks Run, the real screen and the screenshot path
// along the way. Without a display the tests run directly and those that
// need one skip.

var (
	// displayOK reports whether the tests run inside the game loop.
	displayOK bool
	// runShot is the screenshot the outer app took, and runShotPath the
	// PNG file it wrote.
	runShot     render.Screenshot
	runShotPath string
)

// hasDisplay reports whether Ebitengine can open a window: on X11
// systems, whether DISPLAY (or WAYLAND_DISPLAY) is set.
func hasDisplay() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

func requireDisplay(tb testing.TB) {
	tb.Helper()
	if !displayOK {
		tb.Skip("render: no DISPLAY, so no window to draw in; run the tests under `xvfb-run -a go test ./modules/render/...`")
	}
}

// runTests is the outer app's stage in which the tests run.
const runTests glue.Stage = "RunTests"

// The outer app's scene, checked by TestRunScreenshot.
var (
	outerBG   = color.RGBA{0, 0, 80, 255}
	outerBox  = render.Box{X: 4, Y: 4, W: 20, H: 10, Color: color.RGBA{255, 0, 0, 255}}
	outerDisc = render.Disc{X: 40, Y: 30, R: 8, Color: color.RGBA{0, 255, 0, 255}}
)

func TestMain(m *testing.M) {
	if !hasDisplay() {
		os.Exit(m.Run())
	}
	displayOK = true
	dir, err := os.MkdirTemp("", "render-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	runShotPath = filepath.Join(dir, "shot.png")
	code := 1
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, runTests)
	app.AddPlugins(render.Plugin{Background: outerBG, Screenshot: render.Screenshot{Path: runShotPath, Frames: 3}})
	app.InsertResource(render.Window{Title: "render tests", Width: 64, Height: 48, Scale: 2})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(outerBox)
		cmds.Spawn(outerDisc)
	}))
	app.AddSystems(glue.Draw, render.DrawBox[render.Box](), render.DrawCircle[render.Disc]())
	app.AddSystems(runTests, glue.Func(func(p struct {
		Shot glue.Res[render.Screenshot]
		Cmds glue.Commands
	}) {
		if p.Shot.Get().Done {
			runShot = *p.Shot.Get()
			code = m.Run()
			p.Cmds.End()
		}
	}))
	err = render.Run(app, nil)
	os.RemoveAll(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "render.Run:", err)
		os.Exit(1)
	}
	os.Exit(code)
}
