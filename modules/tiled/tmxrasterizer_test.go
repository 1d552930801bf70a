package tiled_test

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gluekit/glue/modules/tiled"
	tmx "github.com/lafriks/go-tiled"
)

// rasterTolerance is how far a colour channel drawn by glue may be from
// Tiled's: 0 for plain tiles, flips, offsets and the trans colour, but
// opacity and tint are blended in 8 bits by both, Qt in integer
// arithmetic (x·α/255 with its own rounding) and Ebitengine in a float
const rasterTolerance = 1

// TestMatchesTmxrasterizer draws every test map with glue at scale 1 and
// with tmxrasterizer, Tiled's own renderer (Debian's tiled package), and
// compares the pixels. Object layers are hidden from tmxrasterizer: glue
// hands objects to the game instead of drawing them.
func TestMatchesTmxrasterizer(t *testing.T) {
	bin, err := exec.LookPath("tmxrasterizer")
	if err != nil {
		t.Skip("tiled: tmxrasterizer not found, so the maps are not compared with Tiled's own renderer; install it with `apt-get install tiled` (CI does)")
	}
	requireDisplay(t)
	maps, _ := filepath.Glob("testdata/maps/*.tmx")
	if len(maps) < 6 {
		t.Fatalf("%d test maps, want at least 6", len(maps))
	}
	out := t.TempDir()
	for _, file := range maps {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			m, err := tiled.LoadWith(testdata, "maps/"+name, withZstd)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{}
			for _, l := range objectLayers(m.TMX.ObjectGroups, m.TMX.Groups) {
				args = append(args, "--hide-layer", l)
			}
			want := filepath.Join(out, name+".png")
			cmd := exec.Command(bin, append(args, file, want)...)
			cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen")
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("tmxrasterizer: %v\n%s", err, b)
			}
			ref := readPNG(t, want)
			// tmxrasterizer draws the map's bounding rectangle: the map's
			// size, or for an infinite map the 16×16-cell blocks Tiled
			// keeps its chunks in; layer offsets only widen it to the
			// right and down in these maps.
			x0, y0 := 0.0, 0.0
			if m.MinX != 0 || m.MinY != 0 {
				bx, by := float64(16*m.TileW), float64(16*m.TileH)
				x0, y0 = math.Floor(m.MinX/bx)*bx, math.Floor(m.MinY/by)*by
			}
			b := ref.Bounds()
			got := drawMap(t, m, x0, y0, b.Dx(), b.Dy())
			bad, off, worst := 0, 0, 0
			var first string
			for y := range b.Dy() {
				for x := range b.Dx() {
					w := color.RGBAModel.Convert(ref.At(x, y)).(color.RGBA)
					g := got.RGBAAt(x, y)
					d := diff(g, w)
					worst = max(worst, d)
					if d > 0 {
						off++
					}
					if d > rasterTolerance {
						if bad == 0 {
							first = fmt.Sprintf("(%d, %d) is %v, Tiled draws %v", x, y, g, w)
						}
						bad++
					}
				}
			}
			t.Logf("%dx%d pixels: %d differ, by at most %d", b.Dx(), b.Dy(), off, worst)
			if bad > 0 {
				mine := filepath.Join(os.TempDir(), "glue-"+name+".png")
				writePNG(mine, got)
				keep := filepath.Join(os.TempDir(), "tmxrasterizer-"+name+".png")
				if src, err := os.ReadFile(want); err == nil {
					os.WriteFile(keep, src, 0o644)
				}
				t.Errorf("%d of %d pixels differ by more than %d (at most %d); first: %s; glue's drawing is %s, Tiled's %s",
					bad, b.Dx()*b.Dy(), rasterTolerance, worst, first, mine, keep)
			}
		})
	}
}

// objectLayers returns the names of the object layers, those in groups
// too.
func objectLayers(objs []*tmx.ObjectGroup, groups []*tmx.Group) []string {
	var names []string
	for _, o := range objs {
		names = append(names, o.Name)
	}
	for _, g := range groups {
		names = append(names, objectLayers(g.ObjectGroups, g.Groups)...)
	}
	return names
}

func readPNG(t *testing.T, file string) image.Image {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return img
}

func writePNG(file string, img image.Image) {
	f, err := os.Create(file)
	if err != nil {
		return
	}
	defer f.Close()
	png.Encode(f, img)
}
