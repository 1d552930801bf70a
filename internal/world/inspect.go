package world

// This file reads the world for display (glue's inspection API, used by
// diagnostics overlays): entities and archetypes; component values come
// from [World.Value]. It is not on any tick's path.

// Entities appends every live entity to dst, archetype by archetype in
// the order the world's history made them (the order of queries), and
// returns it.
func (w *World) Entities(dst []Entity) []Entity {
	for _, ai := range w.made {
		dst = append(dst, w.archs[ai].ents...)
	}
	return dst
}

// ArchetypeInfo is one archetype: its component types, in layout order,
// and its number of entities.
type ArchetypeInfo struct {
	Types []*Type
	Len   int
}

// ArchetypeInfos appends the world's archetypes to dst, in the order they
// were created, and returns it. The Types slices of dst's elements are
// reused.
func (w *World) ArchetypeInfos(dst []ArchetypeInfo) []ArchetypeInfo {
	archs := w.archs
	for i, a := range archs {
		if i < cap(dst) {
			dst = dst[:i+1]
		} else {
			dst = append(dst, ArchetypeInfo{})
		}
		info := &dst[i]
		info.Types = info.Types[:0]
		info.Types = append(info.Types, a.types...)
		info.Len = len(a.ents)
	}
	return dst[:len(archs)]
}
