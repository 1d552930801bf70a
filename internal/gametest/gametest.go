// Package gametest runs a package's tests inside a real Ebitengine game
// loop, as Ebitengine's own tests do (its internal/testing
// MainWithRunLoop): pixels drawn to an image can be read back only while
// a game runs. A test package's TestMain calls [Main].
package gametest

import (
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// HasDisplay reports whether Ebitengine can open a window: on X11
// systems, whether DISPLAY (or WAYLAND_DISPLAY) is set.
func HasDisplay() bool {
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

// Main runs m's tests and exits with their code: from the first Update
// of a 16×16 game titled title when there is a display (run them under
// `xvfb-run -a go test`), setting *display to true first; directly
// otherwise, where the tests that need a display skip.
func Main(m *testing.M, title string, display *bool) {
	if !HasDisplay() {
		os.Exit(m.Run())
	}
	*display = true
	ebiten.SetWindowSize(16, 16)
	ebiten.SetWindowTitle(title)
	g := &loopGame{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		os.Stderr.WriteString(title + ": ebiten.RunGame: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(g.code)
}
