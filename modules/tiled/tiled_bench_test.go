package tiled_test

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
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
	layers := csvLayers(n, 3, 4)
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
	layers := csvLayers(n, 3, 16)
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
	b.Run("tiles=2000x2000/infinite/layers=1", func(b *testing.B) {
		fsys := mapFS(infiniteXML(2000, 16))
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

// BenchmarkMapFrame measures the frame goal (≤ 1 ms CPU per frame
// for the map): a frame is Map.Animate with the clock, then Map.Draw
// into the draw list, for a 640×360 view scrolling through
//
//   - a 200×200 map of 16 px tiles with 3 full layers, the third inside a
//     group layer (offset, opacity), a quarter of the tiles animated;
//   - a 2,000×2,000 infinite map (one layer of 15,625 16×16 chunks,
//     base64, every cell a tile, most of them animated), the view
//     jumping across it: only the cells in view are visited, whatever
//     the map's size.
func BenchmarkMapFrame(b *testing.B) {
	run := func(b *testing.B, m *tiled.Map, span float64) {
		var list render.DrawList
		cam := render.Camera{Zoom: 1}
		cam.SetViewSize(640, 360)
		b.ReportAllocs()
		cpu := cpuMeter(b)
		i := 0
		for b.Loop() {
			// Across the map, a little further each frame.
			cam.X, cam.Y = 320+math.Mod(float64(i)*37, span), 180+math.Mod(float64(i)*23, span)
			m.Animate(float64(i) / 60)
			list.Reset()
			m.Draw(&list, &cam)
			i++
		}
		cpu()
		b.ReportMetric(float64(list.Len()), "tiles/frame")
	}
	b.Run("tiles=200x200/layers=3/group=1/animated", func(b *testing.B) {
		const n = 200
		layers := csvLayers(n, 3, 4) // gid 4 is the animated tile
		xml := mapXML(n, n, layers, "")
		i := strings.Index(xml, `<layer id="3"`)
		j := i + strings.Index(xml[i:], "</layer>") + len("</layer>")
		xml = xml[:i] + `<group id="20" name="front" offsetx="4" offsety="2" opacity="0.8">` + xml[i:j] + `</group>` + xml[j:]
		m, err := tiled.Load(mapFS(xml), "maps/level.tmx")
		if err != nil {
			b.Fatal(err)
		}
		run(b, m, n*16-640)
	})
	b.Run("tiles=2000x2000/infinite", func(b *testing.B) {
		m, err := tiled.Load(mapFS(infiniteXML(2000, 16)), "maps/level.tmx")
		if err != nil {
			b.Fatal(err)
		}
		if m.Width != 32000 {
			b.Fatalf("map %gx%g px, want 32000 wide", m.Width, m.Height)
		}
		run(b, m, 2000*16-640)
	})
}

// infiniteXML returns an infinite map n×n cells large in chunks of c×c,
// one base64 layer: the animated tile everywhere but along each chunk's
// bottom row, which is a solid floor (merged into one collider per row
// of chunks).
func infiniteXML(n, c int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="16" tileheight="16" infinite="1">
 %s
 <layer id="1" name="ground" width="%d" height="%d"><data encoding="base64">
`, n, n, tileset, n, n)
	raw := make([]byte, 4*c*c)
	for cy := 0; cy < n; cy += c {
		for cx := 0; cx < n; cx += c {
			for k := range c * c {
				gid := uint32(4) // the animated tile, no collision
				if k/c == c-1 {
					gid = 1 // a solid floor along each chunk's bottom row
				}
				binary.LittleEndian.PutUint32(raw[4*k:], gid)
			}
			fmt.Fprintf(&b, `<chunk x="%d" y="%d" width="%d" height="%d">%s</chunk>
`, cx, cy, c, c, base64.StdEncoding.EncodeToString(raw))
		}
	}
	b.WriteString("</data></layer>\n</map>\n")
	return b.String()
}

// csvLayers returns count layers of n×n gids for mapXML: layer l's cell i
// holds gid 1 + (7i + 3l) mod gids.
func csvLayers(n, count, gids int) []string {
	var layers []string
	for l := range count {
		var sb strings.Builder
		for i := range n * n {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(1 + (i*7+l*3)%gids))
		}
		layers = append(layers, sb.String())
	}
	return layers
}
