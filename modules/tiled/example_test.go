package tiled_test

import (
	"fmt"

	"github.com/gluekit/glue/modules/tiled"
)

// Load reads a map (the test's: a 6x4 map of 16 px tiles): the slope
// tile becomes a polygon, a run of one-way tiles a platform, two rows of
// solid tiles one rectangle, the object of class "solid" another; the
// other objects keep their classes and typed properties.
func ExampleLoad() {
	m, err := tiled.Load(mapFS(level), "maps/level.tmx")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%gx%g px\n", m.Width, m.Height)
	for _, s := range m.Solids() {
		fmt.Println(s.Pos, s.Shape, "one-way:", s.OneWay)
	}
	for _, o := range m.Objects() {
		fmt.Println(o.Class, o.Center())
	}
	v, _ := m.Objects()[1].Props.Int("value")
	fmt.Println("coin value", v)
	// Output:
	// 96x64 px
	// {64 32} Polygon([{0 0} {16 -16} {16 0}]) one-way: false
	// {16 24} Rect(32x16) one-way: true
	// {48 48} Rect(96x32) one-way: false
	// {88 16} Rect(16x32) one-way: false
	// Player {24 24}
	// Coin {56 8}
	// coin value 10
}
