package world

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
	"github.com/yohamta/donburi/filter"
)

// The component types of the differential test: a plain one, two with
// Go pointers (a string, a slice), and a zero-size tag.
type (
	dfA struct{ V int }
	dfB struct{ S string }
	dfC struct{ L []int }
	dfD struct{}
)

var (
	dfTypes = []*Type{TypeFor[dfA](), TypeFor[dfB](), TypeFor[dfC](), TypeFor[dfD]()}
	dfDon   = []component.IComponentType{
		donburi.NewComponentType[dfA](), donburi.NewComponentType[dfB](),
		donburi.NewComponentType[dfC](), donburi.NewComponentType[dfD](),
	}
)

// dfValue returns the value of type i made from v, as an any holding the
// type.
func dfValue(i, v int) any {
	switch i {
	case 0:
		return dfA{v}
	case 1:
		return dfB{strconv.Itoa(v)}
	case 2:
		return dfC{[]int{v, -v}}
	}
	return dfD{}
}

// dfRead returns the number a component of type i holds (0 for the tag),
// from glue's memory at p.
func dfRead(i int, p any) int {
	switch v := p.(type) {
	case *dfA:
		return v.V
	case *dfB:
		n, _ := strconv.Atoi(v.S)
		return n
	case *dfC:
		if len(v.L) != 2 || v.L[1] != -v.L[0] {
			return -1 << 40 // corrupt
		}
		return v.L[0]
	}
	return 0
}

// dfModel is donburi, through its public API only, as the reference.
type dfModel struct {
	w     donburi.World
	of    map[Entity]donburi.Entity // glue's entity → donburi's
	known map[string]bool           // layouts donburi has an archetype of
}

// seed makes donburi know the archetype of layout before an entity moves
// into it: donburi v1.15.8 miscounts an archetype that an entity first
// enters by AddComponent or RemoveComponent (its next Create there
// panics), so the model creates and removes one entity there first.
func (m *dfModel) seed(layout []component.IComponentType) {
	ids := make([]int, 0, len(layout))
	for _, c := range layout {
		ids = append(ids, int(c.Id()))
	}
	slices.Sort(ids)
	k := fmt.Sprint(ids)
	if !m.known[k] {
		m.known[k] = true
		m.w.Remove(m.w.Create(layout...))
	}
}

func (m *dfModel) set(e donburi.Entity, i, v int) {
	entry := m.w.Entry(e)
	switch i {
	case 0:
		donburi.SetValue(entry, dfDon[0].(*donburi.ComponentType[dfA]), dfA{v})
	case 1:
		donburi.SetValue(entry, dfDon[1].(*donburi.ComponentType[dfB]), dfB{strconv.Itoa(v)})
	case 2:
		donburi.SetValue(entry, dfDon[2].(*donburi.ComponentType[dfC]), dfC{[]int{v, -v}})
	}
}

func (m *dfModel) get(e donburi.Entity, i int) int {
	entry := m.w.Entry(e)
	switch i {
	case 0:
		return donburi.Get[dfA](entry, dfDon[0].(*donburi.ComponentType[dfA])).V
	case 1:
		return dfRead(1, donburi.Get[dfB](entry, dfDon[1].(*donburi.ComponentType[dfB])))
	case 2:
		return dfRead(2, donburi.Get[dfC](entry, dfDon[2].(*donburi.ComponentType[dfC])))
	}
	return 0
}

// Random sequences of spawns (single and batch, at once and reserved),
// inserts, removes, despawns, reservations and releases are applied to
// glue's world and to a donburi world through donburi's public API; after
// every step both hold the same entities with the same component sets
// and values. A GC runs now and then between moves, so that components
// holding Go pointers must survive in glue's columns.
func TestDifferentialAgainstDonburi(t *testing.T) {
	steps := 3000
	if testing.Short() {
		steps = 500
	}
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { runDifferential(t, seed, steps) })
	}
}

func runDifferential(t *testing.T, seed uint64, steps int) {
	w, _ := New()
	m := &dfModel{w: donburi.NewWorld(), of: map[Entity]donburi.Entity{}, known: map[string]bool{}}
	r := rand.New(rand.NewPCG(seed, 7))
	var live, reserved []Entity
	counter := 0
	pick := func() []int { // a random non-empty set of type indices, in random order
		return r.Perm(len(dfTypes))[:1+r.IntN(len(dfTypes))]
	}
	layout := func(idx []int) ([]*Type, []component.IComponentType) {
		var ts []*Type
		var cs []component.IComponentType
		for _, i := range idx {
			ts = append(ts, dfTypes[i])
			cs = append(cs, dfDon[i])
		}
		return ts, cs
	}
	spawnModel := func(ents []Entity, idx []int, vals [][]int) {
		_, cs := layout(idx)
		m.seed(cs)
		made := m.w.CreateMany(len(ents), cs...)
		for k, e := range ents {
			m.of[e] = made[k]
			for j, i := range idx {
				m.set(made[k], i, vals[k][j])
			}
		}
	}
	for step := range steps {
		op := r.IntN(20)
		if len(live) > 400 { // keep the world small enough to compare whole at every step
			op = 19
		}
		switch {
		case op < 4 || len(live) == 0: // spawn one or a batch
			idx := pick()
			ts, _ := layout(idx)
			n := 1
			if op%2 == 0 {
				n = 1 + r.IntN(40)
			}
			ents := make([]Entity, n)
			vals := make([][]int, n)
			for k := range ents {
				ents[k] = w.Reserve()
				for range idx {
					counter++
					vals[k] = append(vals[k], counter)
				}
			}
			if n == 1 && op%4 == 1 {
				var vs []any
				for j, i := range idx {
					vs = append(vs, dfValue(i, vals[0][j]))
				}
				w.Release(ents[0])
				e, err := w.Spawn(ts, vs)
				if err != nil || e.ID() != ents[0].ID() || e.Version() != ents[0].Version()+1 {
					t.Fatalf("step %d: Spawn = %x, %v; want the released id %x one version up", step, e, err, ents[0])
				}
				ents[0] = e
			} else {
				b, err := w.SpawnBatch(ts, ents)
				if err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				for k := range ents {
					for j, i := range idx {
						w.SetIn(b, k, ts[j], dfValue(i, vals[k][j]))
					}
				}
			}
			spawnModel(ents, idx, vals)
			live = append(live, ents...)
		case op < 6: // reserve a few, to spawn or release later
			for range 1 + r.IntN(3) {
				reserved = append(reserved, w.Reserve())
			}
		case op < 8 && len(reserved) > 0: // spawn or release a reserved id, in any order
			k := r.IntN(len(reserved))
			e := reserved[k]
			reserved = slices.Delete(reserved, k, k+1)
			if r.IntN(3) == 0 {
				if err := w.Release(e); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				if err := w.Release(e); err == nil {
					t.Fatalf("step %d: a second Release of %v: no error", step, e)
				}
				break
			}
			idx := pick()
			ts, _ := layout(idx)
			var vs []any
			var v []int
			for _, i := range idx {
				counter++
				v = append(v, counter)
				vs = append(vs, dfValue(i, counter))
			}
			if err := w.SpawnAs(e, ts, vs); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			spawnModel([]Entity{e}, idx, [][]int{v})
			live = append(live, e)
		case op < 12: // insert (add or overwrite)
			e := live[r.IntN(len(live))]
			i := r.IntN(len(dfTypes))
			counter++
			if !w.Insert(e, dfTypes[i], dfValue(i, counter)) {
				t.Fatalf("step %d: Insert into live %v failed", step, e)
			}
			de := m.of[e]
			entry := m.w.Entry(de)
			if !entry.HasComponent(dfDon[i]) {
				m.seed(append(slices.Clone(entry.Archetype().Layout().Components()), dfDon[i]))
				entry.AddComponent(dfDon[i])
			}
			m.set(de, i, counter)
		case op < 16: // remove
			k := r.IntN(len(live))
			e := live[k]
			i := r.IntN(len(dfTypes))
			de := m.of[e]
			entry := m.w.Entry(de)
			had := entry.HasComponent(dfDon[i])
			if got := w.Remove(e, dfTypes[i]); got != had {
				t.Fatalf("step %d: Remove = %v, want %v", step, got, had)
			}
			if !had {
				break
			}
			comps := entry.Archetype().Layout().Components()
			if len(comps) == 1 { // glue despawns an entity without components
				m.w.Remove(de)
				delete(m.of, e)
				live = slices.Delete(live, k, k+1)
				break
			}
			var rest []component.IComponentType
			for _, c := range comps {
				if c != dfDon[i] {
					rest = append(rest, c)
				}
			}
			m.seed(rest)
			entry.RemoveComponent(dfDon[i])
		default: // despawn
			k := r.IntN(len(live))
			e := live[k]
			if !w.Despawn(e) {
				t.Fatalf("step %d: Despawn of live %v failed", step, e)
			}
			if w.Despawn(e) || w.Valid(e) {
				t.Fatalf("step %d: %v is live after its despawn", step, e)
			}
			m.w.Remove(m.of[e])
			delete(m.of, e)
			live = slices.Delete(live, k, k+1)
		}
		if step%50 == 0 {
			runtime.GC()
		}
		compareWorlds(t, step, w, m, live)
	}
	for _, e := range reserved {
		if err := w.Release(e); err != nil {
			t.Fatal(err)
		}
	}
}

// compareWorlds checks that glue's world and the model hold the same
// live entities, component sets and values, and that glue's own views
// (Len, Entities, Walk, queries) agree with each other.
func compareWorlds(t *testing.T, step int, w *World, m *dfModel, live []Entity) {
	t.Helper()
	if w.Len() != len(live) || m.w.Len() != len(live) {
		t.Fatalf("step %d: Len = %d, donburi %d, want %d", step, w.Len(), m.w.Len(), len(live))
	}
	all := w.Entities(nil)
	if len(all) != len(live) {
		t.Fatalf("step %d: Entities lists %d, want %d", step, len(all), len(live))
	}
	walked := 0
	w.Walk(func(ts []*Type, ents []Entity) {
		for _, e := range ents {
			if !slices.Equal(w.Types(e), ts) {
				t.Fatalf("step %d: %v has types %v, its archetype %v", step, e, w.Types(e), ts)
			}
		}
		walked += len(ents)
	})
	if walked != len(live) {
		t.Fatalf("step %d: Walk visits %d, want %d", step, walked, len(live))
	}
	for _, e := range live {
		de, ok := m.of[e]
		if !ok || !w.Valid(e) || !m.w.Valid(de) {
			t.Fatalf("step %d: %v live: glue %v, donburi %v", step, e, w.Valid(e), m.w.Valid(de))
		}
		entry := m.w.Entry(de)
		for i, tp := range dfTypes {
			has := entry.HasComponent(dfDon[i])
			if w.Has(e, tp) != has {
				t.Fatalf("step %d: %v has %s: glue %v, donburi %v", step, e, tp.Name, w.Has(e, tp), has)
			}
			if !has {
				continue
			}
			if got, want := dfRead(i, w.Value(e, tp)), m.get(de, i); got != want {
				t.Fatalf("step %d: %v's %s = %d, want %d", step, e, tp.Name, got, want)
			}
		}
	}
	if step%25 != 0 {
		return
	}
	for i, tp := range dfTypes {
		q := w.NewQuery([]*Type{tp}, nil, nil)
		q.Refresh()
		want := donburi.NewQuery(filter.Contains(dfDon[i])).Count(m.w)
		n := 0
		q.Spans(0, q.Len(), func(sp Span) {
			for k, e := range sp.Ents {
				if p := q.Get(e, 0); uintptr(p) != uintptr(sp.Cols[0])+uintptr(k)*tp.size {
					t.Fatalf("step %d: Get(%v) is not the span's row %d", step, e, k)
				}
			}
			n += len(sp.Ents)
		})
		if q.Len() != want || n != want {
			t.Fatalf("step %d: query of %s: Len %d, spans %d, donburi %d", step, tp.Name, q.Len(), n, want)
		}
	}
}
