package render_test

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// stripSheet returns a sheet of four 4×4 frames: red, green, blue,
// yellow.
func stripSheet(t testing.TB) *render.Sheet {
	t.Helper()
	s, err := render.GridSheet(stripImage(t), 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stripImage returns the strip of stripSheet: 16×4 pixels, four colours.
func stripImage(t testing.TB) render.Image {
	t.Helper()
	src := image.NewRGBA(image.Rect(0, 0, 16, 4))
	for x := range 16 {
		for y := range 4 {
			src.SetRGBA(x, y, []color.RGBA{red, green, blue, yellow}[x/4])
		}
	}
	img, err := render.NewImage(src)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// ended collects the ClipEnded events.
type ended struct{ clips []string }

func animApp(t testing.TB, a render.Animator) (*glue.App, *render.Game) {
	t.Helper()
	app := newApp(t, 1, bundle{a, render.Sprite{X: 10, Y: 10}})
	app.AddPlugins(timer.Plugin{})
	app.InsertResource(ended{})
	app.AddSystems(glue.Update, render.Animate())
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Ended glue.Reader[render.ClipEnded]
		Log   glue.ResMut[ended]
	}) {
		for _, e := range p.Ended.Read() {
			p.Log.Get().clips = append(p.Log.Get().clips, e.Clip.Name)
		}
	}))
	app.AddSystems(glue.Draw, render.DrawSprite[render.Sprite]())
	return app, render.NewGame(app)
}

func TestAnimateFrames(t *testing.T) {
	requireDisplay(t)
	sheet := stripSheet(t)
	// 20 frames per second at 60 ticks per second: 3 ticks a frame.
	clip, err := sheet.Clip("flash", render.Once, 20, 0, 1, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	app, g := animApp(t, render.NewAnimator(clip))
	want := []color.RGBA{red, red, green, green, green, blue, blue, blue, yellow, yellow, yellow, yellow}
	for i, w := range want {
		img := frame(t, g)
		checkPixel(t, img, 12, 12, w, fmt.Sprintf("frame after tick %d", i+1))
		if i == 3 {
			glue.Resource[timer.Time](app).SetPaused(true)
			for range 5 { // paused: the frame holds
				checkPixel(t, frame(t, g), 12, 12, green, "while paused")
			}
			glue.Resource[timer.Time](app).SetPaused(false)
		}
	}
	if got := glue.Resource[ended](app).clips; len(got) != 1 || got[0] != "flash" {
		t.Errorf("ClipEnded events %v, want one for \"flash\"", got)
	}
}

func TestAnimateTimeScale(t *testing.T) {
	requireDisplay(t)
	clip, _ := stripSheet(t).Clip("loop", render.Loop, 20, 0, 1, 2, 3)
	app, g := animApp(t, render.NewAnimator(clip))
	glue.Resource[timer.Time](app).SetScale(3) // a frame per tick
	for _, w := range []color.RGBA{green, blue, yellow, red, green} {
		checkPixel(t, frame(t, g), 12, 12, w, "at time scale 3")
	}
}

func TestAnimateInvalidClipFailsTheApp(t *testing.T) {
	_, g := animApp(t, render.NewAnimator(&render.Clip{Name: "nothing"}))
	err := g.Update()
	if err == nil || !strings.Contains(err.Error(), `render: entity`) || !strings.Contains(err.Error(), `clip "nothing" has no frames`) {
		t.Errorf("Update with an empty clip = %v, want an error naming the entity and the clip", err)
	}
}
