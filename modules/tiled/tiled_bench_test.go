package tiled_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/cputime"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkDrawScrolling measures the tile drawing of one frame of a
// 200×200-tile map with 3 full layers (16 px tiles, one tileset image)
// seen through a 640×360 view that scrolls one pixel right and down per
// frame: Map.Draw into the draw list, and separately the draw list's
// flush, which reports the draw calls.
func BenchmarkDrawScrolling(b *testing.B) {
	const n = 200
	var layers []string
	for l := range 3 {
		var sb strings.Builder
		for i := range n * n {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprint(&sb, 1+(i*7+l*3)%4)
		}
		layers = append(layers, sb.String())
	}
	m, err := tiled.Load(mapFS(mapXML(n, n, layers, "")), "maps/level.tmx")
	if err != nil {
		b.Fatal(err)
	}
	var list render.DrawList
	cam := render.Camera{Zoom: 1}
	cam.SetViewSize(640, 360)
	frame := func(i int) {
		cam.X, cam.Y = 320+float64(i%2000), 180+float64(i%2000)
		list.Reset()
		m.Draw(&list, &cam)
	}
	b.Run("layers=3/tiles=200x200/draw", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuMeter(b)
		i := 0
		for b.Loop() {
			frame(i)
			i++
		}
		cpu()
		b.ReportMetric(float64(list.Len()), "tiles/frame")
	})
	b.Run("layers=3/tiles=200x200/draw+flush", func(b *testing.B) {
		dst := ebiten.NewImage(640, 360)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			frame(i)
			list.FlushCamera(dst, 1, &cam)
			i++
		}
		b.ReportMetric(float64(list.Stats().DrawCalls()), "drawcalls/frame")
	})
}

// BenchmarkLoad measures Load of a 200×200-tile map with 3 CSV layers
// and 4 tilesets (the loading goal: ≤ 20 ms), parsing included;
// the tileset images go into the atlas on every load.
func BenchmarkLoad(b *testing.B) {
	const n = 200
	var layers []string
	for l := range 3 {
		var sb strings.Builder
		for i := range n * n {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprint(&sb, 1+(i*7+l*3)%16)
		}
		layers = append(layers, sb.String())
	}
	// Three more tilesets after the test one (gids 5 to 16), each its own
	// image.
	xml := mapXML(n, n, layers, "")
	var more strings.Builder
	for k := 1; k <= 3; k++ {
		fmt.Fprintf(&more, ` <tileset firstgid="%d" name="t%d" tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="tiles%d.png" width="64" height="16"/></tileset>
`, 1+4*k, k, k)
	}
	xml = strings.Replace(xml, " </tileset>\n", " </tileset>\n"+more.String(), 1)
	fsys := mapFS(xml)
	for k := 1; k <= 3; k++ {
		fsys[fmt.Sprintf("maps/tiles%d.png", k)] = fsys["maps/tiles.png"]
	}
	b.Run("tiles=200x200/layers=3/tilesets=4", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuMeter(b)
		for b.Loop() {
			if _, err := tiled.Load(fsys, "maps/level.tmx"); err != nil {
				b.Fatal(err)
			}
		}
		cpu()
	})
}

// cpuMeter starts counting the process's CPU time; the function it
// returns reports it per op as cpu-ns/op: on a loaded machine the wall
// time is mostly waiting for a CPU, and the CPU time is the figure to
// read.
func cpuMeter(b *testing.B) func() {
	cpu0, _ := cputime.Process()
	return func() {
		if cpu1, ok := cputime.Process(); ok {
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
		}
	}
}
