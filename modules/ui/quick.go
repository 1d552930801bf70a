package ui

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// NoticeTicks is how long Notice.Show shows a text: two seconds of ticks
// at 60 a second. Ticks are counted whether or not the game clock runs,
// so a notice goes away during a pause too.
const NoticeTicks = 120

// Notice is a short message for the player that shows for NoticeTicks
// ticks — what a quick save did, that the sound is off — a resource that
// QuickSave and MuteKey insert and count down, in glue.PostUpdate. The
// game shows Text where it likes (a message label, over the field) while
// it is not "".
type Notice struct {
	Text string
	Left int // ticks left to show Text
}

// Show shows text for NoticeTicks ticks, replacing the notice shown.
func (n *Notice) Show(text string) { n.Text, n.Left = text, NoticeTicks }

// MachineLocal marks Notice as this machine's (glue.MachineLocal): a
// notice ("Sound off") tells this player of this machine's doings, so a
// rollback neither takes it back nor compares it.
func (Notice) MachineLocal() {}

// tick counts one tick off the notice, and clears it when its time is up.
func (n *Notice) tick() {
	if n.Left--; n.Left <= 0 {
		n.Text, n.Left = "", 0
	}
}

// QuickSave is a plugin: the Save action quick-saves the game to the save
// Slot and the Load action loads it back (modules/save, whose
// save.Plugin the app needs), and what each did is shown in the Notice
// resource: "Saved (F9 loads)", "Loaded", "Loaded an older save", "No save
// yet (F5 saves)" or, for a failure, save.Reason's line ("Storage is
// full"). Actions that have no source get F5 and F9, and actions without
// a name "Quick save" and "Quick load". It needs input.Plugin; its system
// runs in glue.Update.
//
//	const (
//		QuickSave input.Action = 3 + iota // after input's own actions
//		QuickLoad
//	)
//	app.AddPlugins(ui.QuickSave{Save: QuickSave, Load: QuickLoad})
type QuickSave struct {
	Save, Load input.Action
	// Slot is the save's name; "" is "quick".
	Slot string
}

// quickSave is the QuickSave plugin's resource: its options.
type quickSave struct {
	QuickSave
}

// Build inserts the Notice and the options, binds the actions at startup
// and adds the quick save's system.
func (p QuickSave) Build(app *glue.App) {
	if p.Slot == "" {
		p.Slot = "quick"
	}
	if err := save.CheckName(p.Slot); err != nil {
		app.AddError(fmt.Errorf("ui: QuickSave.Slot: %w", err))
	}
	addNotice(app)
	app.InsertResource(quickSave{p})
	app.AddStartup(glue.Func(bindQuickSave))
	app.AddSystems(glue.Update, glue.Func(runQuickSave))
}

// addNotice inserts the Notice and the system that counts it down, unless
// another plugin did.
func addNotice(app *glue.App) {
	if !app.HasResource(glue.TypeOf[Notice]()) {
		app.InsertResource(Notice{})
		app.AddSystems(glue.PostUpdate, glue.Func(tickNotice))
	}
}

// tickNotice (glue.PostUpdate, after every stage that shows a notice)
// counts one tick off the notice.
func tickNotice(n glue.ResMut[Notice]) {
	if n.Get().Text != "" {
		n.Get().tick()
	}
}

// bindDefault names action and binds key to it when the game did
// neither.
func bindDefault(b *input.Bindings, action input.Action, name string, key ebiten.Key) {
	if b.Name(action) == action.String() { // unnamed
		b.SetName(action, name)
	}
	if len(b.Bound(nil, action)) == 0 {
		b.Bind(action, input.Key(key))
	}
}

// bindQuickSave (startup) names the quick save's actions and binds F5 and
// F9 to them when the game bound nothing.
func bindQuickSave(p struct {
	Quick    glue.Res[quickSave]
	Bindings glue.ResMut[input.Bindings]
}) {
	q, b := p.Quick.Get(), p.Bindings.Get()
	bindDefault(b, q.Save, "Quick save", ebiten.KeyF5)
	bindDefault(b, q.Load, "Quick load", ebiten.KeyF9)
}

// runQuickSave (glue.Update) asks for the quick save or load on their
// actions — carried out at the end of the tick — and shows what the last
// one did.
func runQuickSave(p struct {
	Quick    glue.Res[quickSave]
	Input    glue.Res[input.State]
	Bindings glue.Res[input.Bindings]
	Saves    glue.ResMut[save.Saves]
	Results  glue.Reader[save.Result]
	Notice   glue.ResMut[Notice]
}) {
	q, in, saves, n := p.Quick.Get(), p.Input.Get(), p.Saves.Get(), p.Notice.Get()
	if in.Pressed(q.Save) {
		_ = saves.Save(q.Slot) // Build checked the name: no error
	}
	if in.Pressed(q.Load) {
		_ = saves.Load(q.Slot)
	}
	for _, r := range p.Results.Read() {
		switch {
		case errors.Is(r.Err, save.ErrNotFound):
			n.Show("No save yet (" + p.Bindings.Get().Describe(q.Save) + " saves)")
		case r.Err != nil:
			n.Show(save.Reason(r.Err)) // the details are in the log
		case r.Op == save.Save:
			n.Show("Saved (" + p.Bindings.Get().Describe(q.Load) + " loads)")
		case len(r.Notes) > 0:
			n.Show("Loaded an older save")
		default:
			n.Show("Loaded")
		}
	}
}
