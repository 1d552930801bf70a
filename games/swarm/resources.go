package main

import (
	"fmt"
	"strings"

	"github.com/gluekit/glue"
)

// Variant is which of the scene's rules run: Völkers's four variants
// (§5) and flocking.
type Variant uint8

const (
	// Movement: fish and the predator swim and wrap.
	Movement Variant = iota
	// AvoidVariant adds avoidance of the predator.
	AvoidVariant
	// ColourVariant adds the colour change.
	ColourVariant
	// AvoidColour adds both.
	AvoidColour
	// FlockVariant adds flocking (separation, alignment, cohesion) over
	// neighbours found through the spatial grid.
	FlockVariant
	variants
)

// Variants lists every variant, in order.
var Variants = []Variant{Movement, AvoidVariant, ColourVariant, AvoidColour, FlockVariant}

var variantNames = [variants]string{"movement", "avoid", "colour", "avoid-colour", "flock"}

// String returns the variant's flag name, e.g. "avoid-colour".
func (v Variant) String() string {
	if v < variants {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// ParseVariant returns the variant named s.
func ParseVariant(s string) (Variant, error) {
	for i, n := range variantNames {
		if s == n {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q; want one of %s", s, strings.Join(variantNames[:], ", "))
}

// Avoids reports whether the variant runs the avoidance rule.
func (v Variant) Avoids() bool { return v == AvoidVariant || v == AvoidColour }

// Colours reports whether the variant runs the colour rule.
func (v Variant) Colours() bool { return v == ColourVariant || v == AvoidColour }

// Flocks reports whether the variant runs flocking.
func (v Variant) Flocks() bool { return v == FlockVariant }

// Scene is the scene's settings, a resource: the running variant and the
// number of fish wanted. Keys change both while the game runs; the
// Populate system spawns or despawns fish to match Fish.
type Scene struct {
	Variant Variant
	Fish    int
}

// RandomSource is the scene's seeded random stream, a resource: new
// fish and the predator draw their positions, speeds, colours and own
// streams from it.
type RandomSource struct{ Rng Rng }

// Hunt is where the predator is this tick, a resource copied from its
// components before the fish react, so the avoidance system reads a
// resource instead of querying the Position it writes — and can be split
// across workers.
type Hunt struct {
	X, Y    float64
	Present bool
}

// The spatial grid's size in cells of Radius × Radius units.
const (
	gridCols = (int(FieldW) + int(Radius) - 1) / int(Radius)
	gridRows = (int(FieldH) + int(Radius) - 1) / int(Radius)
)

// gridItem is a fish as the grid saw it at the start of the tick.
type gridItem struct {
	X, Y, VX, VY float64
	ID           uint64
}

// Grid is the spatial grid flocking finds neighbours through, a
// resource rebuilt every tick: a copy of every fish's position and
// velocity, sorted by cell (counting sort, in query order, so the same
// world always gives the same grid). Flocking reads only the grid and
// writes only each fish's own velocity. Its memory is reused, so
// rebuilding allocates nothing once it has grown.
type Grid struct {
	start []int32    // items of cell c are items[start[c]:start[c+1]]
	items []gridItem // sorted by cell
	raw   []gridItem // in insertion order
	cells []int32    // the cell of raw[i]
	add   func(glue.Entity, Position, Velocity, Fish)
}

// cellOf returns the cell of the point (x, y), clamped to the grid.
func cellOf(x, y float64) (col, row int) {
	col = min(max(int(x/Radius), 0), gridCols-1)
	row = min(max(int(y/Radius), 0), gridRows-1)
	return col, row
}

// reset empties the grid before a rebuild.
func (g *Grid) reset() {
	g.raw = g.raw[:0]
	g.cells = g.cells[:0]
}

// insert adds a fish, identified by id.
func (g *Grid) insert(id uint64, p *Position, v *Velocity) {
	col, row := cellOf(p.X, p.Y)
	g.raw = append(g.raw, gridItem{X: p.X, Y: p.Y, VX: v.X, VY: v.Y, ID: id})
	g.cells = append(g.cells, int32(row*gridCols+col))
}

// sort puts the inserted fish in cell order.
func (g *Grid) sort() {
	const cells = gridCols * gridRows
	if len(g.start) != cells+1 {
		g.start = make([]int32, cells+1)
	}
	clear(g.start)
	for _, c := range g.cells {
		g.start[c+1]++
	}
	for c := 1; c <= cells; c++ {
		g.start[c] += g.start[c-1]
	}
	if cap(g.items) < len(g.raw) {
		g.items = make([]gridItem, len(g.raw), cap(g.raw))
	}
	g.items = g.items[:len(g.raw)]
	// Scatter, using start[c] as cell c's cursor, then shift back.
	for i, c := range g.cells {
		g.items[g.start[c]] = g.raw[i]
		g.start[c]++
	}
	copy(g.start[1:], g.start[:cells])
	g.start[0] = 0
}
