//go:build !js

package main

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// hudView is what a hud test sees at the end of each tick.
type hudView struct {
	msg     string
	style   render.TextStyle // the message label's
	layer   int              // the message label's
	ballTop float64
}

// hudApp is a headless game with the autopilot playing, observed.
func hudApp(t *testing.T) (*glue.App, *hudView) {
	t.Helper()
	cfg := Config{Seed: 3, Settings: DefaultSettings(), Headless: true, Scale: 1}
	cfg.Settings.Autopilot = true
	app := NewApp(cfg)
	t.Cleanup(app.Close)
	v := &hudView{}
	app.AddSystems(glue.Last, glue.Func(func(p struct {
		Labels glue.Query2[LabelKind, render.Label]
		Balls  glue.Query2[Ball, physics.Body]
	}) {
		p.Labels.Each(func(_ glue.Entity, kind LabelKind, l render.Label) {
			if kind == MessageLabel {
				v.msg, v.style, v.layer = l.Value, l.Style, l.Layer
			}
		})
		p.Balls.Each(func(_ glue.Entity, b Ball, body physics.Body) { v.ballTop = body.Pos.Y - b.R })
	}).Named("test.hud"))
	return app, v
}

// press holds key down for one tick, then lets it go for one.
func press(t *testing.T, app *glue.App, key ebiten.Key) {
	t.Helper()
	keys := &glue.Resource[input.Devices](app).Keys
	keys[key] = true
	tick(t, "press", app)
	keys[key] = false
	tick(t, "release", app)
}

// TestHUDRowIsOutOfTheField: the ball never flies over the score and
// lives: it stays below the HUD's row the whole game.
func TestHUDRowIsOutOfTheField(t *testing.T) {
	app, v := hudApp(t)
	for range 3000 {
		tick(t, "play", app)
		if v.ballTop < HUDH-0.5 {
			t.Fatalf("tick %d: the ball's top at y %.1f, over the HUD row (0 to %d)", app.Tick(), v.ballTop, HUDH)
		}
	}
}

// shown is the message as it is drawn: wrapped to its style's width
// (render.TextStyle.Wrap).
func (v *hudView) shown() string { return render.WrapText(v.msg, v.style, v.style.Wrap) }

// TestPauseSaysBothKeysAndHidesTheBall: Escape pauses, and the message
// says that P or Escape resumes (it said "P to resume" after Escape),
// wrapped to the field, on an opaque box drawn over the ball.
func TestPauseSaysBothKeysAndHidesTheBall(t *testing.T) {
	app, v := hudApp(t)
	for range 120 {
		tick(t, "play", app)
	}
	press(t, app, ebiten.KeyEscape)
	if msg := v.msg; !strings.Contains(msg, "P or Esc to resume") {
		t.Errorf("paused with Escape, the message is %q; want it to name both keys", msg)
	}
	checkFits(t, v.shown())
	if v.style.Backdrop.A != 255 || v.style.Pad <= 0 || v.layer <= (Ball{}).Z() {
		t.Errorf("message style %+v: want an opaque box behind the text, drawn above the ball", v.style)
	}
	press(t, app, ebiten.KeyEscape)
	if msg := v.msg; msg != "" {
		t.Errorf("resumed: message %q; want none (and so no box)", msg)
	}
}

// TestMuteKey: M mutes and unmutes the sound in the game, and says so.
func TestMuteKey(t *testing.T) {
	app, v := hudApp(t)
	tick(t, "start", app)
	snd := glue.Resource[audio.Sounds](app)
	for _, want := range []bool{true, false} {
		press(t, app, ebiten.KeyM)
		if snd.Muted != want {
			t.Errorf("after M: Muted %v, want %v", snd.Muted, want)
		}
		msg := v.msg
		if !strings.Contains(msg, map[bool]string{true: "Sound off", false: "Sound on"}[want]) {
			t.Errorf("after M (muted %v) the message is %q", want, msg)
		}
	}
}

// TestLongNoticeWraps: a notice wider than the field, such as "Nothing
// saved yet (F5 saves)", is broken between words, not clipped.
func TestLongNoticeWraps(t *testing.T) {
	app, v := hudApp(t)
	tick(t, "start", app)
	glue.Resource[render.Notice](app).Show("Nothing saved yet (F5 saves) and a longer reason to wrap")
	tick(t, "notice", app)
	msg := v.shown()
	if !strings.Contains(msg, "\n") {
		t.Errorf("a long notice is one line: %q", msg)
	}
	checkFits(t, msg)
	if got := strings.Join(strings.Fields(msg), " "); got != "Nothing saved yet (F5 saves) and a longer reason to wrap" {
		t.Errorf("wrapping changed the words: %q", got)
	}
}
