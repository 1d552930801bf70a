package save

import (
	"fmt"
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// apply makes the world the image's: it despawns every entity that has a
// component of a registered type, spawns the saved entities with new ids
// — references between them remapped, references to entities the file
// does not hold set to 0 — and sets the saved resources (keeping the
// app's value of those the file does not hold). Entities without a registered component are
// left alone.
//
// The new ids are the ones the next reservations get (glue.World.Peek),
// handed out in the order of the saved ids, so that entities compare as
// they did when saved; entities are spawned in the order they were
// saved, so that queries visit them as they did. The values that read
// entity references are decoded again with the new ids before anything
// changes, even a reservation: if that fails (a decoder that does not
// decode the same bytes the same way), the world is left as it was.
func (img *image) apply(w *glue.World, s *spec) error {
	next := w.Peek(len(img.ids))
	fresh := slices.Clone(next)
	slices.Sort(fresh)
	img.fresh = fresh
	var rd codec.Reader
	rd.MapEntities(func(e glue.Entity) glue.Entity {
		if i, ok := slices.BinarySearch(img.ids, e); ok {
			return fresh[i]
		}
		return 0
	})
	redecode := func(v *value) error {
		if !v.refs {
			return nil
		}
		rd.Reset(v.data)
		x, err := v.c.Decode(&rd)
		if err != nil {
			return fmt.Errorf("%w: %s decoded once, then failed with the loaded entities' ids: %v", ErrCorrupt, v.c.Name(), err)
		}
		v.v = x
		return nil
	}
	for i := range img.resources {
		if err := redecode(&img.resources[i]); err != nil {
			return err
		}
	}
	for gi := range img.groups {
		for i := range img.groups[gi].vals {
			if err := redecode(&img.groups[gi].vals[i]); err != nil {
				return err
			}
		}
	}

	// Nothing can fail from here on but a bug.
	for i, want := range next {
		if e := w.Reserve(); e != want {
			for _, r := range append(next[:i:i], e) {
				w.Release(r)
			}
			return fmt.Errorf("internal error: reserved %v, but Peek said %v", e, want)
		}
	}
	var doomed []glue.Entity
	w.Each(func(e glue.Entity, ts []glue.Type) {
		for _, t := range ts {
			if s.reg.ByType(t) != nil {
				doomed = append(doomed, e)
				return
			}
		}
	})
	for i := len(doomed) - 1; i >= 0; i-- {
		w.Despawn(doomed[i])
	}
	var comps []any
	for _, g := range img.groups {
		m := len(g.cs)
		for i, id := range g.ids {
			comps = comps[:0]
			for _, v := range g.vals[i*m : (i+1)*m] {
				comps = append(comps, v.v)
			}
			k, _ := slices.BinarySearch(img.ids, id)
			if err := w.SpawnReserved(fresh[k], comps...); err != nil {
				return fmt.Errorf("internal error after the old entities were despawned: %v", err)
			}
		}
	}
	for _, t := range s.resources {
		i := slices.IndexFunc(img.resources, func(v value) bool { return v.c.Type() == t })
		if i < 0 {
			// A save made before the game saved t, or while the app had
			// none: the app keeps what it has (readTypes noted the
			// first case). Removing it would stop every system that
			// needs it.
			continue
		}
		if err := w.InsertResource(img.resources[i].v); err != nil {
			return fmt.Errorf("internal error after the old entities were despawned: %v", err)
		}
	}
	return nil
}
