package input

import "strings"

// Describe lists the sources bound to action a for the player, in the
// order they were bound, separated by commas: a key by its name alone
// ("F5", "Space"), other sources as their String ("Mouse(0)", "Touch",
// "PadButton(Start)"). It is "" for an action with no source. Menus and
// on-screen hints use it ("Saved (F9 loads)") so that they follow a
// rebinding.
func (b *Bindings) Describe(a Action) string {
	var names []string
	for _, s := range b.Bound(nil, a) {
		n := s.String()
		if s.kind == keySource {
			n = strings.TrimSuffix(strings.TrimPrefix(n, "Key("), ")")
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}
