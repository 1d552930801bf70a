//go:build !js || replay

package main

import (
	"flag"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/replay"
)

// Replays (-record FILE, -replay FILE; docs/replay.md) are in every
// native build and in the browser's with -tags replay (NAME-replay.wasm,
// which the page loads for ?record= and ?replay=). The browser's play
// build, NAME.wasm, leaves modules/replay out (replay_js.go).

// replayer is the game's replay.Plugin, from -record and -replay.
type replayer struct{ *replay.Plugin }

// addReplayer adds -record, -replay and -record-every to fs; a replay
// checks the Progress and what replayRegistry registers.
func addReplayer(fs *flag.FlagSet) replayer {
	rp := replay.Flags(fs, "")
	rp.Registry, rp.Resources = replayRegistry(), []glue.Type{glue.TypeOf[Progress]()}
	return replayer{rp}
}

// check has nothing to add: the flags are checked as they are parsed.
func (replayer) check(*render.Problems) {}

// plugin is the replay.Plugin, which records, or replays -replay's file.
func (r replayer) plugin() glue.Plugin { return r.Plugin }

// run runs app as cmd says, with what -replay adds (replay.Run).
func (r replayer) run(cmd *render.Command, app *glue.App, h render.Headless, report func(ticks int)) int {
	return replay.Run(cmd, r.Plugin, app, h, report)
}

// replayRegistry: a replay (-replay) checks the hero's and the enemies'
// bodies too.
func replayRegistry() *codec.Registry {
	reg := registry()
	codec.Register[physics.Body](reg)
	return reg
}
