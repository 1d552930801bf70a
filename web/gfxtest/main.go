// Gfxtest is the browser test's scene of modules/render, built for the
// browser by `make wasm-gfx` into web/dist/gfxtest: sprites turned,
// tinted and ordered by Z with a custom draw between them, and a sprite
// sheet loaded over HTTP (render.HTTPFS, render.LoadImagesAsync) while
// the game runs, with three loads that fail (a missing file, a file that
// is not a PNG, a PNG cut short); once the sheet is in, it decodes it again with
// render.DecodeImage (in the browser, the browser's own decoder) and with
// Go's image/png, and compares their pixels. In the browser it answers
// window.gfxState() with what it has drawn and loaded and how the
// decoders compare (web/test/render.test.mjs checks them);
// natively it loads the sheet from games/assets:
//
//	go run ./web/gfxtest
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png" // the reference decoder, against render.DecodeImage's
	"io/fs"
	"log"
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/games/assets"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// The scene's size in logical pixels, its colours and places; the
// browser test reads the same numbers.
const (
	W, H = 160, 120
)

var (
	bg      = color.RGBA{16, 18, 28, 255}
	red     = color.RGBA{255, 0, 0, 255}
	green   = color.RGBA{0, 255, 0, 255}
	blue    = color.RGBA{0, 0, 255, 255}
	yellow  = color.RGBA{255, 255, 0, 255}
	magenta = color.RGBA{255, 0, 255, 255}
)

// Scene is the state the page is told about.
type Scene struct {
	Frame  int      // frames drawn
	Loaded int      // the frame the sheet appeared in, 0 before
	Errors []string // the failed loads' errors, in order
	// Decoders compares render.DecodeImage's pixels of the sheet with
	// image/png's, once the sheet is in: "" before.
	Decoders string
	loads    []*render.ImageLoad
	sheet    *render.ImageLoad
	fsys     fs.FS
	compared chan string
}

// Sheet marks the sprite that shows the sheet's frame once it is loaded.
type Sheet struct{ S render.Sprite }

// Sprite returns the sprite.
func (s Sheet) Sprite() render.Sprite { return s.S }

// setup makes the images, spawns the sprites and starts the loads.
func setup(p struct {
	Scene glue.ResMut[Scene]
	Cmds  glue.Commands
}) {
	white := func(w, h int) render.Image {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = 255
		}
		out, err := render.NewImage(img)
		if err != nil {
			p.Cmds.Fail(err)
		}
		return out
	}
	bar, square := white(20, 4), white(16, 16)
	p.Cmds.Spawn(render.Sprite{Image: bar, X: 30, Y: 30, Rotation: math.Pi / 2, OriginX: 0.5, OriginY: 0.5, Tint: red}) // x 28..32, y 20..40
	p.Cmds.Spawn(render.Sprite{Image: bar, X: 60, Y: 30, OriginX: 0.5, OriginY: 0.5, Tint: green})                      // x 50..70, y 28..32
	p.Cmds.Spawn(render.Sprite{Image: square, X: 90, Y: 20, Tint: blue, Z: 3})                                          // 90..106 × 20..36, over the func
	p.Cmds.Spawn(render.Sprite{Image: square, X: 98, Y: 28, Tint: yellow, Z: 1})                                        // 98..114 × 28..44, under it
	p.Cmds.Spawn(Sheet{S: render.Sprite{X: 130, Y: 80, OriginX: 0.5, OriginY: 0.5}})                                    // 114..146 × 64..96 once loaded
	fsys := assetFS()
	s := p.Scene.Get()
	s.fsys = fsys
	s.sheet = render.LoadImagesAsync(fsys, assets.Sheet)
	s.loads = []*render.ImageLoad{render.LoadImagesAsync(fsys, "missing.png"), render.LoadImagesAsync(fsys, "notpng.png"), render.LoadImagesAsync(fsys, "cut.png")}
}

// poll shows the sheet's asteroid frame once it has arrived and records
// the failed loads.
func poll(p struct {
	Scene  glue.ResMut[Scene]
	Sheets glue.Query1[*Sheet]
	Cmds   glue.Commands
}) {
	s := p.Scene.Get()
	if s.sheet != nil {
		imgs, done, err := s.sheet.Poll()
		if done {
			s.sheet = nil
			if err != nil {
				s.Errors = append(s.Errors, err.Error())
			} else if frame, err := asteroid(imgs[0]); err != nil {
				p.Cmds.Fail(err)
			} else {
				p.Sheets.Each(func(_ glue.Entity, sp *Sheet) { sp.S.Image = frame })
				s.Loaded = s.Frame + 1
				s.compared = make(chan string, 1)
				go func(fsys fs.FS, out chan<- string) { out <- compareDecoders(fsys, assets.Sheet) }(s.fsys, s.compared)
			}
		}
	}
	if s.compared != nil {
		select {
		case s.Decoders = <-s.compared:
			s.compared = nil
		default:
		}
	}
	for i, l := range s.loads {
		if l == nil {
			continue
		}
		if _, done, err := l.Poll(); done {
			s.loads[i] = nil
			if err == nil {
				err = fmt.Errorf("gfxtest: load %d did not fail", i)
			}
			s.Errors = append(s.Errors, err.Error())
		}
	}
}

// compareDecoders decodes the PNG at path in fsys with render.DecodeImage
// and with image/png, and says, as JSON, how many pixels there are, how
// many are opaque, transparent and in between (by image/png), and, of
// each kind, how many differ and by how much at most in a channel:
// straight colours, and premultiplied (what the atlas holds and draws).
func compareDecoders(fsys fs.FS, path string) string {
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	want, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	got, err := render.DecodeImage(fsys, path)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf(`{"error":"bounds %v, image/png's %v"}`, got.Bounds(), want.Bounds())
	}
	var n, differ, maxStraight, maxPremul [3]int // opaque, transparent, in between
	delta := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w, g := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA), color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)
			wp, gp := color.RGBAModel.Convert(w).(color.RGBA), color.RGBAModel.Convert(g).(color.RGBA)
			k := 2
			switch w.A {
			case 255:
				k = 0
			case 0:
				k = 1
			}
			n[k]++
			ds := max(delta(w.R, g.R), delta(w.G, g.G), delta(w.B, g.B), delta(w.A, g.A))
			if k == 1 {
				ds = delta(w.A, g.A) // a transparent pixel's colour is not drawn
			}
			dp := max(delta(wp.R, gp.R), delta(wp.G, gp.G), delta(wp.B, gp.B), delta(wp.A, gp.A))
			if ds != 0 || dp != 0 {
				differ[k]++
			}
			maxStraight[k], maxPremul[k] = max(maxStraight[k], ds), max(maxPremul[k], dp)
		}
	}
	return fmt.Sprintf(`{"pixels":[%d,%d,%d],"differ":[%d,%d,%d],"maxStraight":[%d,%d,%d],"maxPremultiplied":[%d,%d,%d]}`,
		n[0], n[1], n[2], differ[0], differ[1], differ[2], maxStraight[0], maxStraight[1], maxStraight[2], maxPremul[0], maxPremul[1], maxPremul[2])
}

// asteroid cuts the asteroid's frame out of the sheet.
func asteroid(img render.Image) (render.Image, error) {
	sheet, err := render.GridSheet(img, assets.Cell, assets.Cell)
	if err != nil {
		return render.Image{}, err
	}
	return sheet.Frame(assets.FrameAsteroid)
}

// Label is a text in Go Regular, white, with its top-left corner at
// (LabelX, LabelY): the page draws its glyphs where render lays them out
// (modules/render/fonts_js.go). The page is told the box MeasureText
// gives it.
const (
	Label          = "Hello, glue"
	LabelX, LabelY = 8, 60
)

var labelStyle = render.TextStyle{Size: 12, Color: color.RGBA{255, 255, 255, 255}}

// interleave adds a custom draw at Z 2, between the blue square (Z 3)
// and the yellow one (Z 1): a magenta rectangle, 94..112 × 24..40; and
// the label.
func interleave(l glue.ResMut[render.DrawList]) {
	d := l.Get()
	d.AddText(Label, LabelX, LabelY, labelStyle, 0)
	d.AddFunc(func(dst *ebiten.Image) {
		g := d.GeoM()
		x0, y0 := g.Apply(94, 24)
		x1, y1 := g.Apply(112, 40)
		r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
		dst.SubImage(r).(*ebiten.Image).Fill(magenta)
	}, 2)
}

// count counts the frames drawn and tells the page (platform_js.go).
func count(s glue.ResMut[Scene]) {
	s.Get().Frame++
	report(s.Get())
}

func main() {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: bg})
	app.InsertResource(render.Window{Title: "glue: render in the browser", Width: W, Height: H, Scale: 2, Resizable: true})
	app.InsertResource(Scene{})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(setup))
	app.AddSystems(glue.Update, glue.Func(poll))
	app.AddSystems(glue.Draw, render.DrawSprite[render.Sprite](), render.DrawSprite[Sheet](), glue.Func(interleave), glue.Func(count))
	if err := render.Run(app, nil); err != nil {
		log.Fatal(err)
	}
}
