// Package ui is glue's game menus and HUD widgets: buttons, toggles,
// sliders, option lists, labels, pictures, panels, scrolling lists and
// text fields ([Widget]), laid out in rows and columns ([Row],
// [Column]) and anchored on the screen ([Anchor]), themed ([Theme]: a
// font, colours, nine-slice images — drawn in Aseprite, see
// [NineSliceOf]), drawn on the UI layers of render's
// one [render.DrawList] (so they scale with the screen and interleave
// with the game's own drawing by layer), and driven by keyboard, mouse,
// touch and gamepad with a visible focus ([Menu]). A menu consumes the
// input it handles (input.State.Consume), so a click on a button does
// not also fire the gun; it tells the game what happened through
// [Event]s.
//
//	app.AddPlugins(input.Plugin{}, render.Plugin{}, ui.Plugin{})
//	cmds.Spawn(ui.Menu{Root: &ui.Panel{Child: &ui.Column{Children: []ui.Widget{
//		&ui.Label{Text: "Paused", Align: render.AlignCenter},
//		&ui.Button{Node: ui.Node{ID: "resume"}, Text: "Resume"},
//		&ui.Slider{Node: ui.Node{ID: "volume"}, Text: "Volume", Value: 1, Max: 1},
//		&ui.Button{Node: ui.Node{ID: "quit"}, Text: "Quit to title"},
//	}}}}, glue.StateScoped[Screen]{State: Pause})
//
//	func OnMenu(p struct {
//		Events glue.Reader[ui.Event]
//		Next   glue.ResMut[glue.NextState[Screen]]
//		Mixer  glue.ResMut[audio.Mixer]
//	}) {
//		for _, e := range p.Events.Read() {
//			switch {
//			case e.ID == "resume" || e.Kind == ui.Back:
//				p.Next.Get().Pop()
//			case e.ID == "volume":
//				p.Mixer.Get().Master = e.Value
//			case e.ID == "quit":
//				p.Next.Get().Set(Title)
//			}
//		}
//	}
//
// On a state stack (glue.NextState.Push), spawn each state's menu
// scoped to it and add [ShowState]: the menus of the states paused
// beneath the top one hide, and show again when it is popped. [Dialog]
// makes the usual titled menu, and a [KeyField] per action lets the
// player rebind its key.
//
// [Widget] is open: a game writes its own widgets (embedding [Node],
// with Measure and Draw, and [Control]'s methods to take the focus) and
// sends their events with [Menu.Send]. [Menu.Check] tells whether a
// dialog fits a screen size, for a game's tests.
//
// docs/ui.md says why it is built on glue's render rather than
// github.com/ebitenui/ebitenui, with the measurements.
package ui
