package ldtk_test

import (
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The tests that read pixels back run inside a real Ebitengine game loop,
// as modules/render's do: TestMain runs them from the first Update of a
// small game when a display is there (`xvfb-run -a go test`), and
// directly otherwise, where those tests skip.

var displayOK bool

func hasDisplay() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

// loopGame runs the tests in its first Update and ends the game.
type loopGame struct {
	m    *testing.M
	code int
}

func (g *loopGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *loopGame) Draw(*ebiten.Image) {}

func (g *loopGame) Layout(int, int) (int, int) { return 16, 16 }

func TestMain(m *testing.M) {
	if !hasDisplay() {
		os.Exit(m.Run())
	}
	displayOK = true
	ebiten.SetWindowSize(16, 16)
	ebiten.SetWindowTitle("ldtk tests")
	g := &loopGame{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		os.Stderr.WriteString("ldtk tests: ebiten.RunGame: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(g.code)
}

func requireDisplay(tb testing.TB) {
	tb.Helper()
	if !displayOK {
		tb.Skip("ldtk: no DISPLAY, so no game loop to read pixels in; run the tests under `xvfb-run -a go test ./modules/ldtk/`")
	}
}
