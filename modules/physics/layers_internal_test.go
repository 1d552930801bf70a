package physics

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestLayersFilterCandidates checks that colliders whose layers do not
// meet are never candidates, so never tested against each other, and
// that a collider's layers are its resolv shape's tags.
func TestLayersFilterCandidates(t *testing.T) {
	const (
		solid Layers = 1 << iota
		ghost
		pickup
	)
	s := newSpace(32, Bounds{Max: Vec{200, 200}})
	cols := []Collider{
		{Shape: Rect(10, 10)},                              // 1: default layer, every mask
		{Shape: Rect(10, 10), Layers: solid},               // 2
		{Shape: Rect(10, 10), Layers: ghost, Mask: pickup}, // 3: a ghost sees only pickups
		{Shape: Rect(10, 10), Layers: pickup},              // 4
		{Shape: Rect(10, 10), Layers: solid, Mask: solid},  // 5: only solids
	}
	var rs []*record
	for i, c := range cols {
		r, err := newRecord(glue.Entity(i+1), c, Vec{100, 100})
		if err != nil {
			t.Fatal(err)
		}
		s.records[r.e] = r
		rs = append(rs, r)
	}
	if err := s.add(rs); err != nil {
		t.Fatal(err)
	}
	// DefaultLayer is bit 1, solid here: entity 1 is a solid too.
	want := map[glue.Entity][]glue.Entity{
		1: {2, 4, 5},
		2: {1, 4, 5}, // every mask but the ghost's accepts solids
		3: {4},
		4: {1, 2, 3},
		5: {1, 2},
	}
	for _, r := range rs {
		var got []glue.Entity
		for _, c := range s.gather(r.bounds(), r) {
			got = append(got, c.e)
		}
		if w := want[r.e]; !equal(got, w) {
			t.Errorf("entity %v: candidates %v, want %v", r.e, got, w)
		}
	}
	if tags := *rs[2].shape.Tags(); tags != ghost {
		t.Errorf("the ghost's resolv tags are %v, want its layers", tags)
	}
}

func equal(a, b []glue.Entity) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
