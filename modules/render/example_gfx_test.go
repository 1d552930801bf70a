package render_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing/fstest"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// examplePNG encodes a w×h image; a game embeds its PNG files instead
// (//go:embed assets/*.png) and passes the embed.FS.
func examplePNG(w, h int) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h)))
	return b.Bytes()
}

// ExampleLoadImages loads images from a file system into the atlas; a
// missing or broken file is an error naming it.
func ExampleLoadImages() {
	fsys := fstest.MapFS{
		"ship.png":  {Data: examplePNG(16, 16)},
		"rocks.png": {Data: examplePNG(64, 32)},
	}
	imgs, err := render.LoadImages(fsys, "ship.png", "rocks.png")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(imgs[0].Size())
	fmt.Println(imgs[1].Size())
	_, err = render.LoadImage(fsys, "missing.png")
	fmt.Println(err)
	// Output:
	// 16 16
	// 64 32
	// render: image "missing.png": open missing.png: file does not exist
}

// ExampleSheet_Clip cuts a sheet into frames by a grid and plays a clip
// of some of them.
func ExampleSheet_Clip() {
	img, _ := render.NewImage(image.NewRGBA(image.Rect(0, 0, 64, 16)))
	sheet, _ := render.GridSheet(img, 16, 16)
	fmt.Println(sheet.Len(), "frames")

	walk, _ := sheet.Clip("walk", render.PingPong, 10, 0, 1, 2)
	a := render.NewAnimator(walk)
	var shown []int
	for range 5 {
		a.Advance(0.1) // one frame's duration
		shown = append(shown, a.Index())
	}
	fmt.Println(shown)

	_, err := sheet.Clip("jump", render.Once, 10, 3, 4)
	fmt.Println(err)
	// Output:
	// 4 frames
	// [1 2 1 0 1]
	// render: clip "jump": frame 4 out of range: the sheet has 4 frames (0 to 3)
}

// Body is a game's physics component; its Pose places the sprite.
type Body struct{ X, Y, Angle float64 }

func (b Body) Pose() (x, y, rotation float64) { return b.X, b.Y, b.Angle }

// ExampleDrawSpriteAt wires animated sprites drawn at their bodies'
// poses, a camera following the player, and a HUD label that ignores
// the camera.
func ExampleDrawSpriteAt() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	app.AddSystems(glue.Update, render.Animate())
	app.AddSystems(glue.PostUpdate, render.FollowCamera[Body](), render.UpdateCamera())
	draw := render.DrawSpriteAt[render.Sprite, Body]()
	app.AddSystems(glue.Draw, draw, render.DrawText[render.Label]())
	app.AddStartup(glue.Func(func(p struct {
		Camera glue.ResMut[render.Camera]
		Cmds   glue.Commands
	}) {
		*p.Camera.Get() = render.Camera{Zoom: 2, Smoothing: 5}
		p.Cmds.Spawn(render.Sprite{OriginX: 0.5, OriginY: 0.5}, Body{X: 100, Y: 50, Angle: math.Pi / 4})
		p.Cmds.Spawn(render.Label{Value: "SCORE 0", UI: true})
	}))
	defer app.Close()
	fmt.Println(draw.Name())
	fmt.Println(app.Build())
	// Output:
	// render.DrawSpriteAt[render.Sprite, render_test.Body]
	// <nil>
}

// ExampleDrawList_AddFunc interleaves a custom draw with the module's
// items: it is called between the items below and above its Z.
func ExampleDrawList_AddFunc() {
	var list render.DrawList
	red := color.RGBA{255, 0, 0, 255}
	list.AddRect(0, 0, 10, 10, red, 1)
	list.AddFunc(func(dst *ebiten.Image) { /* draw with Ebitengine */ }, 2)
	list.AddRect(5, 5, 10, 10, red, 3)
	list.AddLine(0, 0, 20, 20, 2, red, 0)
	list.AddPolygon([]render.Point{{0, 0}, {10, 0}, {10, 10}, {5, 3}, {0, 10}}, red, 0)
	list.Flush(nil, 1)
	st := list.Stats()
	fmt.Printf("%d shapes, %d func, %d batches\n", st.Shapes, st.Funcs, st.Batches)
	// Output:
	// 6 shapes, 1 func, 2 batches
}

// ExampleCamera_ScreenToWorld maps a click to the world point under it.
func ExampleCamera_ScreenToWorld() {
	cam := render.Camera{X: 500, Y: 300, Zoom: 2}
	cam.SetViewSize(320, 240) // the plugin sets it from the Viewport
	vp := render.Viewport{Width: 320, Height: 240, Scale: 2}
	x, y := cam.ScreenToWorld(vp.ToLogical(400, 240)) // a click, in screen pixels
	fmt.Println(x, y)
	// Output:
	// 520 300
}

// ExampleNamedSheet cuts frames out of a sheet by name, for art packed
// unevenly.
func ExampleNamedSheet() {
	img, _ := render.NewImage(image.NewRGBA(image.Rect(0, 0, 48, 32)))
	sheet, err := render.NamedSheet(img, map[string]image.Rectangle{
		"ship": image.Rect(0, 0, 32, 32),
		"shot": image.Rect(32, 0, 40, 8),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	shot, _ := sheet.Named("shot")
	fmt.Println(shot.Size())
	_, err = sheet.Named("ufo")
	fmt.Println(err)
	// Output:
	// 8 8
	// render: the sheet has no frame "ufo"; it has "ship", "shot"
}

// ExampleAnimator plays a clip once; Advance reports its end, as the
// Animate system does with a ClipEnded event.
func ExampleAnimator() {
	img, _ := render.NewImage(image.NewRGBA(image.Rect(0, 0, 96, 32)))
	sheet, _ := render.GridSheet(img, 32, 32)
	boom, _ := sheet.Clip("boom", render.Once, 10, 0, 1, 2)
	a := render.NewAnimator(boom)
	a.Speed = 2 // twice as fast: 0.05 s a frame
	for tick := 1; tick <= 4; tick++ {
		ended := a.Advance(0.05)
		fmt.Println(tick, a.Index(), ended)
	}
	// Output:
	// 1 1 false
	// 2 2 false
	// 3 2 true
	// 4 2 false
}

// Rock is vector art: a polygon in local coordinates, drawn at its
// body's pose.
type Rock struct{ render.Shape }

// ExampleDrawPolygonAt wires vector art drawn at a pose.
func ExampleDrawPolygonAt() {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	draw := render.DrawPolygonAt[Rock, Body]()
	app.AddSystems(glue.Draw, draw)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(Rock{render.Shape{
			Points:      []render.Point{{-8, -6}, {6, -8}, {9, 3}, {0, 9}, {-9, 4}},
			StrokeColor: color.RGBA{200, 200, 200, 255}, StrokeWidth: 1.5,
		}}, Body{X: 40, Y: 30})
	}))
	defer app.Close()
	fmt.Println(draw.Name())
	fmt.Println(app.Build())
	// Output:
	// render.DrawPolygonAt[render_test.Rock, render_test.Body]
	// <nil>
}

// ExampleCamera_Follow moves a camera towards a target smoothly, kept
// inside the world's bounds.
func ExampleCamera_Follow() {
	cam := render.Camera{Zoom: 1, Smoothing: math.Ln2, Bounds: render.Rect{MaxX: 1000, MaxY: 1000}}
	cam.SetViewSize(200, 100)
	cam.Follow(400, 20, 1) // half the way in a second
	x, y := cam.Center()   // y kept 50 from the top edge
	fmt.Println(cam.X, cam.Y, x, y)
	// Output:
	// 200 10 200 50
}

// ExampleLoadImagesAsync loads images in the background, as a game in
// the browser loads them from an HTTPFS (render.HTTPFS{Base:
// "assets/"}): a system polls the load every tick, and the sprite shows
// the zero Image — nothing — until the image has arrived.
func ExampleLoadImagesAsync() {
	fsys := fstest.MapFS{"ship.png": {Data: examplePNG(16, 8)}}
	load := render.LoadImagesAsync(fsys, "ship.png")
	ship := render.Sprite{X: 10, Y: 10} // drawn once its Image is set

	<-load.Done() // a game does not wait: it polls from a system each tick
	imgs, done, err := load.Poll()
	if err != nil {
		fmt.Println(err)
		return
	}
	if done {
		ship.Image = imgs[0]
	}
	fmt.Println(done, ship.Image.IsZero())
	fmt.Println(ship.Image.Size())

	missing := render.LoadImagesAsync(fsys, "missing.png")
	<-missing.Done()
	_, done, err = missing.Poll()
	fmt.Println(done, err)
	// Output:
	// true false
	// 16 8
	// true render: image "missing.png": open missing.png: file does not exist
}
