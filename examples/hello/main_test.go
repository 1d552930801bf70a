package main

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestRunsHeadless builds the game and plays a few ticks: the right arrow
// moves the sprite right, Space queues a beep.
func TestRunsHeadless(t *testing.T) {
	app, err := NewApp(true)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	sprite := func() render.Sprite {
		for _, e := range app.Entities(nil) {
			if s, ok := app.Component(e, glue.TypeOf[render.Sprite]()); ok {
				return s.(render.Sprite)
			}
		}
		t.Fatal("no sprite")
		return render.Sprite{}
	}
	keys := glue.Resource[input.Devices](app)
	tick := func(down ...ebiten.Key) {
		clear(keys.Keys[:])
		for _, k := range down {
			keys.Keys[k] = true
		}
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	tick()
	x0 := sprite().X
	for range 30 {
		tick(ebiten.KeyArrowRight)
	}
	if got := sprite().X - x0; got < 55 || got > 65 {
		t.Fatalf("half a second of the right arrow moved the sprite %v px, want 60", got)
	}
	tick(ebiten.KeySpace)
	if played := glue.Resource[audio.Sounds](app).Played(); played != 1 {
		t.Fatalf("Space played %d sounds, want 1", played)
	}
}

// TestRunFlags: -headless -ticks runs the game without a window, prints
// the ticks and where the hero is, and exits 0 (how glue's cmd/glue tests
// check that a new game runs); a bad flag value exits 2, naming it.
func TestRunFlags(t *testing.T) {
	var out, errs strings.Builder
	if code := run([]string{"-headless", "-ticks", "30"}, &out, &errs); code != 0 || out.String() != "ticks 30 hero at 160,100\n" || errs.Len() > 0 {
		t.Errorf("-headless -ticks 30: exit %d, stdout %q, stderr %q; want 0 and %q", code, out.String(), errs.String(), "ticks 30 hero at 160,100\n")
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{"-headless", "-ticks", "0"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "-ticks must be at least 1, got 0") {
		t.Errorf("-ticks 0: exit %d, stderr %q; want 2 and the flag named", code, errs.String())
	}
}
