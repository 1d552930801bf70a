package save_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/save"
)

// AfterLoad runs after a load with the loaded world; its error is the
// load's.
func TestAfterLoad(t *testing.T) {
	var seen []int
	fail := false
	r := newRig(t, nil, nil, "test", func(p *save.Plugin) {
		p.AfterLoad = func(w *glue.World) error {
			seen = append(seen, w.Len())
			if fail {
				return errors.New("cannot")
			}
			return nil
		}
	})
	r.run(smallWorld)
	r.run(func(s *step) { s.Saves.Save("s") })
	r.run(func(s *step) { s.C.Spawn(P{}, V{}) })
	r.run(func(s *step) { s.Saves.Load("s") })
	fail = true
	r.run(func(s *step) { s.Saves.Load("s") })
	if len(seen) != 2 || seen[0] != 4 || seen[1] != 4 {
		t.Errorf("AfterLoad saw worlds of %v entities, want 4 twice (3 loaded, 1 unsaved)", seen)
	}
	if err := r.last().Err; err == nil || !strings.Contains(err.Error(), "loaded, then Plugin.AfterLoad failed: cannot") {
		t.Errorf("AfterLoad's error: %v", err)
	}
}

// The plugin costs no allocation in a tick without requests.
func TestIdleTickAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own: run without -race")
	}
	r := newRig(t, nil, nil, "test")
	r.run(smallWorld)
	r.run(func(s *step) { s.Saves.Save("s") }, func(s *step) { s.Saves.Load("s") })
	if allocs := testing.AllocsPerRun(100, r.tick); allocs != 0 {
		t.Errorf("%g allocations per idle tick, want 0", allocs)
	}
}
