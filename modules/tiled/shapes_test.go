package tiled_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/timer"
)

// TestPerTileCollisionShapes reads the collision shapes drawn in Tiled's
// tileset editor (testdata/tilesets/shapes.tsx) as physics colliders,
// flipped with their tiles. Before the fix, a flipped tile's shapes were
// dropped (3 colliders missing), the ellipse was taken as a square and
// the rectangle turned by 90° lay outside its tile.
func TestPerTileCollisionShapes(t *testing.T) {
	m := load(t, "shapes.tmx")
	var got []string
	for _, s := range m.Solids() {
		got = append(got, fmt.Sprint(s.Pos, " ", s.Shape))
	}
	want := []string{
		"{8 8} Rect(16x16)",                    // four full tiles, merged
		"{20 6} Rect(8x4)",                     // the bottom half
		"{24 8} Polygon([{0 0} {8 -8} {8 0}])", // a slope
		"{34 2} Rect(4x4)", "{38 6} Rect(4x4)", // two rectangles in one tile
		"{44 4} Circle(4)",                        // an ellipse with equal sides
		"{22 12} Rect(4x8)",                       // a rectangle turned by 90° about its corner
		"{32 16} Polygon([{0 0} {-8 -8} {-8 0}])", // the slope flipped horizontally
		"{36 10} Rect(8x4)",                       // the bottom half flipped vertically: the top half
		"{48 8} Polygon([{0 0} {-8 8} {0 8}])",    // the slope flipped diagonally
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("collision shapes\n %v\nwant\n %v", strings.Join(got, "\n "), strings.Join(want, "\n "))
	}
}

// TestTileShapesBecomeColliders spawns the map's tile shapes as static
// colliders, one-way ones included, through the plugin.
func TestTileShapesBecomeColliders(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Plugin{FS: testdata, Path: "maps/shapes.tmx"})
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if n := count[physics.Static](app); n != 10 {
		t.Fatalf("%d static colliders, want the map's 10 shapes", n)
	}
}

// TestCollisionShapesPhysicsCannotTakeAreNamed: shapes glue's physics
// has no collider for are Load errors naming the tileset, the tile and
// the fix, not colliders of another shape.
func TestCollisionShapesPhysicsCannotTakeAreNamed(t *testing.T) {
	for _, c := range []struct{ shape, want string }{
		{`<object id="1" x="0" y="0" width="16" height="8"><ellipse/></object>`, `tileset "t" tile 0 collision object 1: an ellipse of 16x8 has no shape in glue's physics`},
		{`<object id="1" x="0" y="0"><polygon points="0,0 16,0 8,8 16,16 0,16"/></object>`, `tileset "t" tile 0 collision object 1: polygon [{0 0} {16 0} {8 8} {16 16} {0 16}] is not convex`},
		{`<object id="1" x="0" y="0"><polyline points="0,0 16,0"/></object>`, `a polyline is not a collision shape`},
	} {
		bad := strings.Replace(level, `<object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>
  <tile id="1">`, c.shape+`</objectgroup></tile>
  <tile id="1">`, 1)
		if bad == level {
			t.Fatal("the test's map did not change")
		}
		_, err := tiled.Load(fstest.MapFS(mapFS(bad)), "maps/level.tmx")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "maps/level.tmx") {
			t.Errorf("error %v, want one naming the file and containing %q", err, c.want)
		}
	}
}

// TestAnimatedTileAdvancesWithTheClock draws shapes.tmx's animated tile
// (cell (0, 2): frame tile 6 for 300 ms, then tile 7 — the tile of cell
// (1, 2) — for 200 ms) as the game clock runs: frame 0 at the start
// (checked against tmxrasterizer by TestMatchesTmxrasterizer), frame 1
// after 20 ticks of 1/60 s, frame 0 again after 30.
func TestAnimatedTileAdvancesWithTheClock(t *testing.T) {
	requireDisplay(t)
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Plugin{FS: testdata, Path: "maps/shapes.tmx"})
	defer app.Close()
	same := func() bool { // the animated cell looks like its neighbour, tile 7
		m := glue.Resource[tiled.Level](app).Map
		img := drawMap(t, m, 0, 16, 16, 8)
		for y := range 8 {
			for x := range 8 {
				if img.RGBAAt(x, y) != img.RGBAAt(x+8, y) {
					return false
				}
			}
		}
		return true
	}
	for _, c := range []struct {
		ticks int
		frame int
	}{{1, 0}, {20, 1}, {10, 0}} {
		for range c.ticks {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if got := same(); got != (c.frame == 1) {
			t.Fatalf("at %.3f s the animated tile shows frame 1: %v, want frame %d", glue.Resource[timer.Time](app).ElapsedSeconds(), got, c.frame)
		}
	}
}
