// Coinflip demonstrates glue's core without graphics: the console coin-flip
// game of the Lepenka thesis (§4.1), made of components, resources, stages,
// systems and registrations only.
//
// Every round each player flips a coin and scores on heads; a new player
// may join after each round; the first to reach the winning score wins.
// Players who reach it in the same round win together.
//
// One tick is one round, in the thesis's four stages: the game's own
// BeforeRound, glue's core Update stage (the thesis's Update, where the
// players flip), then the game's AfterRound and GameOverCheck. NewApp is
// the whole wiring; -schedule prints it as glue schedules it.
//
//	go run ./games/coinflip -seed 42
//	go run ./games/coinflip -schedule
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/gluekit/glue"
)

// Config is what the flags set.
type Config struct {
	Seed       uint64
	Rules      GameRules
	Sequential bool
}

// NewApp declares the game: its stages, resources and systems. A tick is
// one round: BeforeRound → glue.Update → AfterRound → GameOverCheck.
func NewApp(cfg Config, out io.Writer) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: cfg.Sequential})
	app.AddStagesBefore(glue.Update, BeforeRound)
	app.AddStagesAfter(glue.Update, AfterRound, GameOverCheck)

	app.InsertResource(cfg.Rules)
	app.InsertResource(GameState{})
	app.InsertResource(NewCoin(cfg.Seed))
	app.InsertResource(Console{W: out})

	app.AddStartup(glue.Func2(SpawnPlayers))

	app.AddSystems(BeforeRound, glue.Func3(StartRound))
	app.AddSystems(glue.Update, glue.Each2P(UpdateScore))
	app.AddSystems(AfterRound,
		glue.Each2P(CheckWinner),
		glue.Func5(AddPlayer),
	)
	app.AddSystems(GameOverCheck, glue.Func4(GameOver))
	return app
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses flags and plays one game; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("coinflip", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "random seed (default: a random one, printed so the game can be replayed)")
	rounds := fs.Int("rounds", 10, "maximum number of rounds (at least 1)")
	players := fs.Int("players", 4, "maximum number of players (at least 2)")
	score := fs.Int("score", 4, "score that wins (at least 1)")
	sequential := fs.Bool("sequential", false, "run systems one after another (for debugging; the output is the same)")
	schedule := fs.Bool("schedule", false, "print the schedule and exit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var problems []string
	if *rounds < 1 {
		problems = append(problems, fmt.Sprintf("-rounds must be at least 1, got %d", *rounds))
	}
	if *players < 2 {
		problems = append(problems, fmt.Sprintf("-players must be at least 2 (Alice and Bob), got %d", *players))
	}
	if *score < 1 {
		problems = append(problems, fmt.Sprintf("-score must be at least 1, got %d", *score))
	}
	if fs.NArg() > 0 {
		problems = append(problems, fmt.Sprintf("unexpected arguments: %v", fs.Args()))
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stderr, "coinflip:", p)
		}
		fs.Usage()
		return 2
	}
	isSet := false
	fs.Visit(func(f *flag.Flag) { isSet = isSet || f.Name == "seed" })
	if !isSet {
		*seed = rand.Uint64()
	}
	cfg := Config{
		Seed:       *seed,
		Rules:      GameRules{WinningScore: *score, MaxRounds: *rounds, MaxPlayers: *players},
		Sequential: *sequential,
	}
	app := NewApp(cfg, stdout)
	if *schedule {
		app.WriteDescription(stdout)
		return 0
	}
	fmt.Fprintf(stdout, "Seed %d (replay with -seed %d)\n", cfg.Seed, cfg.Seed)
	if err := app.Run(); err != nil {
		fmt.Fprintln(stderr, "coinflip:", err)
		return 1
	}
	return 0
}
