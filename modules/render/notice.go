package render

import "github.com/gluekit/glue"

// NoticeTicks is how long [Notice.Show] shows a text: two seconds of
// ticks at 60 a second. Ticks are counted whether or not the game clock
// runs, so a notice goes away during a pause too.
const NoticeTicks = 120

// Notice is a short message for the player that shows for [NoticeTicks]
// ticks — what a quick save did (save.QuickSave), that the sound is off
// (audio.MuteKey), that the window went full screen (ui.FullscreenKey) —
// a resource that the plugins showing notices insert with [AddNotice]
// and that is counted down in glue.PostUpdate. The game shows Text where
// it likes (a message label, over the field) while it is not "".
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

// AddNotice inserts the [Notice] resource and the system that counts it
// down (glue.PostUpdate, after every stage that shows a notice), unless
// the app has a Notice already: every plugin that shows notices calls
// it in its Build, and they share the one Notice. A game that shows its
// own notices calls it too, or adds one of those plugins.
func AddNotice(app *glue.App) {
	if !app.HasResource(glue.TypeOf[Notice]()) {
		app.InsertResource(Notice{})
		app.AddSystems(glue.PostUpdate, glue.Func(tickNotice))
	}
}

// tickNotice (glue.PostUpdate) counts one tick off the notice.
func tickNotice(n glue.ResMut[Notice]) {
	if n.Get().Text != "" {
		n.Get().tick()
	}
}
