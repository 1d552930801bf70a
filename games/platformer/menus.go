package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// SpawnMenu (on entering every phase but Playing) shows the phase's
// menu, scoped to it: ui.ShowState hides it while Options is pushed over
// it, and it goes with its phase.
func SpawnMenu(phase glue.Res[glue.State[Phase]], progress glue.Res[Progress], mixer glue.Res[audio.Mixer], bind glue.Res[input.Bindings], full glue.Res[render.Fullscreen], cmds glue.Commands) {
	ph := phase.Get().Get()
	glue.SpawnIn1(cmds, ph, phaseMenu(ph, progress.Get().Score, mixer.Get().Master, bind.Get(), full.Get().On))
}

// FingerH is the menus' controls' height in logical pixels: 44 CSS px
// (a finger's) on a phone held upright, where the 320 pixel wide field
// is 390 CSS px across.
const FingerH = 37

// menuTitle heads the title menu: the game's name.
var menuTitle = strings.ToUpper(Name)

// phaseMenu returns the menu of phase ph.
func phaseMenu(ph Phase, score int, volume float64, bind *input.Bindings, full bool) ui.Menu {
	b := func(id, text string) ui.Widget {
		return &ui.Button{Node: ui.Node{ID: id, MinW: 120, MinH: FingerH}, Text: text}
	}
	scoreLabel := &ui.Label{Text: fmt.Sprintf("Score %d", score), Align: render.AlignCenter}
	var root *ui.Panel
	switch ph {
	case Title:
		root = ui.Dialog(menuTitle, b("play", "Play"), b("options", "Options"), b("quit", "Quit"))
	case Paused:
		root = ui.Dialog("PAUSED", b("resume", "Resume"), b("options", "Options"), b("title", "Quit to title"))
	case Options:
		root = ui.Dialog("OPTIONS",
			ui.VolumeSlider(ui.Node{MinH: FingerH}, volume), // ui.Settings sets the volume and full screen
			&ui.KeyField{Node: ui.Node{ID: "jump", MinH: FingerH}, Text: "Jump", Keys: slices.Clone(bind.Actions[Jump])},
			ui.FullscreenToggle(ui.Node{MinH: FingerH}, full),
			b("back", "Back"))
		root.Child.(*ui.Column).Spacing = 1 // four finger-sized rows fit the 180 pixel tall field
	case GameOver:
		root = ui.Dialog("GAME OVER", scoreLabel, b("play", "Try again"), b("title", "Title"))
	case Won:
		root = ui.Dialog("YOU WIN!", scoreLabel, b("play", "Play again"), b("title", "Title"))
	}
	return ui.Menu{Root: root, Layer: 10, Modal: true}
}

// Menus does what the menus and the pause key ask: Pause pushes Paused
// over Playing (the world stays, stopped), Resume, Back and Escape pop
// back, Options is pushed over the title or the pause menu, Play starts
// a new game, and a new jump key goes to the bindings (the volume and
// full screen: ui.Settings).
func Menus(events glue.Reader[ui.Event], in glue.Res[input.State], phase glue.Res[glue.State[Phase]], next glue.ResMut[glue.NextState[Phase]], bind glue.ResMut[input.Bindings], cmds glue.Commands) {
	ph := phase.Get().Get()
	if ph == Playing && in.Get().Pressed(input.Pause) {
		next.Get().Push(Paused)
	}
	for _, e := range events.Read() {
		switch {
		case e.ID == "play":
			next.Get().Set(Playing)
		case e.ID == "resume", e.ID == "back", e.Kind == ui.Back && (ph == Paused || ph == Options):
			next.Get().Pop()
		case e.ID == "options":
			next.Get().Push(Options)
		case e.ID == "title":
			next.Get().Set(Title)
		case e.ID == "quit":
			cmds.End()
		case e.ID == "jump":
			bind.Get().SetKey(Jump, e.Key) // an action that had the key takes Jump's old one
		}
	}
}
