package save

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// QuickSave is a plugin: the Save action quick-saves the game to the save
// Slot and the Load action loads it back (the app needs the [Plugin]),
// and what each did is shown in the render.Notice resource: "Saved (F9
// loads)", "Loaded", "Loaded an older save", "No save yet (F5 saves)"
// or, for a failure, [Reason]'s line ("Storage is full"). Actions that
// have no source get F5 and F9, and actions without a name "Quick save"
// and "Quick load" (input.Bindings.Default). It needs input.Plugin; its
// system runs in glue.Update. The game shows render.Notice.Text where it
// likes.
//
//	const (
//		QuickSave input.Action = 3 + iota // after input's own actions
//		QuickLoad
//	)
//	app.AddPlugins(save.QuickSave{Save: QuickSave, Load: QuickLoad})
type QuickSave struct {
	Save, Load input.Action
	// Slot is the save's name; "" is "quick".
	Slot string
}

// quickSave is the QuickSave plugin's resource: its options.
type quickSave struct {
	QuickSave
}

// Build inserts the Notice (render.AddNotice) and the options, binds the
// actions at startup and adds the quick save's system. A Slot that
// cannot name a save is a build error.
func (p QuickSave) Build(app *glue.App) {
	if p.Slot == "" {
		p.Slot = "quick"
	}
	if err := CheckName(p.Slot); err != nil {
		app.AddError(fmt.Errorf("save: QuickSave.Slot: %w", err))
	}
	render.AddNotice(app)
	app.InsertResource(quickSave{p})
	app.AddStartup(glue.Func(bindQuickSave))
	app.AddSystems(glue.Update, glue.Func(runQuickSave))
}

// bindQuickSave (startup) names the quick save's actions and binds F5 and
// F9 to them when the game did neither.
func bindQuickSave(p struct {
	Quick    glue.Res[quickSave]
	Bindings glue.ResMut[input.Bindings]
}) {
	q, b := p.Quick.Get(), p.Bindings.Get()
	b.Default(q.Save, "Quick save", input.Key(ebiten.KeyF5))
	b.Default(q.Load, "Quick load", input.Key(ebiten.KeyF9))
}

// runQuickSave (glue.Update) asks for the quick save or load on their
// actions — carried out at the end of the tick — and shows what the last
// one did.
func runQuickSave(p struct {
	Quick    glue.Res[quickSave]
	Input    glue.Res[input.State]
	Bindings glue.Res[input.Bindings]
	Saves    glue.ResMut[Saves]
	Results  glue.Reader[Result]
	Notice   glue.ResMut[render.Notice]
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
		case errors.Is(r.Err, ErrNotFound):
			n.Show("No save yet (" + p.Bindings.Get().Describe(q.Save) + " saves)")
		case r.Err != nil:
			n.Show(Reason(r.Err)) // the details are in the log
		case r.Op == Save:
			n.Show("Saved (" + p.Bindings.Get().Describe(q.Load) + " loads)")
		case len(r.Notes) > 0:
			n.Show("Loaded an older save")
		default:
			n.Show("Loaded")
		}
	}
}
