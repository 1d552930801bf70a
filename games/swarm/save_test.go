package main

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// scene drives a headless swarm app and keeps its digest per tick.
type scene struct {
	t       *testing.T
	app     *glue.App
	digests []Digest
}

func newScene(t *testing.T, cfg Config) *scene {
	cfg.Headless, cfg.Digest = true, true
	s := &scene{t: t, app: NewApp(cfg)}
	t.Cleanup(s.app.Close)
	return s
}

func (s *scene) tick() {
	s.t.Helper()
	if err := s.app.Update(); err != nil {
		s.t.Fatal(err)
	}
	s.digests = append(s.digests, *glue.Resource[Digest](s.app))
}

// playOn runs 150 ticks in which the fish count changes twice: despawns
// of the last fish in query order, then spawns drawn from the random
// source.
func (s *scene) playOn() []Digest {
	from := len(s.digests)
	for i := range 150 {
		switch i {
		case 30:
			glue.Resource[Scene](s.app).Fish -= 400
		case 90:
			glue.Resource[Scene](s.app).Fish += 700
		}
		s.tick()
	}
	return s.digests[from:]
}

// TestQuickLoadRepeatsTheScene saves every variant after fish were
// despawned and spawned, plays on, loads the save and plays the same:
// every tick's digest is the first time's — in the same app, and in a
// fresh app of another seed and size. Flocking sums over neighbours in
// query order, so it repeats only if the loaded fish keep that order.
func TestQuickLoadRepeatsTheScene(t *testing.T) {
	for _, v := range Variants {
		t.Run(v.String(), func(t *testing.T) {
			store := &save.Memory{}
			a := newScene(t, Config{Seed: 21, Scene: Scene{Variant: v, Fish: 1200}, Saves: store})
			for i := range 60 {
				if i == 20 {
					glue.Resource[Scene](a.app).Fish = 900
				}
				a.tick()
			}
			glue.Resource[save.Saves](a.app).Save(quickSlot) // at the end of the next tick
			a.tick()
			want := a.playOn()
			check := func(what string, s *scene) {
				t.Helper()
				glue.Resource[save.Saves](s.app).Load(quickSlot)
				s.tick()
				got := s.playOn()
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s: tick %d after the load: %d fish, digest %x; after the save: %d fish, %x", what, i+1, got[i].Fish, got[i].Sum, want[i].Fish, want[i].Sum)
					}
				}
			}
			check("the same app", a)
			b := newScene(t, Config{Seed: 5, Scene: Scene{Variant: Movement, Fish: 300}, Saves: store})
			for range 3 {
				b.tick()
			}
			check("a fresh app", b)
		})
	}
}

// F5 and F9 save and load; the loop has no save keys.
func TestQuickSaveKeys(t *testing.T) {
	store := &save.Memory{}
	s := newScene(t, Config{Seed: 2, Scene: Scene{Fish: 50}, Saves: store})
	press := func(k ebiten.Key) {
		glue.Resource[input.Devices](s.app).Keys[k] = true
		s.tick()
		glue.Resource[input.Devices](s.app).Keys[k] = false
		s.tick()
	}
	s.tick()
	press(ebiten.KeyF5)
	if data, err := store.Read(quickSlot); err != nil || !strings.HasPrefix(string(data), "GLUESAVE") {
		t.Fatalf("after F5: %v", err)
	}
	saved := s.digests[len(s.digests)-2]
	press(ebiten.KeyArrowUp)
	if s.digests[len(s.digests)-1].Fish != 50+Batch {
		t.Fatalf("%d fish after Up", s.digests[len(s.digests)-1].Fish)
	}
	press(ebiten.KeyF9) // loads at the end of the first tick
	if got := s.digests[len(s.digests)-1]; got.Fish != saved.Fish {
		t.Errorf("after F9: %d fish, saved %d", got.Fish, saved.Fish)
	}
	if glue.Resource[Scene](s.app).Fish != 50 {
		t.Errorf("after F9 the scene asks for %d fish, want the saved 50", glue.Resource[Scene](s.app).Fish)
	}
	obj := NewApp(Config{Seed: 2, Scene: Scene{Fish: 50}, Model: LoopModel, Headless: true})
	defer obj.Close()
	if glue.Resource[save.Saves](obj) != nil {
		t.Error("the loop has the save plugin; its fish are no entities")
	}
}
