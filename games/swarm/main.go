// Swarm is Völkers's ECS-versus-EC scene (thesis §4, in 2D) as a
// playable demo and a benchmark: fish swim right across a 206×110 field
// and wrap, a predator swims left, and the variants add avoidance of the
// predator, a colour change, both, or flocking over a spatial grid. The
// same rules also run as the thesis's Entity Component architecture
// (component objects behind an interface, one virtual Update each: ec.go)
// and as a hand-written array-of-structs loop (loop.go), and -bench-draw
// estimates how many fish each keeps at 30 and 60 frames a second. This
// file is the whole wiring: the modules, the game's stages, and in which
// stage each system runs.
//
//	go run ./games/swarm                          # play: ↑/+ and ↓/- add and remove 1,000 fish, V switches variant, F5/F9 save and load
//	go run ./games/swarm -variant flock -fish 5000
//	go run ./games/swarm -model ec                # the thesis's EC
//	go run ./games/swarm -model loop              # the hand-written loop
//	go run ./games/swarm -headless -ticks 600     # no window: print the world's digest
//	go run ./games/swarm -bench-draw              # the tables of docs/swarm.md, in a window
//	go run ./games/swarm -bench                   # the same, update only, headless
//	go run ./games/swarm -schedule                # print the pipeline
//
// A tick, in order (App.Update runs First … Last, App.Draw the rest):
//
//	First       timer: the clock advances (a fixed 1/60 s); save: the
//	            last tick's quick save or load is reported
//	PreUpdate   input: the devices are read, actions mapped
//	StateTransition  (unused)
//	Update      save.QuickSave: F5 and F9 ask for a quick save and load,
//	            and the last one's outcome goes to the render.Notice
//	            (glue model); the game's own stages follow
//	  Control   the keys add or remove fish and switch variant; fish are
//	            spawned at the left edge or despawned to match
//	  Flock     (flock) the spatial grid is rebuilt; each fish turns
//	            with its neighbours — split across workers
//	  Swim      fish and the predator move and wrap (-model ec or
//	            loop: that model's whole tick runs here instead)
//	  React     the predator's position is noted; (avoid) fish jump away
//	            and back; (colour) colours shift
//	  HUD       the counter is updated
//	PostUpdate  (unused)
//	Last        (with Config.Digest) the world is hashed; save: the quick
//	            save or load is carried out (glue model, save.go)
//	PreDraw     render: the frame begins
//	Draw        fish, the predator and the counter are drawn; diag: the
//	            overlay and inspector read the keys and, when shown, draw
//	PostDraw    render: the frame is flushed, screenshots are taken
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
)

// Swarm's stages, run after glue.Update in this order.
const (
	// Control applies the keys and spawns or despawns fish.
	Control glue.Stage = "Control"
	// Flock rebuilds the spatial grid and turns the fish (flock variant).
	Flock glue.Stage = "Flock"
	// Swim moves and wraps the fish and the predator.
	Swim glue.Stage = "Swim"
	// React applies avoidance and the colour change.
	React glue.Stage = "React"
	// HUDStage updates the on-screen counter.
	HUDStage glue.Stage = "HUD"
)

// Model is which implementation runs the scene.
type Model uint8

const (
	// ECS runs the scene as glue components and systems.
	ECS Model = iota
	// LoopModel runs it as a hand-written array-of-structs loop (loop.go).
	LoopModel
	// ECModel runs it as the thesis's Entity Component architecture: component
	// objects behind an interface, one virtual Update each (ec.go).
	ECModel
)

// Models lists every model, in order.
var Models = []Model{ECS, ECModel, LoopModel}

// String returns the model's flag name: "glue", "loop" or "ec".
func (m Model) String() string {
	switch m {
	case LoopModel:
		return "loop"
	case ECModel:
		return "ec"
	}
	return "glue"
}

// ParseModel returns the model named s.
func ParseModel(s string) (Model, error) {
	switch s {
	case "glue":
		return ECS, nil
	case "loop":
		return LoopModel, nil
	case "ec":
		return ECModel, nil
	}
	return 0, fmt.Errorf("unknown model %q; want glue, ec or loop", s)
}

// Config is what the flags set.
type Config struct {
	Seed       uint64
	Scene      Scene
	Model      Model
	Headless   bool // no window: nothing is drawn, input is not read
	Sequential bool
	Workers    int // 0: GOMAXPROCS
	Scale      float64
	Screenshot render.Screenshot
	// Digest adds the DigestWorld system, which hashes the world at the
	// end of every tick into the Digest resource.
	Digest bool
	// Saves is where quick saves go (glue model); nil is the platform's
	// default (files in the user's configuration directory,
	// localStorage in the browser).
	Saves save.Store
}

// NewApp declares the game.
func NewApp(cfg Config) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: cfg.Sequential, Workers: cfg.Workers})
	app.AddStagesAfter(glue.Update, Control, Flock, Swim, React, HUDStage)

	app.AddPlugins(
		timer.Plugin{},
		input.Plugin{Headless: cfg.Headless, Bindings: bindings()},
	)
	app.InsertResource(cfg.Scene)
	app.InsertResource(RandomSource{Rng: NewRng(cfg.Seed)})
	app.InsertResource(cfg.Model)

	app.AddSystems(Control, glue.Func2(Controls))
	if cfg.Model == ECS {
		app.AddPlugins(savePlugin(cfg), save.QuickSave{Save: QuickSave, Load: QuickLoad, Slot: quickSlot})
	}
	switch cfg.Model {
	case LoopModel:
		app.InsertResource(Loop{})
		app.AddSystems(Swim, glue.Func4(UpdateLoop))
	case ECModel:
		app.InsertResource(EC{})
		app.AddSystems(Swim, glue.Func4(UpdateEC))
	default:
		app.InsertResource(Hunt{})
		app.InsertResource(Grid{})
		app.AddSystems(Control, glue.Func6(Populate))
		app.AddSystems(Flock,
			glue.Func2(BuildGrid).RunIf(flocks),
			glue.Batch2P(FlockFish).RunIf(flocks).With(glue.TypeOf[Fish]()),
		)
		app.AddSystems(Swim,
			glue.Batch4P(SwimFish),
			glue.Each3P(SwimPredator),
		)
		app.AddSystems(React,
			glue.Func2(TrackPredator),
			glue.Batch2P(AvoidPredator).RunIf(avoids).With(glue.TypeOf[Fish]()),
			glue.Batch1P(ShiftColours).RunIf(colours),
		)
	}
	if cfg.Digest {
		app.InsertResource(Digest{})
		app.AddSystems(glue.Last, glue.Func5(DigestWorld))
	}
	if cfg.Headless {
		return app
	}

	app.AddPlugins(render.Plugin{Background: backgroundColor, Screenshot: cfg.Screenshot})
	// F3: figures, F4: inspector, F6: pause, F7: step (glue.Draw); the
	// panels start under the HUD's two lines.
	app.AddPlugins(diag.Plugin{Top: hudHeight})
	app.InsertResource(render.Window{Title: "Swarm (glue demo)", Width: ScreenW, Height: ScreenH, Scale: cfg.Scale, Resizable: true})
	app.InsertResource(Art{})
	app.AddStartup(
		render.SetupWindow[render.Window](),
		glue.Func2(LoadArt),
		glue.Func(SpawnHUD),
	)
	app.AddSystems(HUDStage, glue.Each1P(UpdateHUD))
	switch cfg.Model {
	case LoopModel:
		app.AddSystems(glue.Draw, glue.Func3(DrawLoop))
	case ECModel:
		app.AddSystems(glue.Draw, glue.Func3(DrawEC))
	default:
		app.AddSystems(glue.Draw,
			glue.Batch3P(DrawFish).With(glue.TypeOf[Fish]()),
			glue.Each2P(DrawPredator).With(glue.TypeOf[Predator]()),
		)
	}
	app.AddSystems(glue.Draw, render.DrawText[HUD]())
	// In the browser: the page is told when the first frame is drawn
	// (platform_js.go; nothing on the desktop).
	app.AddSystems(glue.Draw, webSystems()...)
	return app
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the flags and plays; it returns the exit status. The flags
// every glue game has (-seed, -headless, -ticks, -schedule, -sequential,
// -scale, -screenshot, -frames) and the run they ask for are
// render.Command's.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := render.NewCommand("swarm", stdout, stderr, render.CommandDefaults{Ticks: 600, Frames: 120})
	fs := cmd.FlagSet
	fs.Lookup("headless").Usage = "run without a window and print the world's digest"
	variantName := fs.String("variant", "movement", "the rules: movement, avoid, colour, avoid-colour or flock")
	fish := fs.Int("fish", 1000, "the number of fish")
	modelName := fs.String("model", "glue", "the implementation: glue (ECS), ec (the thesis's EC: component objects, one virtual Update each) or loop (a hand-written array-of-structs loop)")
	bench := fs.Bool("bench", false, "estimate the most fish glue, the EC and the loop keep at 60 update-only ticks a second, in interleaved rounds, and print the table")
	benchDraw := fs.Bool("bench-draw", false, "the thesis's measure: the most fish each keeps at 30 and 60 FPS with drawing, in a window (use xvfb-run without a display)")
	benchMax := fs.Int("bench-max", 1<<21, "with -bench: the largest fish count tried")
	benchTicks := fs.Int("bench-frames", 7, "with -bench: the frames (ticks) timed per count and per round (their median counts)")
	benchRounds := fs.Int("bench-rounds", 5, "with -bench: the interleaved rounds")
	benchFPS := fs.String("bench-fps", "", "with -bench: the frame-rate bounds, comma-separated (default 30,60 with drawing, 60 update only)")
	rp := replay.Flags(fs, "seed") // -record FILE, -replay FILE (docs/replay.md)
	var variant Variant
	var model Model
	var fpsList []int
	ok := cmd.Parse(args, func(p *render.Problems) {
		var err error
		if variant, err = ParseVariant(*variantName); err != nil {
			p.Add(err.Error())
		}
		if model, err = ParseModel(*modelName); err != nil {
			p.Add(err.Error())
		}
		p.Between("fish", *fish, 0, MaxFish)
		p.Between("bench-max", *benchMax, 2, 1<<24)
		p.AtLeast("bench-frames", *benchTicks, 1)
		for _, f := range strings.FieldsFunc(*benchFPS, func(r rune) bool { return r == ',' }) {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				p.Addf("-bench-fps wants frame rates such as 30,60, got %q", *benchFPS)
				break
			}
			fpsList = append(fpsList, n)
		}
		p.AtLeast("bench-rounds", *benchRounds, 1)
	})
	if !ok {
		return 2
	}
	if *bench || *benchDraw {
		// The tables name the command that produced them.
		fmt.Fprintf(stdout, "Command: `go run ./games/swarm %s`", strings.Join(args, " "))
		if *benchDraw {
			fmt.Fprint(stdout, " (under `xvfb-run -a` without a display)")
		}
		fmt.Fprintf(stdout, ", %s.\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
		opts := BenchOptions{Seed: cmd.Seed, Max: *benchMax, Frames: *benchTicks, Rounds: *benchRounds, Sequential: cmd.Sequential, FPS: fpsList}
		if *bench {
			if err := RunBench(stdout, opts); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
		if *bench && *benchDraw {
			fmt.Fprintln(stdout)
		}
		if *benchDraw {
			if err := RunDrawBench(stdout, opts); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
		return 0
	}
	cfg := Config{Seed: cmd.Seed, Scene: Scene{Variant: variant, Fish: *fish}, Model: model,
		Headless: cmd.Headless, Sequential: cmd.Sequential, Scale: cmd.Scale, Digest: cmd.Headless, Screenshot: cmd.Screenshot}
	app := NewApp(cfg).AddPlugins(rp)
	// A -replay runs to its last tick and checks the final digest.
	return replay.Run(cmd, rp, app, render.Headless{}, func(ticks int) {
		d := glue.Resource[Digest](app)
		fmt.Fprintf(stdout, "ticks %d variant %s model %s fish %d digest %016x\n", ticks, variant, model, d.Fish, d.Sum)
	})
}
