package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// The rendering test plays the real game in a real Ebitengine window (under
// Xvfb in `make test`) and compares the screen's pixels with the world.
// Pixels can be read only while a game runs, so TestMain runs the game and
// runs every test of the package from inside it, once the screenshot is
// taken (as Ebitengine's own tests do). Without a display the tests run
// directly and TestRenderMatchesWorld skips.

// frameWorld is the world as the render thread drew it: recorded by a draw
// system every frame, so that the last record is the screenshot's frame.
type frameWorld struct {
	bricks           []Brick
	paddle           Paddle
	ball             Ball
	paddleAt, ballAt physics.Vec // their bodies' centres, where they are drawn
	score            string
}

var (
	drawn    frameWorld
	shot     *image.RGBA
	rendered bool
)

// RunTests is the stage, after HUD, in which TestMain runs the tests
// once the screenshot is taken.
const RunTests glue.Stage = "test.RunTests"

// frameParams are what the frame recorder reads.
type frameParams struct {
	Bricks  glue.Query1[*Brick]
	Paddles glue.Query2[*Paddle, *physics.Body]
	Balls   glue.Query2[*Ball, *physics.Body]
	Labels  glue.Query2[LabelKind, render.Label]
}

// runParams are what the test runner reads.
type runParams struct {
	Shot glue.Res[render.Screenshot]
	Cmd  glue.Commands
}

func TestMain(m *testing.M) {
	exit := captureLogs() // printed if a test fails
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		exit(m.Run())
	}
	cfg := Config{Seed: 1, Settings: DefaultSettings(), Scale: 2, Mute: true,
		Screenshot: render.Screenshot{Frames: 150}}
	cfg.Settings.Autopilot = true
	app := NewApp(cfg)
	app.AddSystems(glue.Draw, glue.Func(func(p frameParams) {
		drawn.bricks = drawn.bricks[:0]
		p.Bricks.Each(func(_ glue.Entity, b *Brick) { drawn.bricks = append(drawn.bricks, *b) })
		_, pad, padBody, _ := p.Paddles.First()
		_, b, ballBody, _ := p.Balls.First()
		drawn.paddle, drawn.ball = *pad, *b
		drawn.paddleAt, drawn.ballAt = padBody.Pos, ballBody.Pos
		p.Labels.Each(func(_ glue.Entity, kind LabelKind, l render.Label) {
			if kind == ScoreLabel {
				drawn.score = l.Value
			}
		})
	}).Named("test.recordFrame"))
	app.AddStagesAfter(HUD, RunTests)
	code := 1
	app.AddSystems(RunTests, glue.Func(func(p runParams) {
		if p.Shot.Get().Done {
			shot, rendered = p.Shot.Get().Image, true
			code = m.Run()
			p.Cmd.End()
		}
	}).Named("test.run"))
	if err := render.Run(app, nil); err != nil {
		fmt.Fprintln(os.Stderr, "breakout test:", err)
		exit(1)
	}
	exit(code)
}

func TestRenderMatchesWorld(t *testing.T) {
	if !rendered {
		t.Skip("no DISPLAY: run under `xvfb-run -a go test ./games/breakout` (make test does)")
	}
	scale := float64(shot.Bounds().Dx()) / FieldW
	if scale < 1 || shot.Bounds().Dy() != int(FieldH*scale) {
		t.Fatalf("screenshot is %v, want the 200x400 field scaled", shot.Bounds())
	}
	at := func(x, y float64) color.RGBA {
		return shot.RGBAAt(int(x*scale), int(y*scale))
	}
	same := func(a, b color.RGBA) bool {
		d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
		return d(a.R, b.R) <= 8 && d(a.G, b.G) <= 8 && d(a.B, b.B) <= 8
	}
	// Every live brick is drawn in its colour.
	live := map[[2]float64]bool{}
	for _, b := range drawn.bricks {
		live[[2]float64{b.X, b.Y}] = true
		if c := at(b.X+b.W/2, b.Y+b.H/2); !same(c, b.Color) {
			t.Errorf("brick at (%g, %g): pixel %v, want %v", b.X, b.Y, c, b.Color)
		}
	}
	// Every broken brick's place is background.
	broken := 0
	for _, b := range brickLayout(0) {
		if live[[2]float64{b.X, b.Y}] {
			continue
		}
		broken++
		if c := at(b.X+b.W/2, b.Y+b.H/2); !same(c, backgroundColor) {
			t.Errorf("broken brick at (%g, %g) still drawn: pixel %v", b.X, b.Y, c)
		}
	}
	if broken == 0 || len(drawn.bricks)+broken != 36 {
		t.Fatalf("%d live and %d broken bricks: the test needs a game in progress", len(drawn.bricks), broken)
	}
	// The paddle and ball are drawn on their bodies (render.DrawBoxAt,
	// DrawCircleAt): nothing copies the positions.
	p, pc := drawn.paddle, drawn.paddleAt
	if c := at(pc.X, pc.Y); !same(c, p.Fill()) {
		t.Errorf("paddle centre (%g, %g): pixel %v, want %v", pc.X, pc.Y, c, p.Fill())
	}
	if left := pc.X - p.W/2; left > 4 {
		if c := at(left-3, pc.Y); !same(c, backgroundColor) {
			t.Errorf("left of the paddle: pixel %v, want background", c)
		}
	}
	b, bc := drawn.ball, drawn.ballAt
	if c := at(bc.X, bc.Y); !same(c, b.Fill()) {
		t.Errorf("ball centre (%g, %g): pixel %v, want %v", bc.X, bc.Y, c, b.Fill())
	}
	// The score text: light pixels in its box, none in the empty band below.
	if drawn.score == "" || drawn.score == "Score 0" {
		t.Fatalf("score label %q: want a score above 0", drawn.score)
	}
	textPixels, emptyPixels := 0, 0
	for y := 6.0; y < 22; y += 1 / scale {
		for x := 6.0; x < 80; x += 1 / scale {
			if c := at(x, y); c.R > 150 && c.G > 150 && c.B > 150 {
				textPixels++
			}
		}
	}
	for y := 24.0; y < 36; y += 1 / scale {
		for x := 6.0; x < 80; x += 1 / scale {
			if !same(at(x, y), backgroundColor) {
				emptyPixels++
			}
		}
	}
	if textPixels < 30 || emptyPixels > 0 {
		t.Errorf("score text: %d light pixels in its box (want >= 30), %d non-background pixels below it (want 0)", textPixels, emptyPixels)
	}
}
