//go:build js && !replay

package main

import (
	"flag"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// The browser's play build (NAME.wasm) leaves replays out: modules/replay
// is about 88 KB of its brotli download (glue's docs/web.md). The page
// loads NAME-replay.wasm (-tags replay; make wasm and glue web build it)
// for ?record= and ?replay=, and -record or -replay here says so.

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
	fs.StringVar(&r.record, "record", "", "record the run to this `file` ("+Name+"-replay.wasm; not in this build)")
	fs.StringVar(&r.replay, "replay", "", "play the run recorded in this `file` ("+Name+"-replay.wasm; not in this build)")
	fs.IntVar(&r.every, "record-every", 0, "with -record: check the world's digests every `N` ticks ("+Name+"-replay.wasm; not in this build)")
	return r
}

// check refuses -record, -replay and -record-every.
func (r *replayer) check(p *render.Problems) {
	if r.record != "" || r.replay != "" || r.every != 0 {
		p.Add("-record/-replay: " + Name + ".wasm does not record or replay; the page loads " + Name + "-replay.wasm for ?record= and ?replay= (glue web and make wasm build it, or go build -tags replay)")
	}
}

// plugin does nothing.
func (*replayer) plugin() glue.Plugin { return glue.PluginFunc(func(*glue.App) {}) }

// run is cmd.Run.
func (*replayer) run(cmd *render.Command, app *glue.App, h render.Headless, report func(ticks int)) int {
	return cmd.Run(app, h, report)
}
