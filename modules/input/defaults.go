package input

// Default names action and binds sources to it when the game did
// neither: a name is set only while the action has none of its own
// (Name returns Action.String), and sources are bound only while the
// action has none. Plugins that bring their own key call it at startup
// (save.QuickSave's F5 and F9, audio.MuteKey's M), so that a game's own
// name and keys win.
//
//	b.Default(QuickSave, "Quick save", input.Key(ebiten.KeyF5))
func (b *Bindings) Default(action Action, name string, sources ...Source) {
	if b.Name(action) == action.String() { // unnamed
		b.SetName(action, name)
	}
	if len(b.Bound(nil, action)) == 0 {
		b.Bind(action, sources...)
	}
}
