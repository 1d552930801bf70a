package render

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/gluekit/glue"
)

// CommandDefaults are the defaults of a [Command]'s flags; a zero field
// takes the default its comment names.
type CommandDefaults struct {
	// Ticks is -ticks' default: 3600 (a minute at 60 ticks a second).
	Ticks int
	// Scale is -scale's default: 1.
	Scale float64
	// Frames is -frames' default: 60.
	Frames int
	// NoSeed leaves -seed out, for a game without randomness.
	NoSeed bool
}

// Command is a game's command line: the flags glue games share, defined
// on a flag set the game adds its own to, their checks, and the run they
// ask for — the schedule printed, the game without a window or in one —
// with the error that stopped it explained to the player. A game's run
// says only what is its own: its flags and their checks, its app, and
// how to print its final state.
//
//	cmd := render.NewCommand("mygame", stdout, stderr, render.CommandDefaults{Scale: 2})
//	lives := cmd.FlagSet.Int("lives", 3, "lives per game")
//	if !cmd.Parse(args, func(p *render.Problems) { p.AtLeast("lives", *lives, 1) }) {
//		return 2
//	}
//	app := NewApp(Config{Seed: cmd.Seed, Headless: cmd.Headless, Lives: *lives})
//	return cmd.Run(app, render.Headless{}, func(ticks int) { fmt.Fprintln(stdout, "ticks", ticks) })
//
// The window's flags (-scale, -screenshot, -frames) are the embedded
// [Flags]. A game may pass cmd.Scale and cmd.Screenshot on to its [Window]
// and [Plugin]; where it does not, Run applies them itself before the
// window opens: -screenshot to the [Screenshot] resource, a -scale given
// on the command line to the [Window] resource — and refuses a -scale
// with no Window resource, naming the fix. -screenshot with -headless is
// refused by Parse.
type Command struct {
	// Name is the game's: the flag set's name, and the first word of
	// every line the command prints ("mygame: -lives must be at least 1,
	// got 0").
	Name string
	// FlagSet holds the shared flags; the game defines its own on it
	// before Parse. It reports its errors and usage on stderr.
	FlagSet *flag.FlagSet
	// Flags are the window's flags, checked by Parse.
	Flags
	// Seed is -seed, the game's random seed: after Parse, a random one
	// unless the flag was given (or -replay set it, replay.Flags). Run
	// prints it first, "mygame: seed 42 (replay with -seed 42)", unless
	// NoSeed.
	Seed uint64
	// NoSeed is CommandDefaults.NoSeed: the game has no -seed. A game
	// that shows another's, whose seed is not its own (the watcher of a
	// served game), sets it after Parse, and Run prints no seed.
	NoSeed bool
	// Headless is -headless: Run runs the app without a window
	// ([RunHeadless]). Its usage says what the game does then, and Run
	// offers it to a player without a display; a game that does more
	// says so: cmd.FlagSet.Lookup("headless").Usage = "…".
	Headless bool
	// Ticks is -ticks: how many ticks Run runs with -headless.
	Ticks int
	// Schedule is -schedule: Run prints the app's schedule and exits.
	Schedule bool
	// Sequential is -sequential, for glue.Options: systems run one after
	// another.
	Sequential bool
	// Explain, if not nil, is asked first for the player's line about an
	// error that stopped the game, without the game's name: a server
	// that cannot listen, in the terms of the flag that chose its
	// address (netflags.ListenTrouble). "" leaves the line to Run.
	Explain func(error) string

	stdout, stderr io.Writer
	scaleSet       bool // -scale was given on the command line
}

// NewCommand returns the command line of the game name, which prints on
// stdout and stderr, with its shared flags defined on its FlagSet as d
// says: -seed, -headless, -ticks, -schedule, -sequential, and the
// window's -scale, -screenshot and -frames ([AddFlags]).
func NewCommand(name string, stdout, stderr io.Writer, d CommandDefaults) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &Command{Name: name, FlagSet: fs, NoSeed: d.NoSeed, stdout: stdout, stderr: stderr}
	if !d.NoSeed {
		fs.Uint64Var(&c.Seed, "seed", 0, "random seed (default: a random one, printed so the game can be replayed)")
	}
	fs.BoolVar(&c.Headless, "headless", false, "run without a window (nothing is drawn, input is not read) and print the final state")
	fs.IntVar(&c.Ticks, "ticks", cmp.Or(d.Ticks, 3600), "with -headless: the number of ticks to run (at 60 per second)")
	fs.BoolVar(&c.Schedule, "schedule", false, "print the schedule and exit")
	fs.BoolVar(&c.Sequential, "sequential", false, "run systems one after another (for debugging; the game plays the same)")
	c.Flags.define(fs, cmp.Or(d.Scale, 1), cmp.Or(d.Frames, 60))
	return c
}

// Parse parses args (the command line without the program's name) and
// checks the values: -ticks at least 1, the window's flags
// ([Flags.Check]), the game's own — check, if not nil, adds what is
// wrong with them to p — and no arguments after the flags. It prints
// each problem on stderr, "name: problem", then the usage, and returns
// false if there are any, or if args do not parse (the flag set said
// why): the game exits with status 2. Else it picks a random Seed
// unless -seed was given, and returns true.
func (c *Command) Parse(args []string, check func(p *Problems)) bool {
	if err := c.FlagSet.Parse(args); err != nil {
		return false
	}
	var p Problems
	p.AtLeast("ticks", c.Ticks, 1)
	p.Add(c.Flags.Check()...)
	if check != nil {
		check(&p)
	}
	if c.FlagSet.NArg() > 0 {
		p.Addf("unexpected arguments: %v", c.FlagSet.Args())
	}
	if c.Headless && c.shot != "" {
		p.Add("-screenshot needs a window (nothing is drawn with -headless); leave out one of them")
	}
	if len(p) > 0 {
		for _, line := range p {
			fmt.Fprintf(c.stderr, "%s: %s\n", c.Name, line)
		}
		c.FlagSet.Usage()
		return false
	}
	seedSet := false
	c.FlagSet.Visit(func(f *flag.Flag) {
		seedSet = seedSet || f.Name == "seed"
		c.scaleSet = c.scaleSet || f.Name == "scale"
	})
	if !c.NoSeed && !seedSet {
		c.Seed = rand.Uint64()
	}
	return true
}

// Run runs app as the flags ask, closes it and returns the game's exit
// status. With -schedule it prints app's schedule on stdout
// (glue.App.WriteDescription). Else it prints the seed on stderr (unless
// NoSeed), then with -headless runs app with [RunHeadless] as h says —
// for -ticks ticks unless h.Ticks is set — and calls report, if not nil,
// with the ticks run, to print the game's final state; without -headless
// it gives the app the window's flags the game did not pass on (see
// [Command]) and runs app in a window ([Run]). An error that stops the app is
// explained on stderr (Explain; [ErrNoDisplay] gets -headless as the
// other way out) and the status is 1.
func (c *Command) Run(app *glue.App, h Headless, report func(ticks int)) int {
	defer app.Close()
	if c.Schedule {
		writeSchedule(app, c.stdout)
		return 0
	}
	if !c.NoSeed {
		fmt.Fprintf(c.stderr, "%s: seed %d (replay with -seed %d)\n", c.Name, c.Seed, c.Seed)
	}
	var err error
	if c.Headless {
		h.Ticks = cmp.Or(h.Ticks, c.Ticks)
		var n int
		if n, err = RunHeadless(app, h); err == nil && report != nil {
			report(n)
		}
	} else if err = c.applyFlags(app); err == nil {
		err = Run(app, nil)
	}
	if err != nil {
		fmt.Fprintln(c.stderr, c.explain(err))
		return 1
	}
	return 0
}

// Fail prints the player's line for err on stderr — "mygame: " and the
// error, or Explain's line — and returns 1, the exit status of a game
// that failed: for the errors of a game's own run, before or after Run
// ("mygame: -dev: no go.mod in /home/me or above").
//
//	app, err := NewApp(cfg)
//	if err != nil {
//		return cmd.Fail(err)
//	}
func (c *Command) Fail(err error) int {
	fmt.Fprintln(c.stderr, c.explain(err))
	return 1
}

// explain is the player's line for an error that stopped the game.
func (c *Command) explain(err error) string {
	if c.Explain != nil {
		if line := c.Explain(err); line != "" {
			return c.Name + ": " + line
		}
	}
	if errors.Is(err, ErrNoDisplay) {
		return fmt.Sprintf("%s: %v\n%s: or use -headless: %s", c.Name, err, c.Name, c.FlagSet.Lookup("headless").Usage)
	}
	return fmt.Sprintf("%s: %v", c.Name, err)
}

// Problems are what is wrong with a command line's values, each a line
// for the player that names the flag: "-lives must be at least 1, got 0".
type Problems []string

// Add adds lines as they are.
func (p *Problems) Add(lines ...string) { *p = append(*p, lines...) }

// Addf adds a line formatted as fmt.Sprintf formats it.
func (p *Problems) Addf(format string, args ...any) { p.Add(fmt.Sprintf(format, args...)) }

// AtLeast adds "-name must be at least lo, got v" if v is below lo.
func (p *Problems) AtLeast(name string, v, lo int) {
	if v < lo {
		p.Addf("-%s must be at least %d, got %d", name, lo, v)
	}
}

// Between adds "-name must be between lo and hi, got v" if v is below lo
// or above hi.
func (p *Problems) Between(name string, v, lo, hi int) {
	if v < lo || v > hi {
		p.Addf("-%s must be between %d and %d, got %d", name, lo, hi, v)
	}
}

// applyFlags gives the window's flags to app where the game did not pass
// them on: -screenshot to its [Screenshot] resource (unless the game set
// one), a -scale given on the command line to its [Window] resource. A
// -scale with no Window to apply it to is an error naming the fix: the
// flag must not be accepted and then ignored.
func (c *Command) applyFlags(app *glue.App) error {
	if c.Screenshot.Path != "" {
		s := glue.Resource[Screenshot](app)
		if s == nil {
			return errNoPlugin
		}
		if !s.active() {
			*s = c.Screenshot
		}
	}
	if c.scaleSet {
		w := glue.Resource[Window](app)
		if w == nil {
			return fmt.Errorf("render: -scale %g: the app has no render.Window resource to apply it to; insert one (app.InsertResource(render.Window{Width: …, Height: …, Scale: cmd.Scale})), or leave -scale out", c.Scale)
		}
		w.Scale = c.Scale
	}
	return nil
}
