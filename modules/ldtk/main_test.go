package ldtk_test

import (
	"testing"

	"github.com/gluekit/glue/internal/gametest"
)

// The tests that read pixels back run inside a real Ebitengine game loop
// (internal/gametest) when a display is there (`xvfb-run -a go test`);
// without one they skip.

var displayOK bool

func TestMain(m *testing.M) { gametest.Main(m, "ldtk tests", &displayOK) }

func requireDisplay(tb testing.TB) {
	tb.Helper()
	if !displayOK {
		tb.Skip("ldtk: no DISPLAY, so no game loop to read pixels in; run the tests under `xvfb-run -a go test ./modules/ldtk/`")
	}
}
