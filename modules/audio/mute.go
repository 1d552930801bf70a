package audio

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// MuteKey is a plugin: the Action mutes and unmutes the sound
// ([Sounds.Muted]) and the render.Notice says which, naming the action's
// keys: "Sound off (M for sound)", "Sound on (M mutes)". An Action that
// has no source gets M, and one without a name "Mute"
// (input.Bindings.Default). It needs input.Plugin and the [Plugin]; its
// system runs in glue.Update. The game shows render.Notice.Text where it
// likes.
//
//	const ToggleMute input.Action = QuickLoad + 1 // after the game's other actions
//	app.AddPlugins(audio.MuteKey{Action: ToggleMute})
type MuteKey struct {
	Action input.Action
}

// muteKey is the MuteKey plugin's resource: its options.
type muteKey struct {
	MuteKey
}

// Build inserts the Notice (render.AddNotice) and the options, binds the
// action at startup and adds the mute key's system.
func (p MuteKey) Build(app *glue.App) {
	render.AddNotice(app)
	app.InsertResource(muteKey{p})
	app.AddStartup(glue.Func(bindMuteKey))
	app.AddSystems(glue.Update, glue.Func(runMuteKey))
}

// bindMuteKey (startup) names the action and binds M to it when the game
// did neither.
func bindMuteKey(p struct {
	Mute     glue.Res[muteKey]
	Bindings glue.ResMut[input.Bindings]
}) {
	p.Bindings.Get().Default(p.Mute.Get().Action, "Mute", input.Key(ebiten.KeyM))
}

// runMuteKey (glue.Update) mutes or unmutes the sound on the action and
// says which.
func runMuteKey(p struct {
	Mute     glue.Res[muteKey]
	Input    glue.Res[input.State]
	Bindings glue.Res[input.Bindings]
	Sounds   glue.ResMut[Sounds]
	Notice   glue.ResMut[render.Notice]
}) {
	a := p.Mute.Get().Action
	if !p.Input.Get().Pressed(a) {
		return
	}
	snd, keys := p.Sounds.Get(), p.Bindings.Get().Describe(a)
	snd.Muted = !snd.Muted
	if snd.Muted {
		p.Notice.Get().Show("Sound off (" + keys + " for sound)")
	} else {
		p.Notice.Get().Show("Sound on (" + keys + " mutes)")
	}
}
