// Command genlevel makes games/platformer's level and art, so that
// nothing is downloaded or drawn by hand: a Tiled map (level.tmx) drawn
// from the ASCII rows below, its tileset image (tiles.png), a parallax
// image layer (hills.png), and the characters' sprite sheet with its
// Aseprite JSON export (sprites.png, sprites.json). It writes them into
// games/platformer/level, where they are committed and embedded:
//
//	go generate ./games/platformer/level
//
// The output is deterministic: running it again changes nothing.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// T is the tile size in pixels.
const T = 16

// rows is the level: '#' ground, '=' one-way platform, '/' a 45° slope,
// '~' water (animated, not solid), '*' a bush, 'c' a cloud (a parallax
// layer); objects: 'P' the player's start, 'o' a coin, 'E' an enemy, 'C'
// a checkpoint, 'G' the goal, 'M' a moving platform.
var rows = []string{
	"                                                                                ",
	"                                                                                ",
	"        c                  c                      c                    c        ",
	"                                                                                ",
	"                                      c                                         ",
	"                                                                                ",
	"                                                                                ",
	"                                                                                ",
	"                                                                                ",
	"                                             ooo                                ",
	"                                            ======                              ",
	"                                                                                ",
	"                                         o o  C                                 ",
	"                                       /#############                           ",
	"                                      /##############                           ",
	"                                     /###############                           ",
	"  P    *    ooo   E              *  /################   E *             *   G   ",
	"##########################~~~~##############################M      #############",
	"##########################~~~~##############################       #############",
	"##########################~~~~##############################       #############",
}

// Tile ids in tiles.png (8 columns).
const (
	tileGrass = iota
	tileDirt
	tilePlatform
	tileSlope
	tileWater0
	tileWater1
	tileBush
	tileCloud
)

func main() {
	out := flag.String("out", ".", "directory to write into")
	hello := flag.Bool("hello", false, "write only examples/hello's hero.png")
	flag.Parse()
	files, err := Files()
	if *hello {
		files, err = HelloFiles()
	}
	if err != nil {
		log.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// HelloFiles makes examples/hello's files: the hero, 16x16.
func HelloFiles() (map[string][]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, T, T))
	hero(0, false)(img, 0, 0)
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return map[string][]byte{"hero.png": b.Bytes()}, err
}

// Files makes every file's contents, by name.
func Files() (map[string][]byte, error) {
	files := map[string][]byte{}
	for name, img := range map[string]image.Image{"tiles.png": extrude(tiles(), 8), "hills.png": hills(), "sprites.png": sprites()} {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			return nil, err
		}
		files[name] = b.Bytes()
	}
	files["level.tmx"] = []byte(tmx())
	j, err := json.MarshalIndent(sheetJSON(), "", " ")
	if err != nil {
		return nil, err
	}
	files["sprites.json"] = append(j, '\n')
	return files, nil
}

var (
	grass  = color.RGBA{70, 170, 60, 255}
	dirt   = color.RGBA{120, 80, 40, 255}
	dirtD  = color.RGBA{95, 60, 30, 255}
	wood   = color.RGBA{170, 120, 60, 255}
	water  = color.RGBA{40, 110, 220, 200}
	waterL = color.RGBA{120, 180, 250, 220}
	white  = color.RGBA{250, 250, 250, 255}
	black  = color.RGBA{20, 20, 30, 255}
)

func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	for j := y; j < y+h; j++ {
		for i := x; i < x+w; i++ {
			img.SetRGBA(i, j, c)
		}
	}
}

func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	for j := int(cy - r); j <= int(cy+r); j++ {
		for i := int(cx - r); i <= int(cx+r); i++ {
			if dx, dy := float64(i)+0.5-cx, float64(j)+0.5-cy; dx*dx+dy*dy <= r*r {
				img.SetRGBA(i, j, c)
			}
		}
	}
}

func tiles() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 8*T, T))
	at := func(id int) int { return id * T }
	fill(img, at(tileGrass), 0, T, T, dirt)
	fill(img, at(tileGrass), 0, T, 5, grass)
	fill(img, at(tileDirt), 0, T, T, dirt)
	fill(img, at(tileDirt)+3, 4, 3, 3, dirtD)
	fill(img, at(tileDirt)+10, 10, 3, 3, dirtD)
	fill(img, at(tilePlatform), 0, T, 6, wood)
	fill(img, at(tilePlatform), 5, T, 1, dirtD)
	for y := range T {
		for x := T - 1 - y; x < T; x++ {
			c := dirt
			if x-(T-1-y) < 4 {
				c = grass
			}
			img.SetRGBA(at(tileSlope)+x, y, c)
		}
	}
	for f, id := range []int{tileWater0, tileWater1} {
		fill(img, at(id), 2, T, T-2, water)
		for x := range T {
			if (x/4+f)%2 == 0 {
				img.SetRGBA(at(id)+x, 2, waterL)
			}
		}
	}
	disc(img, float64(at(tileBush))+8, 11, 6, color.RGBA{40, 130, 50, 255})
	disc(img, float64(at(tileBush))+4, 12, 4, color.RGBA{50, 150, 60, 255})
	disc(img, float64(at(tileCloud))+8, 9, 6, white)
	disc(img, float64(at(tileCloud))+3, 10, 3, white)
	disc(img, float64(at(tileCloud))+13, 10, 3, white)
	return img
}

// extrude lays out the n tiles of a row of T×T tiles with a margin of 1
// pixel and a spacing of 2, each tile's edge pixels repeated around it, so
// that filtering at a tile's edge never reads its neighbour (no seams
// between tiles when the game is scaled).
func extrude(src *image.RGBA, n int) *image.RGBA {
	const S = T + 2
	dst := image.NewRGBA(image.Rect(0, 0, n*S, S))
	for i := range n {
		for y := -1; y <= T; y++ {
			for x := -1; x <= T; x++ {
				sx, sy := min(max(x, 0), T-1), min(max(y, 0), T-1)
				dst.SetRGBA(i*S+1+x+0, 1+y, src.RGBAAt(i*T+sx, sy))
			}
		}
	}
	return dst
}

func hills() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 640, 120))
	for x := range 640 {
		h := 60 + 25*tri(float64(x)/160) + 10*tri(float64(x)/53)
		fill(img, x, 120-int(h), 1, int(h), color.RGBA{120, 170, 200, 255})
	}
	return img
}

// tri is a triangle wave between 0 and 1.
func tri(x float64) float64 {
	f := x - float64(int(x))
	if f > 0.5 {
		f = 1 - f
	}
	return 2 * f
}

// A frame of the sprite sheet: name, size and how it is drawn.
type frame struct {
	name string
	w, h int
	ms   int
	draw func(img *image.RGBA, x, y int)
}

func hero(step int, jump bool) func(img *image.RGBA, x, y int) {
	return func(img *image.RGBA, x, y int) {
		fill(img, x+3, y+2, 10, 9, color.RGBA{230, 90, 60, 255})
		fill(img, x+8, y+4, 2, 2, black)
		fill(img, x+11, y+4, 2, 2, black)
		legs := [][2]int{{4, 9}, {3, 10}, {5, 8}, {6, 7}}[step%4]
		if jump {
			legs = [2]int{2, 11}
		}
		fill(img, x+legs[0], y+11, 3, 5, color.RGBA{50, 60, 150, 255})
		fill(img, x+legs[1], y+11, 3, 5, color.RGBA{50, 60, 150, 255})
	}
}

func enemy(step int) func(img *image.RGBA, x, y int) {
	return func(img *image.RGBA, x, y int) {
		disc(img, float64(x)+8, float64(y)+9, 7, color.RGBA{140, 60, 170, 255})
		fill(img, x+4, y+6, 2, 3, white)
		fill(img, x+10, y+6, 2, 3, white)
		fill(img, x+2+step*2, y+14, 4, 2, black)
		fill(img, x+10-step*2, y+14, 4, 2, black)
	}
}

func coin(w int) func(img *image.RGBA, x, y int) {
	return func(img *image.RGBA, x, y int) {
		fill(img, x+8-w, y+3, 2*w, 10, color.RGBA{250, 210, 40, 255})
		fill(img, x+8-max(w-2, 0), y+5, max(2*w-4, 1), 6, color.RGBA{255, 240, 120, 255})
	}
}

func pennant(c color.RGBA) func(img *image.RGBA, x, y int) {
	return func(img *image.RGBA, x, y int) {
		fill(img, x+3, y+1, 2, 15, color.RGBA{90, 90, 90, 255})
		fill(img, x+5, y+1, 9, 6, c)
	}
}

func frames() []frame {
	return []frame{
		{"idle 0", 16, 16, 400, hero(0, false)},
		{"idle 1", 16, 16, 400, func(img *image.RGBA, x, y int) { hero(0, false)(img, x, y+1) }},
		{"run 0", 16, 16, 100, hero(1, false)},
		{"run 1", 16, 16, 100, hero(2, false)},
		{"run 2", 16, 16, 100, hero(3, false)},
		{"jump", 16, 16, 100, hero(0, true)},
		{"enemy 0", 16, 16, 200, enemy(0)},
		{"enemy 1", 16, 16, 200, enemy(1)},
		{"coin 0", 16, 16, 120, coin(5)},
		{"coin 1", 16, 16, 120, coin(3)},
		{"coin 2", 16, 16, 120, coin(1)},
		{"checkpoint", 16, 16, 100, pennant(color.RGBA{200, 200, 200, 255})},
		{"checkpoint on", 16, 16, 100, pennant(color.RGBA{60, 200, 90, 255})},
		{"goal", 16, 16, 100, pennant(color.RGBA{250, 210, 40, 255})},
		{"platform", 48, 8, 100, func(img *image.RGBA, x, y int) {
			fill(img, x, y, 48, 8, wood)
			fill(img, x, y+6, 48, 2, dirtD)
		}},
	}
}

// tags are the sheet's animations: name, first and last frame, direction.
var tags = []struct {
	name, dir string
	from, to  int
}{
	{"idle", "forward", 0, 1}, {"run", "pingpong", 2, 4}, {"jump", "forward", 5, 5},
	{"enemy", "forward", 6, 7}, {"coin", "pingpong", 8, 10},
	{"checkpoint", "forward", 11, 11}, {"checkpoint on", "forward", 12, 12}, {"goal", "forward", 13, 13},
	{"platform", "forward", 14, 14},
}

func sprites() *image.RGBA {
	fs := frames()
	img := image.NewRGBA(image.Rect(0, 0, sheetW, sheetH))
	for i, f := range fs {
		r := place(fs)[i]
		f.draw(img, r.Min.X, r.Min.Y)
	}
	return img
}

// The sprite sheet's size; frames are 2 pixels apart, so that filtering
// at a frame's edge never reads its neighbour.
const sheetW, sheetH = 8 * (T + 2), 3 * (T + 2)

// place returns where each frame goes on the sheet: in rows, left to
// right.
func place(fs []frame) []image.Rectangle {
	var out []image.Rectangle
	x, y := 1, 1
	for _, f := range fs {
		if x+f.w > sheetW {
			x, y = 1, y+T+2
		}
		out = append(out, image.Rect(x, y, x+f.w, y+f.h))
		x += f.w + 2
	}
	return out
}

// sheetJSON is what Aseprite's "Export Sprite Sheet" writes with JSON
// data in the array form.
func sheetJSON() any {
	type rect struct {
		X int `json:"x"`
		Y int `json:"y"`
		W int `json:"w"`
		H int `json:"h"`
	}
	type size struct {
		W int `json:"w"`
		H int `json:"h"`
	}
	type fr struct {
		Filename string `json:"filename"`
		Frame    rect   `json:"frame"`
		Rotated  bool   `json:"rotated"`
		Trimmed  bool   `json:"trimmed"`
		Source   size   `json:"sourceSize"`
		Duration int    `json:"duration"`
	}
	type tag struct {
		Name      string `json:"name"`
		From      int    `json:"from"`
		To        int    `json:"to"`
		Direction string `json:"direction"`
	}
	var out struct {
		Frames []fr `json:"frames"`
		Meta   struct {
			App       string `json:"app"`
			Image     string `json:"image"`
			Size      size   `json:"size"`
			FrameTags []tag  `json:"frameTags"`
		} `json:"meta"`
	}
	fs := frames()
	for i, f := range fs {
		r := place(fs)[i]
		out.Frames = append(out.Frames, fr{Filename: "sprites " + f.name + ".aseprite", Frame: rect{r.Min.X, r.Min.Y, f.w, f.h}, Source: size{f.w, f.h}, Duration: f.ms})
	}
	out.Meta.App = "https://www.aseprite.org/ (made by glue's internal/genlevel)"
	out.Meta.Image = "sprites.png"
	out.Meta.Size = size{sheetW, sheetH}
	for _, t := range tags {
		out.Meta.FrameTags = append(out.Meta.FrameTags, tag{t.name, t.from, t.to, t.dir})
	}
	return out
}

// tmx writes the map: a tileset with collision shapes and an animated
// water tile, an image layer, three tile layers (clouds with parallax,
// decorations, ground) and an object layer.
func tmx() string {
	w, h := len(rows[0]), len(rows)
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="%d" tileheight="%d" infinite="0" nextlayerid="6" nextobjectid="%d">
 <properties>
  <property name="title" value="Green Hills"/>
  <property name="gravity" type="float" value="900"/>
 </properties>
 <tileset firstgid="1" name="tiles" tilewidth="%d" tileheight="%d" spacing="2" margin="1" tilecount="8" columns="8">
  <image source="tiles.png" width="%d" height="%d"/>
`, w, h, T, T, 1000, T, T, 8*(T+2), T+2)
	full := fmt.Sprintf(`<objectgroup draworder="index"><object id="1" x="0" y="0" width="%d" height="%d"/></objectgroup>`, T, T)
	fmt.Fprintf(&b, "  <tile id=\"%d\">%s</tile>\n", tileGrass, full)
	fmt.Fprintf(&b, "  <tile id=\"%d\">%s</tile>\n", tileDirt, full)
	fmt.Fprintf(&b, "  <tile id=\"%d\"><properties><property name=\"oneway\" type=\"bool\" value=\"true\"/></properties>%s</tile>\n", tilePlatform,
		fmt.Sprintf(`<objectgroup draworder="index"><object id="1" x="0" y="0" width="%d" height="6"/></objectgroup>`, T))
	fmt.Fprintf(&b, "  <tile id=\"%d\"><objectgroup draworder=\"index\"><object id=\"1\" x=\"0\" y=\"%d\"><polygon points=\"0,0 %d,-%d %d,0\"/></object></objectgroup></tile>\n", tileSlope, T, T, T, T)
	fmt.Fprintf(&b, "  <tile id=\"%d\"><animation><frame tileid=\"%d\" duration=\"300\"/><frame tileid=\"%d\" duration=\"300\"/></animation></tile>\n", tileWater0, tileWater0, tileWater1)
	b.WriteString(" </tileset>\n")
	b.WriteString(` <imagelayer id="1" name="hills" offsetx="-80" offsety="200" parallaxx="0.5" parallaxy="1">
  <image source="hills.png" width="640" height="120"/>
 </imagelayer>
`)
	layer := func(id int, name, extra string, gid func(x, y int, c byte) int) {
		fmt.Fprintf(&b, " <layer id=\"%d\" name=\"%s\" width=\"%d\" height=\"%d\"%s>\n  <data encoding=\"csv\">\n", id, name, w, h, extra)
		for y, row := range rows {
			for x := range w {
				fmt.Fprint(&b, gid(x, y, row[x]))
				if x < w-1 || y < h-1 {
					b.WriteByte(',')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteString("  </data>\n </layer>\n")
	}
	layer(2, "clouds", ` parallaxx="0.5"`, func(x, y int, c byte) int {
		if c == 'c' {
			return tileCloud + 1
		}
		return 0
	})
	layer(3, "decor", "", func(x, y int, c byte) int {
		switch c {
		case '*':
			return tileBush + 1
		case '~':
			return tileWater0 + 1
		}
		return 0
	})
	layer(4, "ground", "", func(x, y int, c byte) int {
		switch c {
		case '#':
			if y > 0 && rows[y-1][x] != '#' && rows[y-1][x] != '/' {
				return tileGrass + 1
			}
			return tileDirt + 1
		case '=':
			return tilePlatform + 1
		case '/':
			return tileSlope + 1
		}
		return 0
	})
	b.WriteString(" <objectgroup id=\"5\" name=\"objects\">\n")
	id := 1
	for y, row := range rows {
		for x := range w {
			px, py := x*T, y*T
			switch row[x] {
			case 'P':
				fmt.Fprintf(&b, "  <object id=\"%d\" name=\"start\" type=\"Player\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", id, px, py, T, T)
			case 'o':
				fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Coin\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"><properties><property name=\"value\" type=\"int\" value=\"10\"/></properties></object>\n", id, px, py, T, T)
			case 'E':
				fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Enemy\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"><properties><property name=\"speed\" type=\"float\" value=\"30\"/></properties></object>\n", id, px, py, T, T)
			case 'C':
				fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Checkpoint\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", id, px, py, T, T)
			case 'G':
				fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Goal\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", id, px, py, T, T)
			case 'M':
				fmt.Fprintf(&b, "  <object id=\"%d\" type=\"Platform\" x=\"%d\" y=\"%d\" width=\"48\" height=\"8\"><properties><property name=\"dx\" type=\"float\" value=\"64\"/><property name=\"speed\" type=\"float\" value=\"32\"/></properties></object>\n", id, px, py)
			default:
				continue
			}
			id++
		}
	}
	b.WriteString(" </objectgroup>\n</map>\n")
	return b.String()
}
