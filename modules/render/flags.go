package render

import (
	"flag"
	"fmt"
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
	fs.Float64Var(&f.Scale, "scale", scale, "screen pixels per logical pixel")
	fs.StringVar(&f.shot, "screenshot", "", "save the screen to this .png or .jpg file after -frames frames, then quit")
	fs.IntVar(&f.frames, "frames", frames, "with -screenshot: frames to run before the capture")
	return f
}

// Check checks the flags' values — a scale in (0, 8], at least one
// frame, a screenshot path CheckScreenshotPath accepts — sets Screenshot,
// and returns the problems, each a line for the player naming its flag
// (nil when there are none).
func (f *Flags) Check() []string {
	var problems []string
	if f.Scale <= 0 || f.Scale > 8 {
		problems = append(problems, fmt.Sprintf("-scale must be in (0, 8], got %g", f.Scale))
	}
	if f.frames < 1 {
		problems = append(problems, fmt.Sprintf("-frames must be at least 1, got %d", f.frames))
	}
	if f.shot != "" {
		if err := CheckScreenshotPath(f.shot); err != nil {
			problems = append(problems, "-screenshot: "+err.Error())
		}
		f.Screenshot = Screenshot{Path: f.shot, Frames: f.frames, End: true}
	}
	return problems
}
