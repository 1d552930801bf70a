package main

import (
	"errors"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// Saving (modules/save, docs/save.md): F5 saves the game to the save
// "quick", F9 loads it back. A save holds every entity with a component
// of saveRegistry — the bricks, walls, floor, paddle and ball with their
// bodies and colliders, not the HUD's labels — and the resources of
// savedResources: the score, the random stream, the phase, and the phase
// a pause returns to. Loading replays the game from the saved tick:
// everything that decides the game is saved (TestQuickLoadReplaysTheGame).

// The quick save and load actions (input.Action values after the three
// input names).
const (
	// QuickSave saves the game: F5.
	QuickSave input.Action = 3 + iota
	// QuickLoad loads the quick save: F9.
	QuickLoad
)

// quickSlot is the name of the quick save.
const quickSlot = "quick"

// saveRegistry lists what a save holds, one line per type: the codecs
// are derived from the types' fields (docs/save.md), at full precision
// (netRegistry sends watchers float32s). A save keeps loading after a
// field is added, removed or reordered; a change of meaning needs a
// codec.Version and a codec.Migrate.
func saveRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Brick](reg)
	codec.Register[Paddle](reg, codec.Skip("Client")) // a load does not restore connections
	codec.Register[Ball](reg)
	codec.Register[Wall](reg)
	codec.Register[Floor](reg)
	codec.Register[physics.Body](reg)
	codec.Register[physics.Collider](reg)
	codec.Register[physics.Static](reg)
	codec.Register[physics.Bouncy](reg)
	codec.Register[Game](reg)
	codec.Register[Rng](reg) // its own Encode and Decode (resources.go)
	codec.Register[glue.State[Phase]](reg)
	codec.Register[glue.NextState[Phase]](reg)
	codec.Register[Resume](reg)
	return reg
}

// savedResources are the resources a save holds.
var savedResources = []glue.Type{
	glue.TypeOf[Game](),
	glue.TypeOf[Rng](),
	glue.TypeOf[glue.State[Phase]](),
	glue.TypeOf[glue.NextState[Phase]](),
	glue.TypeOf[Resume](),
}

// savePlugin is the game's save.Plugin: the store is the platform's
// default (files on the desktop, localStorage in the browser) unless the
// config names one.
func savePlugin(cfg Config) save.Plugin {
	return save.Plugin{
		Game:      "breakout",
		Registry:  saveRegistry(),
		Resources: savedResources,
		Store:     cfg.Saves,
		AfterLoad: syncClock,
	}
}

// syncClock (after a load) stops the clock if the loaded phase is Paused
// and starts it otherwise: the clock is not saved, and StopClock and
// StartClock run only when the phase changes.
func syncClock(w *glue.World) error {
	st, ok := w.Resource(glue.TypeOf[glue.State[Phase]]()).(*glue.State[Phase])
	clock, ok2 := w.Resource(glue.TypeOf[timer.Time]()).(*timer.Time)
	if ok && ok2 {
		clock.SetPaused(st.Get() == Paused)
	}
	return nil
}

// saveBindings are the default bindings with F5 and F9 for the quick save
// and load.
func saveBindings() *input.Bindings {
	b := input.DefaultBindings()
	b.SetName(QuickSave, "Quick save")
	b.SetName(QuickLoad, "Quick load")
	b.Bind(QuickSave, input.Key(ebiten.KeyF5))
	b.Bind(QuickLoad, input.Key(ebiten.KeyF9))
	return &b
}

// QuickSaveParams are what QuickSaveLoad reads and writes.
type QuickSaveParams struct {
	Input glue.Res[input.State]
	Saves glue.ResMut[save.Saves]
}

// QuickSaveLoad (Control) asks for the quick save on F5 and the quick
// load on F9; they are carried out at the end of the tick.
func QuickSaveLoad(p QuickSaveParams) {
	in, saves := p.Input.Get(), p.Saves.Get()
	if in.Pressed(QuickSave) {
		saves.Save(quickSlot) // a valid name: no error
	}
	if in.Pressed(QuickLoad) {
		saves.Load(quickSlot)
	}
}

// Notice is a message shown for a while on the message label, a
// resource: what a save or load did.
type Notice struct {
	Text string
	Left timer.Timer
}

// noticeTime is how long a notice shows, in ticks of 1/60 s: real
// ticks, since the game clock may be paused.
const (
	noticeTime = 2 * time.Second
	tickTime   = time.Second / 60
)

// NoticeParams are what ShowSaveResults reads and writes.
type NoticeParams struct {
	Results glue.Reader[save.Result]
	Notice  glue.ResMut[Notice]
}

// ShowSaveResults (Control) shows what the last save or load did —
// "Saved", "Loaded", or why it failed (save.Reason: "Storage is full",
// "Save from newer version", …) — for two seconds of real
// ticks (the game clock may be paused).
func ShowSaveResults(p NoticeParams) {
	n := p.Notice.Get()
	for _, r := range p.Results.Read() {
		switch {
		case errors.Is(r.Err, save.ErrNotFound):
			n.Text = "No save yet (F5 saves)"
		case r.Err != nil:
			n.Text = save.Reason(r.Err) // the details are in the log
		case r.Op == save.Save:
			n.Text = "Saved (F9 loads)"
		case len(r.Notes) > 0:
			n.Text = "Loaded an older save"
		default:
			n.Text = "Loaded"
		}
		n.Left = timer.NewTimer(noticeTime, timer.Once)
	}
	if n.Text != "" {
		n.Left.Tick(tickTime)
		if n.Left.Finished() {
			n.Text = ""
		}
	}
}
