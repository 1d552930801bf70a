package tiled_test

import (
	"image"
	"testing"

	"github.com/gluekit/glue/internal/gametest"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/hajimehoshi/ebiten/v2"
)

// The tests that read pixels back run inside a real Ebitengine game loop
// (internal/gametest) when a display is there (`xvfb-run -a go test`);
// without one they skip.

var displayOK bool

func TestMain(m *testing.M) { gametest.Main(m, "tiled tests", &displayOK) }

func requireDisplay(tb testing.TB) {
	tb.Helper()
	if !displayOK {
		tb.Skip("tiled: no DISPLAY, so no game loop to read pixels in; run the tests under `xvfb-run -a go test ./modules/tiled/`")
	}
}

// drawMap draws the w×h pixels of m whose top-left corner is world point
// (x0, y0) at scale 1 into a fresh image and reads them back
// (premultiplied RGBA).
func drawMap(tb testing.TB, m *tiled.Map, x0, y0 float64, w, h int) *image.RGBA {
	tb.Helper()
	requireDisplay(tb)
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	var list render.DrawList
	cam := render.Camera{X: x0 + float64(w)/2, Y: y0 + float64(h)/2, Zoom: 1}
	cam.SetViewSize(float64(w), float64(h))
	m.Draw(&list, &cam)
	list.FlushCamera(dst, 1, &cam)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(out.Pix)
	return out
}
