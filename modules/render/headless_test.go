package render_test

import (
	"errors"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// errTest is the error the counter fails with.
var errTest = errors.New("test: failed")

// count is a test resource: the ticks a system saw.
type count struct{ N int }

// counter is a headless app that counts its ticks, ends at end (0:
// never) and fails at fail (0: never).
func counter(t *testing.T, end, fail int) *glue.App {
	app := glue.NewApp()
	app.InsertResource(count{})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		C   glue.ResMut[count]
		Cmd glue.Commands
	}) {
		c := p.C.Get()
		c.N++
		if c.N == end {
			p.Cmd.End()
		}
		if c.N == fail {
			p.Cmd.Fail(errTest)
		}
	}).Named("test.count"))
	t.Cleanup(app.Close)
	return app
}

// TestRunHeadless: it runs Ticks ticks, stops after the tick Until holds
// after, stops without an error when the app ends, and returns the error
// that stopped it.
func TestRunHeadless(t *testing.T) {
	app := counter(t, 0, 0)
	if n, err := render.RunHeadless(app, render.Headless{Ticks: 5}); n != 5 || err != nil || glue.Resource[count](app).N != 5 {
		t.Errorf("5 ticks: ran %d, %v, counted %d", n, err, glue.Resource[count](app).N)
	}
	app = counter(t, 0, 0)
	until := func() bool { return glue.Resource[count](app).N == 3 }
	if n, err := render.RunHeadless(app, render.Headless{Ticks: 10, Until: until}); n != 3 || err != nil {
		t.Errorf("until the third tick: ran %d, %v", n, err)
	}
	app = counter(t, 4, 0)
	if n, err := render.RunHeadless(app, render.Headless{Ticks: 10}); n > 4 || err != nil {
		t.Errorf("ended in tick 4: ran %d, %v", n, err)
	}
	app = counter(t, 0, 2)
	if n, err := render.RunHeadless(app, render.Headless{Ticks: 10}); n != 1 || !errors.Is(err, errTest) {
		t.Errorf("failed in tick 2: ran %d, %v; want 1 and the error", n, err)
	}
}
