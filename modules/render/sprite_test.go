package render_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// quadrants returns an 8×8 image in the atlas: top-left red, top-right
// green, bottom-left blue, bottom-right yellow.
func quadrants(t testing.TB) render.Image {
	t.Helper()
	src := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			c := [2][2]color.RGBA{{red, green}, {blue, yellow}}[y/4][x/4]
			src.SetRGBA(x, y, c)
		}
	}
	img, err := render.NewImage(src)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pose is a test component that places a sprite, as a physics body or
// a transform would.
type pose struct{ X, Y, R float64 }

func (p pose) Pose() (x, y, rotation float64) { return p.X, p.Y, p.R }

// spriteApp returns an app that draws render.Sprite components, at a
// pose when the entity has one.
func spriteApp(t testing.TB, scale float64, entities ...any) *glue.App {
	t.Helper()
	app := newApp(t, scale, entities...)
	app.AddSystems(glue.Draw,
		render.DrawSprite[render.Sprite]().Without(glue.TypeOf[pose]()),
		render.DrawSpriteAt[render.Sprite, pose](),
	)
	return app
}

// quad checks the colour at the centre of each quadrant of a sprite whose
// quadrant centres are at the given points.
func checkQuadrants(t *testing.T, img *image.RGBA, what string, tl, tr, bl, br image.Point) {
	t.Helper()
	checkPixel(t, img, tl.X, tl.Y, red, what+": red quadrant")
	checkPixel(t, img, tr.X, tr.Y, green, what+": green quadrant")
	checkPixel(t, img, bl.X, bl.Y, blue, what+": blue quadrant")
	checkPixel(t, img, br.X, br.Y, yellow, what+": yellow quadrant")
}

func TestSpritePixels(t *testing.T) {
	requireDisplay(t)
	q := quadrants(t)
	app := spriteApp(t, 1,
		render.Sprite{Image: q, X: 2, Y: 2},
		render.Sprite{Image: q, X: 12, Y: 2, FlipX: true},
		render.Sprite{Image: q, X: 22, Y: 2, FlipY: true},
		render.Sprite{Image: q, X: 36, Y: 6, OriginX: 0.5, OriginY: 0.5, Rotation: math.Pi / 2},
		render.Sprite{Image: q, X: 2, Y: 14, ScaleX: 2, ScaleY: 3},
		render.Sprite{Image: q, X: 22, Y: 14, Tint: color.RGBA{0, 255, 255, 255}},
		render.Sprite{Image: q, X: 44, Y: 2, ScaleX: -1, OriginX: 1}, // mirrored by a negative scale
	)
	img := frame(t, render.NewGame(app))
	checkQuadrants(t, img, "plain", image.Pt(4, 4), image.Pt(8, 4), image.Pt(4, 8), image.Pt(8, 8))
	checkQuadrants(t, img, "FlipX", image.Pt(18, 4), image.Pt(14, 4), image.Pt(18, 8), image.Pt(14, 8))
	checkQuadrants(t, img, "FlipY", image.Pt(24, 8), image.Pt(28, 8), image.Pt(24, 4), image.Pt(28, 4))
	// Turned a quarter clockwise about its centre (36, 6): top-left goes
	// to top-right.
	checkQuadrants(t, img, "Rotation π/2", image.Pt(38, 4), image.Pt(38, 8), image.Pt(34, 4), image.Pt(34, 8))
	// Scaled 2×3: quadrants 8×12 pixels.
	checkQuadrants(t, img, "scale 2×3", image.Pt(6, 20), image.Pt(14, 20), image.Pt(6, 32), image.Pt(14, 32))
	// The image spans 2..18 × 14..38; its edge pixels blend (linear
	// filtering), the ones past it are the background.
	checkPixel(t, img, 16, 36, yellow, "scale 2×3: near the last pixel")
	checkPixel(t, img, 18, 30, bg, "scale 2×3: right of the image")
	checkPixel(t, img, 10, 38, bg, "scale 2×3: below the image")
	// Tint (0, 1, 1) × each colour.
	checkPixel(t, img, 24, 16, color.RGBA{0, 0, 0, 255}, "red tinted cyan")
	checkPixel(t, img, 28, 16, green, "green tinted cyan")
	checkPixel(t, img, 24, 20, blue, "blue tinted cyan")
	checkPixel(t, img, 28, 20, green, "yellow tinted cyan")
	// Origin 1 with scale -1: the image spans 44..52, mirrored.
	checkQuadrants(t, img, "ScaleX -1", image.Pt(50, 4), image.Pt(46, 4), image.Pt(50, 8), image.Pt(46, 8))
}

func TestSpriteAtPose(t *testing.T) {
	requireDisplay(t)
	q := quadrants(t)
	app := spriteApp(t, 1,
		// Centred on the pose, turned with it.
		bundle{render.Sprite{Image: q, OriginX: 0.5, OriginY: 0.5}, pose{X: 20, Y: 20, R: math.Pi / 2}},
	)
	img := frame(t, render.NewGame(app))
	checkQuadrants(t, img, "at pose (20, 20) turned π/2", image.Pt(22, 18), image.Pt(22, 22), image.Pt(18, 18), image.Pt(18, 22))
	// An offset in the pose's frame: 10 to the "right" of a pose turned
	// a quarter clockwise is 10 down.
	app = spriteApp(t, 1, bundle{render.Sprite{Image: q, X: 10, OriginX: 0.5, OriginY: 0.5}, pose{X: 20, Y: 20, R: math.Pi / 2}})
	img = frame(t, render.NewGame(app))
	checkQuadrants(t, img, "offset (10, 0) at a pose turned π/2", image.Pt(22, 28), image.Pt(22, 32), image.Pt(18, 28), image.Pt(18, 32))
}

func TestSpritesOneDrawCallPerPage(t *testing.T) {
	requireDisplay(t)
	q := quadrants(t)
	var ents []any
	for i := range 50 {
		ents = append(ents, render.Sprite{Image: q, X: float64(i), Y: 30, Rotation: float64(i)})
	}
	app := spriteApp(t, 1, append(ents, render.Box{X: 0, Y: 0, W: 4, H: 4, Color: red, Layer: 1})...)
	frame(t, render.NewGame(app))
	st := glue.Resource[render.DrawList](app).Stats()
	// The sprites (image page), then the box (shapes page, higher Z).
	if st.Sprites != 50 || st.Shapes != 1 || st.Batches != 2 {
		t.Errorf("Stats = %+v, want 50 sprites and 1 shape in 2 batches", st)
	}
}

// Boxes and circles drawn at a pose: the shape's own coordinates are an
// offset from the pose, turned with it.
func TestBoxAndCircleAtPose(t *testing.T) {
	requireDisplay(t)
	// newApp also draws every Box and Disc at its own coordinates (near
	// the top-left corner here), away from the points checked.
	app := newApp(t, 1,
		// A 10×4 box centred on (20, 14).
		bundle{render.Box{X: -5, Y: -2, W: 10, H: 4, Color: red}, pose{X: 20, Y: 14}},
		// The same box on a pose turned a quarter: 4 wide, 10 high.
		bundle{render.Box{X: -5, Y: -2, W: 10, H: 4, Color: green}, pose{X: 45, Y: 14, R: math.Pi / 2}},
		// A circle on its pose, and one 10 to the "right" of a pose
		// turned a quarter: 10 down.
		bundle{render.Disc{R: 3, Color: blue}, pose{X: 20, Y: 36}},
		bundle{render.Disc{X: 10, R: 3, Color: yellow}, pose{X: 45, Y: 28, R: math.Pi / 2}},
	)
	app.AddSystems(glue.Draw, render.DrawBoxAt[render.Box, pose](), render.DrawCircleAt[render.Disc, pose]())
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 20, 14, red, "box centred on its pose")
	checkPixel(t, img, 24, 14, red, "box spans 10 wide")
	checkPixel(t, img, 20, 17, bg, "box is 4 high")
	checkPixel(t, img, 45, 18, green, "turned box spans 10 high")
	checkPixel(t, img, 49, 14, bg, "turned box is 4 wide")
	checkPixel(t, img, 20, 36, blue, "circle on its pose")
	checkPixel(t, img, 45, 38, yellow, "circle offset in the turned frame")
	checkPixel(t, img, 55, 28, bg, "not offset unturned")
}
