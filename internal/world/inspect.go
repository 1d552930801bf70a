package world

import "github.com/yohamta/donburi/component"

// This file reads the world for display (glue's inspection API, used by
// diagnostics overlays): entities and archetypes; component values come
// from [World.Value]. It is not on any tick's path.

// Entities appends every live entity to dst, archetype by archetype in
// the order the archetypes were created, and returns it.
func (w *World) Entities(dst []Entity) []Entity {
	for _, a := range w.dw.Archetypes() {
		dst = append(dst, entities(a.Entities())...)
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
	archs := w.dw.Archetypes()
	for i, a := range archs {
		if i < cap(dst) {
			dst = dst[:i+1]
		} else {
			dst = append(dst, ArchetypeInfo{})
		}
		info := &dst[i]
		info.Types = info.Types[:0]
		for _, c := range a.Layout().Components() {
			info.Types = append(info.Types, typeOfComp(c))
		}
		info.Len = len(a.Entities())
	}
	return dst[:len(archs)]
}

// typeOfComp returns the Type of one of the world's component objects.
func typeOfComp(c component.IComponentType) *Type {
	return c.(*column).t
}
