package replay

import (
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// Run runs app as cmd's flags ask (render.Command.Run, with h and report
// as there) and returns the game's exit status, with what -replay adds:
// a headless replay runs to the recording's last tick, where it checks
// the final digest, whatever -ticks and h.Until say ([Plugin.ReplayTicks],
// [Plugin.Finished]), and a replay that did not end at its final digest
// matched ([Plugin.Err]: refused, stopped early, diverged) is a failure,
// reported as cmd reports errors ("mygame: …", render.Command.Fail),
// with status 1; so is a -record whose file could not be written.
// Otherwise it is cmd.Run. The game adds p to the app itself,
// where it records. (Run is a function, not a method of [Plugin]: a
// plugin's methods are linked into every build that has the plugin,
// and Run would bring the command line's code into builds that never
// call it.)
//
//	rp := replay.Flags(cmd.FlagSet, "seed")
//	…
//	app := NewApp(cfg).AddPlugins(rp)
//	return replay.Run(cmd, rp, app, render.Headless{}, func(ticks int) { … })
func Run(cmd *render.Command, p *Plugin, app *glue.App, h render.Headless, report func(ticks int)) int {
	if n := p.ReplayTicks(); n > 0 {
		h.Ticks, h.Until = int(min(n, math.MaxInt32))+1, p.Finished
	}
	code := cmd.Run(app, h, report)
	if err := p.Err(); code == 0 && err != nil {
		return cmd.Fail(err)
	}
	return code
}
