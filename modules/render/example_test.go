package render_test

import (
	"fmt"
	"image/color"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// Brick is a game's component. Three value methods make it an
// [render.IBox].
type Brick struct {
	X, Y  float64
	Color color.RGBA
}

func (b Brick) Rect() (x, y, w, h float64) { return b.X, b.Y, 20, 10 }
func (b Brick) Fill() color.RGBA           { return b.Color }
func (b Brick) Z() int                     { return 0 }

// Example wires rendering into a game: the plugin, a window, and a draw
// system per drawable component type. A real game would then call
// render.Run(app, nil).
func Example() {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: color.RGBA{20, 20, 40, 255}})
	app.InsertResource(render.Window{Title: "Breakout (glue demo)", Width: 200, Height: 400, Scale: 2})
	app.AddStartup(render.SetupWindow[render.Window]())
	draw := render.DrawBox[Brick]()
	app.AddSystems(glue.Draw, draw, render.DrawText[render.Label]())
	defer app.Close()

	fmt.Println(draw.Name())
	fmt.Println(app.Build())
	// Output:
	// render.DrawBox[render_test.Brick]
	// <nil>
}

// ExampleDrawList shows the batching: boxes, circles and texts are drawn
// from one atlas image, so a frame is one draw call.
func ExampleDrawList() {
	var list render.DrawList
	red := color.RGBA{255, 0, 0, 255}
	for i := range 1000 {
		list.AddRect(float64(i%20)*10, float64(i/20)*8, 8, 6, red, 0)
	}
	list.AddCircle(100, 300, 4, red, 0)
	list.AddText("SCORE 10", 4, 4, render.TextStyle{Color: red}, 1)
	list.Flush(nil, 2) // nil: count only
	fmt.Printf("%+v\n%d draw call\n", list.Stats(), list.Stats().DrawCalls())
	// Output:
	// {Shapes:1001 Sprites:0 Texts:1 Funcs:0 Particles:0 Culled:0 Batches:1 TextDraws:0 Vertices:4008 Indices:6012 OverlayDrawCalls:0 OverlayVertices:0}
	// 1 draw call
}

// ExampleMeasureText centres a label and measures it, e.g. to size a box
// behind it.
func ExampleMeasureText() {
	style := render.TextStyle{Size: 16, Font: render.FontMonoBold(), Align: render.AlignCenter}
	w, h := render.MeasureText("GAME OVER", style)
	fmt.Printf("%.1f × %.1f\n", w, h)
	// Output:
	// 86.5 × 18.5
}

func ExampleNotice() {
	var n render.Notice
	n.Show("Sound off (M for sound)")
	fmt.Println(n.Text, n.Left == render.NoticeTicks)
	// Output: Sound off (M for sound) true
}

// A 320×180 field at scale 3 is rendered 960 pixels wide where the
// window shows that many device pixels, and at a smaller whole scale
// where it shows fewer: in a 400×800 page at device scale 1 at 2, on a
// phone of the same size (device scale 3) at 3. The screen grows below
// the field with GrowDown.
func ExampleViewport_LayoutDevice() {
	vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
	for _, dpr := range []float64{1, 3} {
		w, h := vp.LayoutDevice(400, 800, dpr)
		x, y := vp.ToLogical(300, 150) // a pointer on the screen
		fmt.Printf("device scale %v: screen %d×%d at scale %v; screen (300, 150) is logical (%v, %v)\n", dpr, w, h, vp.Fit(), x, y)
	}
	// Output:
	// device scale 1: screen 640×1280 at scale 2; screen (300, 150) is logical (150, 75)
	// device scale 3: screen 960×1920 at scale 3; screen (300, 150) is logical (100, 50)
}
