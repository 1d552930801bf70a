package render_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// command is a test game's command line, its output in out and errs,
// with a -lives flag of its own that must be at least 1.
func command(d render.CommandDefaults) (cmd *render.Command, lives *int, out, errs *strings.Builder) {
	out, errs = &strings.Builder{}, &strings.Builder{}
	cmd = render.NewCommand("mygame", out, errs, d)
	lives = cmd.FlagSet.Int("lives", 3, "lives per game")
	return cmd, lives, out, errs
}

// TestCommandParse: each bad value is a line that names the game and
// the flag, the usage follows and Parse says no; good values fill the
// fields, and the seed is random unless given.
func TestCommandParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-ticks", "0"}, "mygame: -ticks must be at least 1, got 0\n"},
		{[]string{"-scale", "0"}, "mygame: -scale must be in (0, 8], got 0\n"},
		{[]string{"-frames", "0"}, "mygame: -frames must be at least 1, got 0\n"},
		{[]string{"-lives", "0"}, "mygame: -lives must be at least 1, got 0\n"},
		{[]string{"oops"}, "mygame: unexpected arguments: [oops]\n"},
		{[]string{"-nope"}, "flag provided but not defined: -nope\n"},
	} {
		cmd, lives, _, errs := command(render.CommandDefaults{})
		ok := cmd.Parse(tc.args, func(p *render.Problems) { p.AtLeast("lives", *lives, 1) })
		if ok || !strings.HasPrefix(errs.String(), tc.want) || !strings.Contains(errs.String(), "Usage of mygame:") {
			t.Errorf("%v: Parse %v, stderr\n%s\nwant false, a line %q and the usage", tc.args, ok, errs, tc.want)
		}
	}

	cmd, _, _, errs := command(render.CommandDefaults{Ticks: 600, Scale: 2})
	if !cmd.Parse([]string{"-seed", "42", "-headless", "-sequential", "-schedule"}, nil) {
		t.Fatalf("good flags refused: %s", errs)
	}
	if cmd.Seed != 42 || !cmd.Headless || !cmd.Sequential || !cmd.Schedule || cmd.Ticks != 600 || cmd.Scale != 2 {
		t.Errorf("fields %+v; want seed 42, headless, sequential, schedule, 600 ticks, scale 2", *cmd)
	}
	a, _, _, _ := command(render.CommandDefaults{})
	b, _, _, _ := command(render.CommandDefaults{})
	if !a.Parse(nil, nil) || !b.Parse(nil, nil) || a.Seed == b.Seed {
		t.Errorf("without -seed: seeds %d and %d, want two random ones", a.Seed, b.Seed)
	}
	if a.Ticks != 3600 || a.Scale != 1 {
		t.Errorf("zero defaults: %d ticks, scale %g; want 3600 and 1", a.Ticks, a.Scale)
	}
	c, _, _, errs := command(render.CommandDefaults{NoSeed: true})
	if c.Parse([]string{"-seed", "1"}, nil) || !strings.Contains(errs.String(), "not defined: -seed") {
		t.Errorf("NoSeed: -seed accepted, stderr %q", errs)
	}
}

// TestCommandRun: -schedule prints the schedule; -headless prints the
// seed, runs -ticks ticks and reports them; an error that stops the app
// is the status 1 and a line for the player, from Explain if it has one;
// without a display, -headless is offered with its usage.
func TestCommandRun(t *testing.T) {
	cmd, _, out, errs := command(render.CommandDefaults{})
	if !cmd.Parse([]string{"-schedule"}, nil) {
		t.Fatal(errs)
	}
	if code := cmd.Run(counter(t, 0, 0), render.Headless{}, nil); code != 0 || !strings.Contains(out.String(), "test.count") || errs.Len() > 0 {
		t.Errorf("-schedule: exit %d, stdout %q, stderr %q", code, out, errs)
	}

	cmd, _, out, errs = command(render.CommandDefaults{})
	if !cmd.Parse([]string{"-headless", "-ticks", "5", "-seed", "7"}, nil) {
		t.Fatal(errs)
	}
	app := counter(t, 0, 0)
	report := func(ticks int) { fmt.Fprintf(out, "ticks %d counted %d\n", ticks, glue.Resource[count](app).N) }
	if code := cmd.Run(app, render.Headless{}, report); code != 0 || out.String() != "ticks 5 counted 5\n" || errs.String() != "mygame: seed 7 (replay with -seed 7)\n" {
		t.Errorf("-headless -ticks 5: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	out.Reset()
	app = counter(t, 0, 0)
	until := func() bool { return glue.Resource[count](app).N == 2 }
	if code := cmd.Run(app, render.Headless{Ticks: 3, Until: until}, report); code != 0 || out.String() != "ticks 2 counted 2\n" {
		t.Errorf("Headless{Ticks: 3, Until: the second tick}: exit %d, stdout %q", code, out)
	}

	for _, tc := range []struct {
		fail    error
		explain func(error) string
		want    string
	}{
		{errTest, nil, "mygame: glue: system test.fail in stage Update: test: failed\n"},
		{errTest, func(error) string { return "-serve: cannot listen there" }, "mygame: -serve: cannot listen there\n"},
		{errTest, func(error) string { return "" }, "mygame: glue: system test.fail in stage Update: test: failed\n"},
		{fmt.Errorf("%w (no DISPLAY)", render.ErrNoDisplay), nil, "mygame: glue: system test.fail in stage Update: render: no display to open the window on (no DISPLAY)\n" +
			"mygame: or use -headless: run without a window (nothing is drawn, input is not read) and print the final state\n"},
	} {
		cmd, _, out, errs := command(render.CommandDefaults{NoSeed: true})
		cmd.Explain = tc.explain
		if !cmd.Parse([]string{"-headless"}, nil) {
			t.Fatal(errs)
		}
		app := glue.NewApp()
		app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) { c.Fail(tc.fail) }).Named("test.fail"))
		if code := cmd.Run(app, render.Headless{}, func(int) { out.WriteString("reported") }); code != 1 || out.Len() > 0 || errs.String() != tc.want {
			t.Errorf("%v: exit %d, stdout %q, stderr\n%s\nwant 1, nothing and\n%s", tc.fail, code, out, errs, tc.want)
		}
	}
}

func ExampleCommand() {
	cmd := render.NewCommand("mygame", os.Stdout, os.Stdout, render.CommandDefaults{Scale: 2})
	lives := cmd.FlagSet.Int("lives", 3, "lives per game")
	if !cmd.Parse([]string{"-headless", "-ticks", "5", "-seed", "42"}, func(p *render.Problems) {
		p.AtLeast("lives", *lives, 1)
	}) {
		return
	}
	app := glue.NewApp() // the game's NewApp(Config{Seed: cmd.Seed, Headless: cmd.Headless, Lives: *lives})
	cmd.Run(app, render.Headless{}, func(ticks int) { fmt.Println("ticks", ticks, "lives", *lives) })
	// Output:
	// mygame: seed 42 (replay with -seed 42)
	// ticks 5 lives 3
}

func ExampleProblems() {
	var p render.Problems
	p.AtLeast("lives", 0, 1)
	p.Between("bricks", 200_000, 0, 100_000)
	p.Between("players", 2, 1, 2)
	p.Addf("-players %d is a game over the network: add -serve host:port", 2)
	fmt.Println(strings.Join(p, "\n"))
	// Output:
	// -lives must be at least 1, got 0
	// -bricks must be between 0 and 100000, got 200000
	// -players 2 is a game over the network: add -serve host:port
}
