// Hello is the smallest glue game, a starter of one file: a sprite loaded
// from an embedded PNG that the arrow keys (or a gamepad) move, a text,
// and a sound when Space is pressed.
//
//	go run ./examples/hello
//	go run ./examples/hello -headless -ticks 60    # no window: a second of play, then where the hero is
//
// Start your own game from it with `go run github.com/gluekit/glue/cmd/glue
// new example.com/mygame` (README.md, "Start your own game").
package main

import (
	"embed"
	"fmt"
	"image/color"
	"io"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

//go:embed hero.png
var files embed.FS

// Name is the game's: its command line's name and the first word of its
// messages.
const Name = "hello"

// WindowTitle is the window's title.
const WindowTitle = "Hello, glue"

// Speed is how fast the hero moves, in pixels per second.
const Speed = 120

// NewApp declares the game; headless runs it without a window or sound.
func NewApp(headless bool) (*glue.App, error) {
	hero, err := render.LoadImage(files, "hero.png")
	if err != nil {
		return nil, err
	}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, input.Plugin{Headless: headless}, render.Plugin{}, audio.Plugin{Headless: headless})
	app.InsertResource(render.Window{Title: WindowTitle, Width: 320, Height: 180, Scale: 3})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(render.Sprite{Image: hero, X: 160, Y: 100, OriginX: 0.5, OriginY: 0.5, ScaleX: 2, ScaleY: 2})
		cmds.Spawn(render.Label{Value: "Hello, glue! Arrows move, Space beeps.", X: 160, Y: 30,
			Style: render.TextStyle{Color: color.RGBA{255, 255, 255, 255}, Align: render.AlignCenter}})
	}).Named("hello.Spawn"))
	app.AddSystems(glue.Update, glue.Func4(Move))
	app.AddSystems(glue.Draw, render.DrawSprite[render.Sprite](), render.DrawText[render.Label]())
	return app, nil
}

// Move moves the sprite with the arrow keys and beeps on Space. A system
// is a function of the params it needs: here the input, the tick's delta,
// the sounds and the sprites it moves.
func Move(in glue.Res[input.State], dt timer.Delta, sounds glue.ResMut[audio.Sounds], sprites glue.Query1[*render.Sprite]) {
	st, d := in.Get(), dt.Seconds()
	for _, s := range sprites.All() {
		s.X = min(max(s.X+st.AxisX*Speed*d, 0), 320)
		s.Y = min(max(s.Y+st.AxisY*Speed*d, 0), 180)
	}
	if st.Pressed(input.Primary) {
		sounds.Get().Play(audio.Tone{Freq: 660, Duration: 80 * time.Millisecond, Volume: 0.3})
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the flags and plays; it returns the exit status. The flags
// are those every glue game has (render.Command's): -headless runs the
// game without a window for -ticks ticks and prints where the hero is,
// which is how a test (or a machine without a display) checks that the
// game runs.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := render.NewCommand(Name, stdout, stderr, render.CommandDefaults{Scale: 3, NoSeed: true})
	if !cmd.Parse(args, nil) {
		return 2
	}
	app, err := NewApp(cmd.Headless)
	if err != nil {
		fmt.Fprintln(stderr, Name+":", err)
		return 1
	}
	return cmd.Run(app, render.Headless{}, func(ticks int) {
		for _, e := range app.Entities(nil) {
			if s, ok := app.Component(e, glue.TypeOf[render.Sprite]()); ok {
				fmt.Fprintf(stdout, "ticks %d hero at %.0f,%.0f\n", ticks, s.(render.Sprite).X, s.(render.Sprite).Y)
				return
			}
		}
		fmt.Fprintf(stdout, "ticks %d\n", ticks)
	})
}
