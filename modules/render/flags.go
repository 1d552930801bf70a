package render

import (
	"flag"
)

// Flags are the window's command-line flags that games share: -scale
// (screen pixels per logical pixel), -screenshot (save the screen to a
// file and quit) and -frames (how many frames before it). AddFlags
// defines them; after the flag set is parsed, Check checks them and fills
// Screenshot for Plugin.
type Flags struct {
	// Scale is -scale, for Window.Scale.
	Scale float64
	// Screenshot is what -screenshot and -frames ask for, for
	// Plugin.Screenshot (set by Check): the zero Screenshot without
	// -screenshot.
	Screenshot Screenshot

	shot   string
	frames int
}

// AddFlags defines -scale (default scale), -screenshot and -frames
// (default frames) on fs.
func AddFlags(fs *flag.FlagSet, scale float64, frames int) *Flags {
	f := &Flags{}
	f.define(fs, scale, frames)
	return f
}

// define defines the flags on fs, for AddFlags and NewCommand.
func (f *Flags) define(fs *flag.FlagSet, scale float64, frames int) {
	fs.Float64Var(&f.Scale, "scale", scale, "screen pixels per logical pixel")
	fs.StringVar(&f.shot, "screenshot", "", "save the screen to this .png or .jpg file after -frames frames, then quit")
	fs.IntVar(&f.frames, "frames", frames, "with -screenshot: frames to run before the capture")
}

// Check checks the flags' values — a scale in (0, 8], at least one
// frame, a screenshot path CheckScreenshotPath accepts — sets Screenshot,
// and returns the problems, each a line for the player naming its flag
// (nil when there are none).
func (f *Flags) Check() []string {
	var p Problems
	if f.Scale <= 0 || f.Scale > 8 {
		p.Addf("-scale must be in (0, 8], got %g", f.Scale)
	}
	p.AtLeast("frames", f.frames, 1)
	if f.shot != "" {
		if err := CheckScreenshotPath(f.shot); err != nil {
			p.Add("-screenshot: " + err.Error())
		}
		f.Screenshot = Screenshot{Path: f.shot, Frames: f.frames, End: true}
	}
	return p
}
