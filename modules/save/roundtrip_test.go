package save_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/save"
)

// randomWorld returns steps that build a random world: entities with
// random sets of the test components (some with Unsaved too, some with
// nothing saved), references to live, despawned and unsaved entities and
// to themselves, despawns that leave holes and ids reused at newer
// versions, components inserted and removed so that entities move
// between archetypes, and the saved resources.
//
// With mix false, no entity has both Unsaved and a saved component, so
// that a load keeps every saved entity's archetype and storage order;
// with mix true, some do, and lose Unsaved.
func randomWorld(rng *rand.Rand, mix bool) []func(s *step) {
	var all []glue.Entity            // every entity ever spawned, live or not
	lonely := map[glue.Entity]bool{} // spawned with Unsaved only
	pick := func() glue.Entity {
		if len(all) == 0 || rng.IntN(10) == 0 {
			return 0
		}
		return all[rng.IntN(len(all))]
	}
	comps := func() []any {
		var cs []any
		if rng.IntN(2) == 0 {
			cs = append(cs, P{rng.Float64() * 100, float64(rng.IntN(50))})
		}
		if rng.IntN(3) == 0 {
			cs = append(cs, V{int32(rng.IntN(2000) - 1000)})
		}
		if rng.IntN(4) == 0 {
			cs = append(cs, N{strings.Repeat("n", rng.IntN(5))})
		}
		if rng.IntN(3) == 0 {
			cs = append(cs, L{To: pick(), W: rng.IntN(9)})
		}
		if rng.IntN(4) == 0 {
			cs = append(cs, T{})
		}
		if mix && rng.IntN(5) == 0 {
			cs = append(cs, Unsaved{rng.IntN(100)})
		}
		return cs
	}
	spawn := func(s *step, n int) {
		for range n {
			cs := comps()
			if len(cs) == 0 || rng.IntN(6) == 0 {
				e := s.C.Spawn(Unsaved{rng.IntN(100)})
				all = append(all, e)
				lonely[e] = true // never touched but by despawns
				continue
			}
			e := s.C.Spawn(cs...)
			all = append(all, e)
			if rng.IntN(8) == 0 {
				s.C.Insert(e, L{To: e, W: -1}) // refers to itself
			}
		}
	}
	return []func(s *step){
		func(s *step) { spawn(s, 20+rng.IntN(40)) },
		func(s *step) {
			for _, e := range all {
				switch rng.IntN(5) {
				case 0:
					s.C.Despawn(e)
				case 1:
					if !lonely[e] {
						s.C.Insert(e, comps()...)
					}
				case 2:
					s.C.Remove(e, glue.TypeOf[P](), glue.TypeOf[T]())
				}
			}
		},
		func(s *step) {
			spawn(s, 10+rng.IntN(30))
			s.C.InsertResource(R1{Count: rng.IntN(100), Boss: pick()})
			if rng.IntN(2) == 0 {
				s.C.InsertResource(R2{Mode: fmt.Sprint("mode", rng.IntN(3))})
			}
		},
	}
}

// Random worlds survive a save and a load: into a fresh app, and into the
// same app after it changed. The saved entities come back with their
// saved components, in the same storage order, with references between
// them kept and ids that compare as before; references to entities not
// saved load as none; the app's unsaved entities are left alone.
func TestRoundTripRandomWorlds(t *testing.T) {
	for seed := range uint64(40) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 1))
			store := &save.Memory{}
			a := newRig(t, store, nil, "test")
			mix := seed%2 == 1
			a.run(randomWorld(rng, mix)...)
			a.run(func(s *step) { s.Saves.Save("w") })
			if r := a.last(); r.Err != nil || r.Op != save.Save {
				t.Fatalf("save: %v", r)
			}
			before := a.look()
			if !strings.Contains(before, "L{r") || !strings.Contains(before, "rest: ") {
				t.Fatalf("the random world has no references or no unsaved entities:\n%s", before)
			}

			// A fresh app with entities of its own.
			b := newRig(t, store, nil, "test")
			b.run(func(s *step) {
				s.C.Spawn(P{X: -1}, V{D: 9})
				s.C.Spawn(Unsaved{K: -7})
				s.C.InsertResource(R2{Mode: "fresh"})
			})
			restB := restView(b.look())
			b.run(func(s *step) { s.Saves.Load("w") })
			if r := b.last(); r.Err != nil || r.Op != save.Load || r.Entities != a.res[len(a.res)-1].Entities {
				t.Fatalf("load into a fresh app: %v (saved %d entities)", r, a.last().Entities)
			}
			after := b.look()
			if !strings.Contains(before, "R2{") {
				// The save has no R2: the app keeps its own.
				after = strings.Replace(after, " R2{Mode:fresh}", "", 1)
			}
			if savedView(after) != savedView(before) {
				t.Errorf("loaded into a fresh app:\n%s\nsaved:\n%s", savedView(after), savedView(before))
			}
			if !mix && orderView(after) != orderView(before) {
				t.Errorf("loaded into a fresh app, in storage order:\n%s\nsaved:\n%s", orderView(after), orderView(before))
			}
			if restView(after) != restB {
				t.Errorf("the fresh app's unsaved entities changed:\n%s\nwere:\n%s", restView(after), restB)
			}

			// The same app, changed, then loaded.
			a.run(randomWorld(rng, mix)[1:]...)
			restA := restView(a.look())
			a.run(func(s *step) { s.Saves.Load("w") })
			if r := a.last(); r.Err != nil {
				t.Fatalf("load into the same app: %v", r)
			}
			again := a.look()
			if !strings.Contains(before, "R2{") {
				again = regexp.MustCompile(` R2\{[^}]*\}`).ReplaceAllString(again, "")
			}
			if savedView(again) != savedView(before) {
				t.Errorf("loaded into the same app:\n%s\nsaved:\n%s", savedView(again), savedView(before))
			}
			if !mix && orderView(again) != orderView(before) {
				t.Errorf("loaded into the same app, in storage order:\n%s\nsaved:\n%s", orderView(again), orderView(before))
			}
			if restView(again) != restA {
				t.Errorf("the app's unsaved entities changed:\n%s\nwere:\n%s", restView(again), restA)
			}
		})
	}
}

// A save of a loaded world loads as the world the first save was made
// of.
func TestSaveOfLoadedWorld(t *testing.T) {
	store := &save.Memory{}
	a := newRig(t, store, nil, "test")
	a.run(randomWorld(rand.New(rand.NewPCG(7, 7)), true)...)
	a.run(func(s *step) { s.Saves.Save("one") })
	b := newRig(t, store, nil, "test")
	b.run(func(s *step) { s.Saves.Load("one") })
	b.run(func(s *step) { s.Saves.Save("two") })
	c := newRig(t, store, nil, "test")
	c.run(func(s *step) { s.Saves.Load("two") })
	if x, y := savedView(a.look()), savedView(c.look()); x != y {
		t.Errorf("saved, loaded, saved and loaded again:\n%s\nfirst:\n%s", y, x)
	}
}
