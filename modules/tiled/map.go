package tiled

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"

	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	tmx "github.com/lafriks/go-tiled"
)

// Map is a Tiled map loaded for glue: its tile layers, image layers and
// animated tiles ready to draw, its objects and collision shapes ready to
// spawn, and its properties. Load one with [Load]; the [Plugin] keeps the
// current one in the [Level] resource.
type Map struct {
	// File is the map's path in its file system.
	File string
	// Width and Height are the map's size in pixels.
	Width, Height float64
	// TileW and TileH are the grid's cell size in pixels.
	TileW, TileH int
	// Props are the map's custom properties.
	Props Props
	// TMX is the map as go-tiled decoded it, for what this package does
	// not cover.
	TMX *tmx.Map

	layers  []tileLayer
	images  []imageLayer
	anims   []anim
	objects []Object
	solids  []Solid
}

// tileLayer is a tile layer ready to draw: one cell per grid cell.
type tileLayer struct {
	name       string
	w, h       int
	cells      []cell
	layer      int
	parallax   physics.Vec
	offset     physics.Vec
	tint       uint8 // opacity, 0..255
	maxW, maxH int   // largest tile image, for culling
}

// cell is one grid cell of a tile layer.
type cell struct {
	img  render.Image // the tile's image; zero for an empty cell
	anim int32        // 1 + index in Map.anims, or 0
	flip uint8        // flipH | flipV | flipD
}

const (
	flipH = 1 << iota
	flipV
	flipD
)

// imageLayer is an image layer: one image at an offset.
type imageLayer struct {
	img      render.Image
	offset   physics.Vec
	parallax physics.Vec
	layer    int
	tint     uint8
}

// anim is an animated tile: its frames, their durations in seconds and
// the frame shown now.
type anim struct {
	frames []render.Image
	durs   []float64
	total  float64
	cur    render.Image
}

// Solid is a collision shape of the map, in world coordinates: a run of
// solid tiles merged into one rectangle, a tile's own shape, or an object
// of class "solid" or "oneway".
type Solid struct {
	// Pos is the shape's center.
	Pos physics.Vec
	// Shape is relative to Pos.
	Shape physics.Shape
	// OneWay is set for a platform that blocks characters only from
	// above (a tile or object with the property oneway = true, or an
	// object of class "oneway").
	OneWay bool
}

// Solids returns the map's collision shapes.
func (m *Map) Solids() []Solid { return m.solids }

// Objects returns the objects of the map's object layers, except those of
// class "solid" and "oneway" (which are in [Map.Solids]).
func (m *Map) Objects() []Object { return m.objects }

// Load reads the Tiled map (.tmx) at path in fsys, loads its tileset
// and image-layer images into render's atlas, and prepares its layers,
// objects and collision. Tileset images are found relative to the map (or
// to an external tileset's .tsx file). Every error names the file, and
// the object or layer where there is one.
//
// Only orthogonal maps are read. Collision comes from the tilesets: a
// tile whose collision editor holds one rectangle covering the whole tile
// is solid and merged with its solid neighbours into larger rectangles;
// any other collision rectangle or polygon is a collider of that tile. A
// tile (or object) with the bool property oneway set is a one-way
// platform.
func Load(fsys fs.FS, file string) (*Map, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("tiled: %s: "+format, append([]any{file}, args...)...)
	}
	t, err := tmx.LoadFile(file, tmx.WithFileSystem(fsys))
	if err != nil {
		return nil, fail("%v", err)
	}
	if t.Orientation != "orthogonal" {
		return nil, fail("orientation %q is not read; glue reads orthogonal maps", t.Orientation)
	}
	m := &Map{File: file, TMX: t, TileW: t.TileWidth, TileH: t.TileHeight,
		Width: float64(t.Width * t.TileWidth), Height: float64(t.Height * t.TileHeight)}
	if t.Properties != nil {
		m.Props = Props{file: file, where: "map", p: *t.Properties}
	} else {
		m.Props = Props{file: file, where: "map"}
	}
	sets, err := m.loadTilesets(fsys, t)
	if err != nil {
		return nil, fail("%v", err)
	}
	z := 0
	for _, il := range t.ImageLayers {
		if !il.Visible || il.Image == nil {
			continue
		}
		src := filepath.ToSlash(t.GetFileFullPath(il.Image.Source))
		img, err := render.LoadImage(fsys, src)
		if err != nil {
			return nil, fail("image layer %q: %v", il.Name, err)
		}
		m.images = append(m.images, imageLayer{img: img, layer: layerZ(il.Properties, &z),
			offset:   physics.Vec{X: float64(il.OffsetX + il.X), Y: float64(il.OffsetY + il.Y)},
			parallax: parallax(il.ParallaxX, il.ParallaxY), tint: opacity(il.Opacity)})
	}
	for _, l := range t.Layers {
		if err := m.addLayer(t, l, sets, &z); err != nil {
			return nil, fail("layer %q: %v", l.Name, err)
		}
	}
	for _, g := range t.ObjectGroups {
		for _, o := range g.Objects {
			if err := m.addObject(g, o, sets); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// layerZ returns the render layer of a map layer: its property "layer" if
// set, else the next one in order.
func layerZ(p tmx.Properties, next *int) int {
	if len(p.Get("layer")) > 0 {
		return p.GetInt("layer")
	}
	*next++
	return *next - 1
}

func parallax(x, y float32) physics.Vec {
	// go-tiled leaves absent factors at 0; Tiled's default is 1.
	if x == 0 {
		x = 1
	}
	if y == 0 {
		y = 1
	}
	return physics.Vec{X: float64(x), Y: float64(y)}
}

func opacity(o float32) uint8 { return uint8(min(max(o, 0), 1) * 255) }

// tileset is a loaded tileset: one image per tile id, the animation of
// each animated tile, and each tile's collision.
type tileset struct {
	ts     *tmx.Tileset
	tiles  []render.Image
	anim   map[uint32]int32 // tile id → Map.anims index
	shapes map[uint32][]Solid
	full   map[uint32]bool // one rectangle covering the tile
}

func (m *Map) loadTilesets(fsys fs.FS, t *tmx.Map) ([]*tileset, error) {
	var sets []*tileset
	for _, ts := range t.Tilesets {
		if ts.Image == nil {
			return nil, fmt.Errorf("tileset %q has no single image; glue reads tilesets made from one image", ts.Name)
		}
		src := filepath.ToSlash(ts.GetFileFullPath(ts.Image.Source))
		sheet, err := render.LoadImage(fsys, path.Clean(src))
		if err != nil {
			return nil, fmt.Errorf("tileset %q: %v", ts.Name, err)
		}
		s := &tileset{ts: ts, tiles: make([]render.Image, ts.TileCount), anim: map[uint32]int32{},
			shapes: map[uint32][]Solid{}, full: map[uint32]bool{}}
		for id := range ts.TileCount {
			r := ts.GetTileRect(uint32(id))
			if s.tiles[id], err = sheet.Sub(r.Min.X, r.Min.Y, r.Dx(), r.Dy()); err != nil {
				return nil, fmt.Errorf("tileset %q tile %d: %v", ts.Name, id, err)
			}
		}
		for _, tt := range ts.Tiles {
			if int(tt.ID) >= len(s.tiles) {
				return nil, fmt.Errorf("tileset %q: tile %d is out of range (%d tiles)", ts.Name, tt.ID, len(s.tiles))
			}
			if len(tt.Animation) > 0 {
				a := anim{}
				for _, f := range tt.Animation {
					if int(f.TileID) >= len(s.tiles) || f.Duration == 0 {
						return nil, fmt.Errorf("tileset %q tile %d: animation frame %d lasting %d ms is not a tile with a positive duration", ts.Name, tt.ID, f.TileID, f.Duration)
					}
					a.frames = append(a.frames, s.tiles[f.TileID])
					a.durs = append(a.durs, float64(f.Duration)/1000)
					a.total += float64(f.Duration) / 1000
				}
				a.cur = a.frames[0]
				s.anim[tt.ID] = int32(len(m.anims))
				m.anims = append(m.anims, a)
			}
			oneWay := tt.Properties.GetBool("oneway")
			for _, g := range tt.ObjectGroups {
				for _, o := range g.Objects {
					sh, err := objectShape(o)
					if err != nil {
						return nil, fmt.Errorf("tileset %q tile %d collision object %d: %v", ts.Name, tt.ID, o.ID, err)
					}
					sh.OneWay = oneWay
					s.shapes[tt.ID] = append(s.shapes[tt.ID], sh)
				}
			}
			if sh := s.shapes[tt.ID]; len(sh) == 1 && sh[0].Shape.String() == physics.Rect(float64(ts.TileWidth), float64(ts.TileHeight)).String() &&
				sh[0].Pos == (physics.Vec{X: float64(ts.TileWidth) / 2, Y: float64(ts.TileHeight) / 2}) {
				s.full[tt.ID] = true
			}
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// objectShape returns an object's shape: its center (relative to the
// object's position for a polygon's origin) and shape.
func objectShape(o *tmx.Object) (Solid, error) {
	if len(o.Polygons) > 0 && o.Polygons[0].Points != nil {
		var pts []physics.Vec
		for _, p := range *o.Polygons[0].Points {
			pts = append(pts, physics.Vec{X: p.X, Y: p.Y})
		}
		return Solid{Pos: physics.Vec{X: o.X, Y: o.Y}, Shape: physics.Polygon(pts...)}, nil
	}
	if !(o.Width > 0 && o.Height > 0) {
		return Solid{}, fmt.Errorf("a collision shape needs a width and height, or a polygon (%gx%g)", o.Width, o.Height)
	}
	return Solid{Pos: physics.Vec{X: o.X + o.Width/2, Y: o.Y + o.Height/2}, Shape: physics.Rect(o.Width, o.Height)}, nil
}

// tile finds the tileset of a gid.
func tile(sets []*tileset, gid uint32) (*tileset, uint32, uint8, bool) {
	const flips = 0xe0000000
	bare := gid &^ flips
	for i := len(sets) - 1; i >= 0; i-- {
		if s := sets[i]; s.ts.FirstGID <= bare {
			id := bare - s.ts.FirstGID
			if int(id) >= len(s.tiles) {
				return nil, 0, 0, false
			}
			var f uint8
			if gid&0x80000000 != 0 {
				f |= flipH
			}
			if gid&0x40000000 != 0 {
				f |= flipV
			}
			if gid&0x20000000 != 0 {
				f |= flipD
			}
			return s, id, f, true
		}
	}
	return nil, 0, 0, false
}

func (m *Map) addLayer(t *tmx.Map, l *tmx.Layer, sets []*tileset, z *int) error {
	tl := tileLayer{name: l.Name, w: t.Width, h: t.Height, cells: make([]cell, t.Width*t.Height),
		layer: layerZ(l.Properties, z), parallax: parallax(l.ParallaxX, l.ParallaxY),
		offset: physics.Vec{X: float64(l.OffsetX), Y: float64(l.OffsetY)}, tint: opacity(l.Opacity)}
	kinds := make([]uint8, len(tl.cells)) // 1 solid, 2 one-way: full tiles to merge
	for i, lt := range l.Tiles {
		if lt == nil || lt.Nil || i >= len(tl.cells) {
			continue
		}
		gid := lt.ID + lt.Tileset.FirstGID
		if lt.HorizontalFlip {
			gid |= 0x80000000
		}
		if lt.VerticalFlip {
			gid |= 0x40000000
		}
		if lt.DiagonalFlip {
			gid |= 0x20000000
		}
		s, id, flip, ok := tile(sets, gid)
		if !ok {
			return fmt.Errorf("cell (%d, %d) has tile gid %d, which no tileset holds", i%t.Width, i/t.Width, gid&0x1fffffff)
		}
		c := cell{img: s.tiles[id], flip: flip}
		if a, ok := s.anim[id]; ok {
			c.anim = a + 1
		}
		tl.cells[i] = c
		w, h := c.img.Size()
		tl.maxW, tl.maxH = max(tl.maxW, w), max(tl.maxH, h)
		if !l.Visible {
			tl.cells[i] = cell{}
		}
		shapes := s.shapes[id]
		if len(shapes) == 0 || flip != 0 && !s.full[id] {
			continue
		}
		if s.full[id] {
			kinds[i] = 1
			if shapes[0].OneWay {
				kinds[i] = 2
			}
			continue
		}
		x0, y0 := float64(i%t.Width*t.TileWidth)+tl.offset.X, float64(i/t.Width*t.TileHeight+t.TileHeight-h)+tl.offset.Y
		for _, sh := range shapes {
			sh.Pos = sh.Pos.Add(physics.Vec{X: x0, Y: y0})
			m.solids = append(m.solids, sh)
		}
	}
	m.merge(kinds, t.Width, t.Height, tl.offset)
	if l.Visible {
		m.layers = append(m.layers, tl)
	}
	return nil
}

// merge turns the full solid tiles of a layer into as few rectangles as
// a greedy pass finds: runs along a row, extended down while the rows
// below repeat them. One-way tiles merge along rows only.
func (m *Map) merge(kinds []uint8, w, h int, off physics.Vec) {
	tw, th := float64(m.TileW), float64(m.TileH)
	for y := range h {
		for x := 0; x < w; x++ {
			k := kinds[y*w+x]
			if k == 0 {
				continue
			}
			x1 := x
			for x1+1 < w && kinds[y*w+x1+1] == k {
				x1++
			}
			y1 := y
			for k == 1 && y1+1 < h && allKind(kinds[(y1+1)*w+x:(y1+1)*w+x1+1], k) {
				y1++
			}
			for yy := y; yy <= y1; yy++ {
				clear(kinds[yy*w+x : yy*w+x1+1])
			}
			rw, rh := float64(x1-x+1)*tw, float64(y1-y+1)*th
			m.solids = append(m.solids, Solid{Pos: physics.Vec{X: float64(x)*tw + rw/2 + off.X, Y: float64(y)*th + rh/2 + off.Y},
				Shape: physics.Rect(rw, rh), OneWay: k == 2})
			x = x1
		}
	}
}

func allKind(ks []uint8, k uint8) bool {
	for _, x := range ks {
		if x != k {
			return false
		}
	}
	return true
}

func (m *Map) addObject(g *tmx.ObjectGroup, o *tmx.Object, sets []*tileset) error {
	class := o.Class
	if class == "" {
		//lint:ignore SA1019 maps saved before Tiled 1.9 have a type, not a class
		class = o.Type
	}
	ob := Object{ID: o.ID, Name: o.Name, Class: class, Layer: g.Name,
		X: o.X + float64(g.OffsetX), Y: o.Y + float64(g.OffsetY), W: o.Width, H: o.Height,
		Props: Props{file: m.File, where: "object " + strconv.Itoa(int(o.ID)) + " " + strconv.Quote(o.Name), p: append(g.Properties[:len(g.Properties):len(g.Properties)], o.Properties...)}}
	if o.GID != 0 {
		// A tile object: its position is its bottom-left corner.
		s, id, _, ok := tile(sets, o.GID)
		if !ok {
			return fmt.Errorf("tiled: %s: %s: tile gid %d is in no tileset", m.File, ob.Props.where, o.GID)
		}
		ob.Image = s.tiles[id]
		ob.Y -= ob.H
	}
	switch class {
	case "solid", "oneway":
		sh, err := objectShape(o)
		if err != nil {
			return fmt.Errorf("tiled: %s: %s: %v", m.File, ob.Props.where, err)
		}
		sh.Pos = sh.Pos.Add(physics.Vec{X: float64(g.OffsetX), Y: float64(g.OffsetY)})
		sh.OneWay = class == "oneway" || o.Properties.GetBool("oneway")
		m.solids = append(m.solids, sh)
		return nil
	}
	if len(o.Polygons) > 0 && o.Polygons[0].Points != nil {
		for _, p := range *o.Polygons[0].Points {
			ob.Points = append(ob.Points, physics.Vec{X: p.X, Y: p.Y})
		}
	}
	m.objects = append(m.objects, ob)
	return nil
}

// Advance moves the animated tiles on by dt seconds, to the frame each
// shows at time t (the map's clock).
func (m *Map) advance(t float64) {
	for i := range m.anims {
		a := &m.anims[i]
		at := t - a.total*float64(int(t/a.total))
		for k, d := range a.durs {
			if at < d || k == len(a.durs)-1 {
				a.cur = a.frames[k]
				break
			}
			at -= d
		}
	}
}
