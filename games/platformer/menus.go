package main

import (
	"fmt"
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// SpawnMenu (on entering every phase but Playing) shows the phase's
// menu, scoped to it: ui.ShowState hides it while Options is pushed over
// it, and it goes with its phase.
func SpawnMenu(p struct {
	Phase    glue.Res[glue.State[Phase]]
	Progress glue.Res[Progress]
	Mixer    glue.Res[audio.Mixer]
	Bindings glue.Res[input.Bindings]
	Full     glue.Res[render.Fullscreen]
	Cmds     glue.Commands
}) {
	ph := p.Phase.Get().Get()
	p.Cmds.Spawn(phaseMenu(ph, p.Progress.Get().Score, p.Mixer.Get().Master, p.Bindings.Get(), p.Full.Get().On), glue.StateScoped[Phase]{State: ph})
}

// FingerH is the menus' controls' height in logical pixels: 44 CSS px
// (a finger's) on a phone held upright, where the 320 pixel wide field
// is 390 CSS px across.
const FingerH = 37

// phaseMenu returns the menu of phase ph.
func phaseMenu(ph Phase, score int, volume float64, bind *input.Bindings, full bool) ui.Menu {
	b := func(id, text string) ui.Widget {
		return &ui.Button{Node: ui.Node{ID: id, MinW: 120, MinH: FingerH}, Text: text}
	}
	scoreLabel := &ui.Label{Text: fmt.Sprintf("Score %d", score), Align: render.AlignCenter}
	var root *ui.Panel
	switch ph {
	case Title:
		root = ui.Dialog("PLATFORMER", b("play", "Play"), b("options", "Options"), b("quit", "Quit"))
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
func Menus(p struct {
	Events   glue.Reader[ui.Event]
	Input    glue.Res[input.State]
	Phase    glue.Res[glue.State[Phase]]
	Next     glue.ResMut[glue.NextState[Phase]]
	Bindings glue.ResMut[input.Bindings]
	Cmds     glue.Commands
}) {
	next, ph := p.Next.Get(), p.Phase.Get().Get()
	if ph == Playing && p.Input.Get().Pressed(input.Pause) {
		next.Push(Paused)
	}
	for _, e := range p.Events.Read() {
		switch {
		case e.ID == "play":
			next.Set(Playing)
		case e.ID == "resume", e.ID == "back", e.Kind == ui.Back && (ph == Paused || ph == Options):
			next.Pop()
		case e.ID == "options":
			next.Push(Options)
		case e.ID == "title":
			next.Set(Title)
		case e.ID == "quit":
			p.Cmds.End()
		case e.ID == "jump":
			p.Bindings.Get().Actions[Jump] = []ebiten.Key{e.Key}
		}
	}
}
