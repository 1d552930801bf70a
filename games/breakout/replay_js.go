//go:build js && !replay && !diag && !watch

package main

import (
	"flag"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// The browser's play build (breakout.wasm) leaves replays out:
// modules/replay is 68 KB of its brotli -q 11 download (docs/web.md,
// "What a page cannot use"). The page loads breakout-replay.wasm (-tags
// replay, make wasm builds it) for ?record= and ?replay=, and -record or
// -replay here says so.

// replayer stands in for replay.go's: it has the flags, to say where
// they work.
type replayer struct {
	record, replay string
	every          int
}

// addReplayer adds -record, -replay and -record-every to fs, which this
// build refuses (check).
func addReplayer(fs *flag.FlagSet) *replayer {
	r := &replayer{}
	fs.StringVar(&r.record, "record", "", "record the run to this `file` (breakout-replay.wasm; not in this build)")
	fs.StringVar(&r.replay, "replay", "", "play the run recorded in this `file` (breakout-replay.wasm; not in this build)")
	fs.IntVar(&r.every, "record-every", 0, "with -record: check the world's digests every `N` ticks (breakout-replay.wasm; not in this build)")
	return r
}

// check refuses -record, -replay and -record-every.
func (r *replayer) check(p *render.Problems) {
	if r.record != "" || r.replay != "" || r.every != 0 {
		p.Add("-record/-replay: breakout.wasm does not record or replay; the page loads breakout-replay.wasm for ?record= and ?replay= (build it with make wasm, or go build -tags replay)")
	}
}

// ReplayPlayers is 0: nothing is replayed.
func (*replayer) ReplayPlayers() int { return 0 }

// plugin does nothing.
func (*replayer) plugin() glue.Plugin { return glue.PluginFunc(func(*glue.App) {}) }

// run is cmd.Run.
func (*replayer) run(cmd *render.Command, app *glue.App, h render.Headless, report func(ticks int)) int {
	return cmd.Run(app, h, report)
}
