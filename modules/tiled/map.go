package tiled

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"path"
	"path/filepath"
	"slices"
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
	// MinX and MinY are the map's top-left corner in pixels: 0 for a
	// finite map; for an infinite map, the corner of the chunks present
	// (cells may lie left of and above the origin).
	MinX, MinY float64
	// TileW and TileH are the grid's cell size in pixels.
	TileW, TileH int
	// Props are the map's custom properties.
	Props Props
	// ParallaxOrigin is where in the map the view's center puts every
	// layer at its own position, whatever its parallax factor (Tiled's
	// parallax origin, 0,0 unless the map sets it): a layer of factor f
	// is drawn moved by (view center - ParallaxOrigin) × (1 - f).
	ParallaxOrigin physics.Vec
	// TMX is the map as go-tiled decoded it, for what this package does
	// not cover. Its layer offsets are ints: a fractional one (which
	// Load reads and draws as it is) is rounded there. It is nil for a
	// map read by [LoadBaked].
	TMX *tmx.Map

	layers  []tileLayer
	tiles   []cell // by gid without its flip flags; tiles[0] is no tile
	images  []imageLayer
	anims   []anim
	objects []Object
	solids  []Solid
}

// tileLayer is a tile layer ready to draw: one cell per grid cell.
type tileLayer struct {
	name     string
	x0, y0   int // the cell of cells[0]: (0, 0) but in infinite maps
	w, h     int
	cells    []uint32 // the gids, flip flags included; 0 for an empty cell
	layer    int
	parallax physics.Vec
	offset   physics.Vec
	// tint and solid are the layer's opacity and tint, premultiplied
	// (zero for none), for the tiles with a transparent pixel and for
	// the opaque ones ([inherited.tints]).
	tint, solid color.RGBA
	maxW, maxH  int // largest tile image, for culling
	pad         int // cells of culling margin for tile offsets, each way
}

// cell is a tile of the map's tilesets as a cell shows it, found by its
// gid in Map.tiles: a layer's cells hold gids (4 bytes each, so a
// 2,000×2,000 layer takes 16 MB), and what a gid draws is looked up once
// per cell drawn.
type cell struct {
	img  render.Image // the tile's image; zero for a gid of no tile
	anim int32        // 1 + index in Map.anims, or 0
	// dx and dy are the tileset's <tileoffset>.
	dx, dy int16
	set    int32  // 1 + index of its tileset in the loaded sets, or 0
	id     uint32 // its id in the tileset
	// opaque is set for a tile image without a transparent pixel, found
	// only when a layer's tint has an alpha below 1 (Map.findOpaque).
	opaque bool
}

// flipsOf returns a gid's flip flags as flipH | flipV | flipD.
func flipsOf(gid uint32) uint8 {
	return uint8(gid>>31&1 | gid>>29&2 | gid>>27&4)
}

const (
	flipH = 1 << iota
	flipV
	flipD
)

// imageLayer is an image layer: one image at an offset, repeated along
// x, y or both when the layer says so (repeatx, repeaty: Tiled 1.8).
type imageLayer struct {
	img              render.Image
	offset           physics.Vec
	parallax         physics.Vec
	layer            int
	tint             color.RGBA
	repeatX, repeatY bool
}

// anim is an animated tile: its frames, their durations in seconds and
// the frame shown now.
type anim struct {
	frames []render.Image
	durs   []float64
	total  float64
	cur    render.Image
	// opaque holds each frame's cell.opaque, and curOpaque cur's.
	opaque    []bool
	curOpaque bool
}

// Solid is a collision shape of the map, in world coordinates: a run of
// solid tiles merged into one rectangle, a tile's own shape, or an object
// of class "solid" or "oneway".
type Solid struct {
	// Pos is where the shape is: the center of a rectangle or a circle;
	// for a polygon (a slope, a turned rectangle), the origin its points
	// are relative to — the object's origin in Tiled (its x, y), or the
	// tile's corner for a tile's own shape.
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

// Find returns the first object of class class, in the order of
// [Map.Objects], and whether there is one: where the hero starts, say,
// for a new game or a fall. The objects of class "solid" and "oneway"
// are collision ([Map.Solids]), which Find does not see.
func (m *Map) Find(class string) (Object, bool) {
	for _, o := range m.objects {
		if o.Class == class {
			return o, true
		}
	}
	return Object{}, false
}

// Load reads the Tiled map (.tmx) at path in fsys, loads its tileset
// and image-layer images into render's atlas, and prepares its layers,
// objects and collision. Tileset images, external tilesets and templates
// are found relative to the map (or to the .tsx file that names them);
// a path that leaves fsys's root (../tiles/x.png beside a map at the
// root) is an error naming it. Every error names the file, and the object
// or layer where there is one.
//
// Only orthogonal maps are read. Layers are drawn in the file's order,
// those inside group layers too, with their groups' offsets, opacity,
// tint, parallax and visibility applied. Infinite maps are read from
// their chunks; their bounds are those of the chunks present. Layer data
// may be CSV, XML or base64, uncompressed or compressed with gzip, zlib
// or zstd.
//
// Collision comes from the tilesets: a tile whose collision editor holds
// one rectangle covering the whole tile is solid and merged with its
// solid neighbours into larger rectangles; any other collision rectangle,
// convex polygon or circle (an ellipse with equal sides) is a collider
// of that tile, turned as Tiled turns it and flipped with the tile. A
// shape physics has no collider for is an error naming the tile. A tile
// (or object) with the bool property oneway set is a one-way platform.
func Load(fsys fs.FS, file string) (*Map, error) {
	return LoadWith(fsys, file, nil)
}

// LoadOptions are the options of [LoadWith]; nil means the defaults.
type LoadOptions struct {
	// Zstd decompresses zstd-compressed layer data: set it to
	// tiledzstd.Decompress (package modules/tiled/tiledzstd). It is an
	// option so that games whose maps do not use zstd do not link a
	// decoder. The default (nil) makes a zstd layer an error that says
	// so.
	Zstd func(src []byte) ([]byte, error)
}

// fileError is an error about the file (a map, or a baked map). The
// loaders' fail closures call it rather than format the error
// themselves: a closure is inlined at each of its calls, and each copy
// of the formatting is code in the browser build (issue #40).
//
//go:noinline
func fileError(file, format string, args ...any) error {
	return fmt.Errorf("tiled: %s: "+format, append([]any{file}, args...)...)
}

// LoadWith is [Load] with options.
func LoadWith(fsys fs.FS, file string, opts *LoadOptions) (*Map, error) {
	if opts == nil {
		opts = &LoadOptions{}
	}
	fail := func(format string, args ...any) error { return fileError(file, format, args...) }
	clean, err := inFS(file)
	if err != nil {
		return nil, fail("%v", err)
	}
	src, err := fs.ReadFile(fsys, clean)
	if err != nil {
		return nil, fail("%v", err)
	}
	sc, err := scan(src)
	if err != nil {
		return nil, fail("%v", err)
	}
	t, err := tmx.LoadReader(path.Dir(clean), bytes.NewReader(sc.forTMX), tmx.WithFileSystem(rootFS{fsys}))
	if err != nil {
		return nil, fail("%v", err)
	}
	if t.Orientation != "orthogonal" {
		return nil, fail("orientation %q is not read; glue reads orthogonal maps", t.Orientation)
	}
	// go-tiled saw a 0×0 map (see scan.go); the size is read here, and
	// the parallax origin, which go-tiled does not read.
	var origin physics.Vec
	t.Width, t.Height, origin, err = mapSize(src)
	if err != nil {
		return nil, fail("%v", err)
	}
	m := &Map{File: file, TMX: t, TileW: t.TileWidth, TileH: t.TileHeight,
		Width: float64(t.Width * t.TileWidth), Height: float64(t.Height * t.TileHeight), ParallaxOrigin: origin}
	if t.Properties != nil {
		m.Props = Props{file: file, where: "map", p: *t.Properties}
	} else {
		m.Props = Props{file: file, where: "map"}
	}
	// go-tiled loads an external tileset when a tile of it is first
	// looked up; the layers it decoded were empty, so look each up once.
	for _, ts := range t.Tilesets {
		if _, err := t.TileGIDToTile(ts.FirstGID); err != nil {
			return nil, fail("tileset %q: %v", ts.Source, err)
		}
	}
	sets, err := m.loadTilesets(fsys, t)
	if err != nil {
		return nil, fail("%v", err)
	}
	m.gidTable(sets)
	w := walker{m: m, t: t, fsys: fsys, sets: sets, infinite: sc.infinite, dir: path.Dir(clean), zstd: opts.Zstd}
	if err := w.walk(sc.layers, lists{t.Layers, t.ObjectGroups, t.ImageLayers, t.Groups}, inherited{opacity: 1, tint: white, parallax: physics.Vec{X: 1, Y: 1}, visible: true}); err != nil {
		return nil, fail("%v", err)
	}
	if sc.infinite {
		m.bounds()
	}
	for _, o := range w.objects {
		if err := m.addObject(o.g, o.o, sets, o.off, o.hidden); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// mapSize reads the width, height and parallax origin (parallaxoriginx,
// parallaxoriginy: Tiled 1.8) attributes of a map file's <map>.
func mapSize(src []byte) (w, h int, origin physics.Vec, err error) {
	d := xml.NewDecoder(bytes.NewReader(src))
	for {
		tok, err := d.Token()
		if err != nil {
			return 0, 0, origin, err
		}
		if st, ok := tok.(xml.StartElement); ok {
			for _, a := range st.Attr {
				switch a.Name.Local {
				case "width":
					w, err = strconv.Atoi(a.Value)
				case "height":
					h, err = strconv.Atoi(a.Value)
				case "parallaxoriginx":
					origin.X, err = strconv.ParseFloat(a.Value, 64)
				case "parallaxoriginy":
					origin.Y, err = strconv.ParseFloat(a.Value, 64)
				}
				if err != nil {
					return 0, 0, origin, fmt.Errorf("map %s %q is not a number", a.Name.Local, a.Value)
				}
			}
			return w, h, origin, nil
		}
	}
}

// white is the tint that changes nothing.
var white = [4]float64{1, 1, 1, 1}

// inherited is what a layer takes from the groups it is in: Tiled adds
// their offsets and multiplies their opacity, tint and parallax factors;
// a hidden group hides its layers.
type inherited struct {
	offset   physics.Vec
	opacity  float64
	tint     [4]float64 // r, g, b, a in 0..1
	parallax physics.Vec
	visible  bool
}

// lists are a container's layers as go-tiled has them, by kind.
type lists struct {
	layers []*tmx.Layer
	objs   []*tmx.ObjectGroup
	images []*tmx.ImageLayer
	groups []*tmx.Group
}

// walker walks the layer tree in document order.
type walker struct {
	m        *Map
	t        *tmx.Map
	fsys     fs.FS
	sets     []*tileset
	infinite bool
	dir      string // the map's folder
	zstd     func([]byte) ([]byte, error)
	z        int
	// opaqueFound is set once Map.findOpaque has run.
	opaqueFound bool
	objects     []pendingObject
}

// pendingObject is an object read once every layer is.
type pendingObject struct {
	g      *tmx.ObjectGroup
	o      *tmx.Object
	off    physics.Vec
	hidden bool // its layer, or a group it is in, is hidden
}

func (st inherited) with(off physics.Vec, opacity float32, visible bool, tint string, px, py float32) (inherited, error) {
	st.offset = st.offset.Add(off)
	st.opacity *= float64(opacity)
	st.visible = st.visible && visible
	p := parallax(px, py)
	st.parallax = physics.Vec{X: st.parallax.X * p.X, Y: st.parallax.Y * p.Y}
	if tint != "" {
		c, err := tmx.ParseHexColor(tint)
		if err != nil {
			return st, fmt.Errorf("tintcolor %q: %v", tint, err)
		}
		// HexColor holds #AARRGGBB as written, not premultiplied, in a
		// color.RGBA: its RGBA method returns the channels as they are.
		r, g, b, a := c.RGBA()
		st.tint = [4]float64{st.tint[0] * float64(r) / 0xffff, st.tint[1] * float64(g) / 0xffff, st.tint[2] * float64(b) / 0xffff, st.tint[3] * float64(a) / 0xffff}
	}
	return st, nil
}

// tints returns the sprite tints of a layer, premultiplied (the zero
// colour for none): fade for images with a transparent pixel, solid for
// opaque ones. Tiled multiplies an image's pixels by the tint's colour,
// then keeps the tint alpha's share of each (premultiplied) pixel; Qt
// holds an image without a transparent pixel in a format without alpha,
// where that darkens the colour and leaves the alpha. So the tint's
// alpha lowers the alpha of an image with transparency (fade: colour ×
// tint, alpha × tint alpha × opacity) but darkens an opaque one (solid:
// colour × tint × tint alpha, alpha × opacity), in the editor and in
// tmxrasterizer alike. Both are the same for a tint alpha of 1.
func (st inherited) tints() (fade, solid color.RGBA) {
	op := min(max(st.opacity, 0), 1)
	a := st.tint[3] * op
	fade = color.RGBA{to8(st.tint[0] * a), to8(st.tint[1] * a), to8(st.tint[2] * a), to8(a)}
	solid = color.RGBA{to8(st.tint[0] * a), to8(st.tint[1] * a), to8(st.tint[2] * a), to8(op)}
	none := color.RGBA{255, 255, 255, 255}
	if fade == none {
		fade = color.RGBA{}
	}
	if solid == none {
		solid = color.RGBA{}
	}
	return fade, solid
}

func to8(v float64) uint8 { return uint8(math.Round(min(max(v, 0), 1) * 255)) }

func (w *walker) walk(nodes []node, in lists, st inherited) error {
	for _, n := range nodes {
		switch n.kind {
		case kindGroup:
			if n.index >= len(in.groups) {
				return fmt.Errorf("group %q: not found by go-tiled", n.name)
			}
			g := in.groups[n.index]
			gs, err := st.with(n.offset, g.Opacity, g.Visible, n.tint, g.ParallaxX, g.ParallaxY)
			if err != nil {
				return fmt.Errorf("group %q: %v", g.Name, err)
			}
			if err := w.walk(n.children, lists{g.Layers, g.ObjectGroups, g.ImageLayers, g.Groups}, gs); err != nil {
				return fmt.Errorf("group %q: %w", g.Name, err)
			}
		case kindTiles:
			if n.index >= len(in.layers) {
				return fmt.Errorf("layer %q: not found by go-tiled", n.name)
			}
			l := in.layers[n.index]
			ls, err := st.with(n.offset, l.Opacity, l.Visible, n.tint, l.ParallaxX, l.ParallaxY)
			if err == nil {
				err = w.m.addLayer(w, l, n.data, ls)
			}
			if err != nil {
				return fmt.Errorf("layer %q: %v", l.Name, err)
			}
		case kindImage:
			if n.index >= len(in.images) {
				return fmt.Errorf("image layer %q: not found by go-tiled", n.name)
			}
			il := in.images[n.index]
			is, err := st.with(n.offset.Add(physics.Vec{X: float64(il.X), Y: float64(il.Y)}), il.Opacity, il.Visible, n.tint, il.ParallaxX, il.ParallaxY)
			if err != nil {
				return fmt.Errorf("image layer %q: %v", il.Name, err)
			}
			if !is.visible || il.Image == nil || il.Image.Source == "" {
				continue
			}
			img, err := loadImage(w.fsys, path.Join(w.dir, filepath.ToSlash(il.Image.Source)), il.Image.Trans)
			if err != nil {
				return fmt.Errorf("image layer %q: %v", il.Name, err)
			}
			tint, solid := is.tints()
			if tint != solid {
				p, _ := inFS(path.Join(w.dir, filepath.ToSlash(il.Image.Source))) // loadImage checked it
				src, err := decodePNG(w.fsys, p, il.Image.Trans)
				if err != nil {
					return fmt.Errorf("image layer %q: %v", il.Name, err)
				}
				if opaque(src, src.Bounds()) {
					tint = solid
				}
			}
			w.m.images = append(w.m.images, imageLayer{img: img, layer: layerZ(il.Properties, &w.z),
				offset: is.offset, parallax: is.parallax, tint: tint, repeatX: il.RepeatX, repeatY: il.RepeatY})
		case kindObjects:
			if n.index >= len(in.objs) {
				return fmt.Errorf("object layer %q: not found by go-tiled", n.name)
			}
			g := in.objs[n.index]
			// go-tiled prepares templates and tile objects only for the
			// map's own object layers, not for those in groups.
			if err := g.DecodeObjectGroup(w.t); err != nil {
				return fmt.Errorf("object layer %q: %v", g.Name, err)
			}
			off := st.offset.Add(n.offset)
			for _, o := range g.Objects {
				w.objects = append(w.objects, pendingObject{g, o, off, !st.visible || !g.Visible})
			}
		}
	}
	return nil
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

// tileset is a loaded tileset: one image per tile id, the animation of
// each animated tile, and each tile's collision.
type tileset struct {
	ts        *tmx.Tileset
	tiles     []render.Image
	anim      map[uint32]int32 // tile id → Map.anims index
	shapes    map[uint32][]Solid
	hasShapes []bool          // by tile id: shapes has the tile
	full      map[uint32]bool // one rectangle covering the tile
	src       []tileSource    // by tile id: its image's file and region
	dx, dy    int16           // <tileoffset>
}

// loadImage loads a PNG into the atlas; with trans, the pixels of that
// colour (a tileset's or image layer's trans attribute) are transparent.
func loadImage(fsys fs.FS, p string, trans *tmx.HexColor) (render.Image, error) {
	p, err := inFS(p)
	if err != nil {
		return render.Image{}, err
	}
	if trans == nil {
		return render.LoadImage(fsys, p)
	}
	img, err := decodePNG(fsys, p, trans)
	if err != nil {
		return render.Image{}, err
	}
	out, err := render.NewImage(img)
	if err != nil {
		return render.Image{}, err
	}
	// Named, so that a baked map (and a save) can refer to it.
	return out, render.NameImage(out, transName(p, trans))
}

// transName names an image loaded with a trans colour: its path and
// the colour, as [loadTrans] reads it back.
func transName(p string, trans *tmx.HexColor) string {
	r, g, b, _ := trans.RGBA()
	return fmt.Sprintf("%s%s%02x%02x%02x)", p, transMark, r>>8, g>>8, b>>8)
}

// transMark separates an image's path from its trans colour in its name.
const transMark = " (trans #"

// decodePNG decodes the PNG at p (a path inside fsys); with trans, the
// pixels of that colour are transparent.
func decodePNG(fsys fs.FS, p string, trans *tmx.HexColor) (image.Image, error) {
	src, err := render.DecodeImage(fsys, p) // in the browser, by the browser's decoder
	if err != nil {
		return nil, err
	}
	if trans == nil {
		return src, nil
	}
	tr, tg, tb, _ := trans.RGBA()
	b := src.Bounds()
	img := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(src.At(x, y)).(color.NRGBA)
			if uint32(c.R) == tr>>8 && uint32(c.G) == tg>>8 && uint32(c.B) == tb>>8 {
				c = color.NRGBA{}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img, nil
}

// opaque reports whether the pixels of img inside r are all opaque, as
// Qt's opaque detection finds them (see [inherited.tints]).
func opaque(img image.Image, r image.Rectangle) bool {
	r = r.Intersect(img.Bounds())
	if n, ok := img.(*image.NRGBA); ok { // what decodePNG gives for most sheets
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := n.Pix[n.PixOffset(r.Min.X, y):n.PixOffset(r.Max.X, y)]
			for i := 3; i < len(row); i += 4 {
				if row[i] != 0xff {
					return false
				}
			}
		}
		return true
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}

// tileSource is where a tile's image comes from: a region of a PNG file
// (the whole image if r is empty), with its trans colour.
type tileSource struct {
	path  string
	trans *tmx.HexColor
	r     image.Rectangle
}

// findOpaque sets cell.opaque and anim.opaque for the tiles whose images
// have no transparent pixel, reading the tilesets' images again: only a
// map with a tint alpha below 1 needs it ([inherited.tints]).
func (m *Map) findOpaque(fsys fs.FS, sets []*tileset) error {
	decoded := map[string]image.Image{}
	isOpaque := map[render.Image]bool{}
	for _, s := range sets {
		for id, src := range s.src {
			if src.path == "" || s.tiles[id].IsZero() {
				continue
			}
			img, ok := decoded[src.path]
			if !ok {
				var err error
				if img, err = decodePNG(fsys, src.path, src.trans); err != nil {
					return fmt.Errorf("tileset %s tile %d: %v", tsName(s.ts), id, err)
				}
				decoded[src.path] = img
			}
			r := src.r
			if r.Empty() {
				r = img.Bounds()
			}
			if opaque(img, r) {
				isOpaque[s.tiles[id]] = true
			}
		}
	}
	for i := range m.tiles {
		m.tiles[i].opaque = isOpaque[m.tiles[i].img]
	}
	for i := range m.anims {
		a := &m.anims[i]
		a.opaque = make([]bool, len(a.frames))
		for k, f := range a.frames {
			a.opaque[k] = isOpaque[f]
		}
		a.curOpaque = isOpaque[a.cur]
	}
	return nil
}

func (m *Map) loadTilesets(fsys fs.FS, t *tmx.Map) ([]*tileset, error) {
	var sets []*tileset
	for _, ts := range t.Tilesets {
		var s *tileset
		var err error
		if ts.Image == nil {
			s, err = collection(fsys, ts)
		} else {
			s, err = grid(fsys, ts)
		}
		if err != nil {
			return nil, err
		}
		for _, tt := range ts.Tiles {
			if int(tt.ID) >= len(s.tiles) {
				return nil, fmt.Errorf("tileset %s: tile %d is out of range (%d tiles)", tsName(ts), tt.ID, len(s.tiles))
			}
			if len(tt.Animation) > 0 {
				a := anim{}
				for _, f := range tt.Animation {
					if int(f.TileID) >= len(s.tiles) || s.tiles[f.TileID].IsZero() || f.Duration == 0 {
						return nil, fmt.Errorf("tileset %s tile %d: animation frame %d lasting %d ms is not a tile with an image and a positive duration", tsName(ts), tt.ID, f.TileID, f.Duration)
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
						return nil, fmt.Errorf("tileset %s tile %d collision object %d: %v", tsName(ts), tt.ID, o.ID, err)
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
		s.hasShapes = make([]bool, len(s.tiles))
		for id := range s.shapes {
			s.hasShapes[id] = true
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// gidTable fills Map.tiles: for each gid, the tile it shows. A gid is
// the tileset's with the largest first gid not above it, as [tile] finds
// it; gids past a tileset's tiles are no tile.
func (m *Map) gidTable(sets []*tileset) {
	n := 1
	for _, s := range sets {
		n = max(n, int(s.ts.FirstGID)+len(s.tiles))
	}
	m.tiles = make([]cell, n)
	for k, s := range sets {
		end := int(s.ts.FirstGID) + len(s.tiles)
		for _, later := range sets[k+1:] {
			if int(later.ts.FirstGID) > int(s.ts.FirstGID) {
				end = min(end, int(later.ts.FirstGID))
			}
		}
		for gid := int(s.ts.FirstGID); gid < end; gid++ {
			id := uint32(gid) - s.ts.FirstGID
			c := cell{img: s.tiles[id], dx: s.dx, dy: s.dy, set: int32(k + 1), id: id}
			if a, ok := s.anim[id]; ok {
				c.anim = a + 1
			}
			m.tiles[gid] = c
		}
	}
}

// newTileset returns an empty tileset of n tiles.
func newTileset(ts *tmx.Tileset, n int) *tileset {
	s := &tileset{ts: ts, tiles: make([]render.Image, n), anim: map[uint32]int32{},
		shapes: map[uint32][]Solid{}, full: map[uint32]bool{}, src: make([]tileSource, n)}
	if o := ts.TileOffset; o != nil {
		s.dx, s.dy = int16(o.X), int16(o.Y)
	}
	return s
}

// tsName names a tileset in an error: its name, and the file that holds
// it when it is external (a .tsx), where its image paths are written.
func tsName(ts *tmx.Tileset) string {
	if ts.Source != "" {
		return fmt.Sprintf("%q (%s)", ts.Name, ts.Source)
	}
	return fmt.Sprintf("%q", ts.Name)
}

// collection loads an image-collection tileset: an image per tile (or a
// part of one, with the tile's x, y, width and height), tile ids as
// Tiled numbered them, gaps included.
func collection(fsys fs.FS, ts *tmx.Tileset) (*tileset, error) {
	n := 0
	for _, tt := range ts.Tiles {
		n = max(n, int(tt.ID)+1)
	}
	if n == 0 {
		return nil, fmt.Errorf("tileset %s has no image and no tiles; give it an image, or images to its tiles", tsName(ts))
	}
	s := newTileset(ts, n)
	for _, tt := range ts.Tiles {
		if tt.Image == nil || tt.Image.Source == "" {
			continue
		}
		p := path.Join(filepath.ToSlash(ts.BaseDir()), filepath.ToSlash(tt.Image.Source))
		img, err := loadImage(fsys, p, tt.Image.Trans)
		if err != nil {
			return nil, fmt.Errorf("tileset %s tile %d: %v", tsName(ts), tt.ID, err)
		}
		src := tileSource{trans: tt.Image.Trans}
		src.path, _ = inFS(p) // loadImage checked it
		if tt.Width > 0 && tt.Height > 0 {
			if img, err = img.Sub(tt.X, tt.Y, tt.Width, tt.Height); err != nil {
				return nil, fmt.Errorf("tileset %s tile %d: %v", tsName(ts), tt.ID, err)
			}
			src.r = image.Rect(tt.X, tt.Y, tt.X+tt.Width, tt.Y+tt.Height)
		}
		s.tiles[tt.ID], s.src[tt.ID] = img, src
	}
	return s, nil
}

// grid loads a tileset made from one image cut into a grid.
func grid(fsys fs.FS, ts *tmx.Tileset) (*tileset, error) {
	p := path.Join(filepath.ToSlash(ts.BaseDir()), filepath.ToSlash(ts.Image.Source))
	sheet, err := loadImage(fsys, p, ts.Image.Trans)
	if err != nil {
		return nil, fmt.Errorf("tileset %s: %v", tsName(ts), err)
	}
	iw, ih := sheet.Size()
	if ts.TileWidth <= 0 || ts.TileHeight <= 0 {
		return nil, fmt.Errorf("tileset %s: tile size %dx%d is not positive", tsName(ts), ts.TileWidth, ts.TileHeight)
	}
	// Columns and tile count from the image, its margin and spacing,
	// as Tiled counts them; files before Tiled 0.13 (and 0.15 for
	// columns) have neither.
	cols := (iw - 2*ts.Margin + ts.Spacing) / (ts.TileWidth + ts.Spacing)
	rows := (ih - 2*ts.Margin + ts.Spacing) / (ts.TileHeight + ts.Spacing)
	if ts.Columns > 0 {
		cols = ts.Columns
	}
	count := ts.TileCount
	if count == 0 {
		count = max(cols, 0) * max(rows, 0)
	}
	if count == 0 || cols <= 0 {
		return nil, fmt.Errorf("tileset %s: its %dx%d image holds no %dx%d tile (margin %d, spacing %d)", tsName(ts), iw, ih, ts.TileWidth, ts.TileHeight, ts.Margin, ts.Spacing)
	}
	s := newTileset(ts, count)
	clean, _ := inFS(p) // loadImage checked it
	for id := range count {
		x := ts.Margin + id%cols*(ts.TileWidth+ts.Spacing)
		y := ts.Margin + id/cols*(ts.TileHeight+ts.Spacing)
		if s.tiles[id], err = sheet.Sub(x, y, ts.TileWidth, ts.TileHeight); err != nil {
			return nil, fmt.Errorf("tileset %s tile %d: %v", tsName(ts), id, err)
		}
		s.src[id] = tileSource{path: clean, trans: ts.Image.Trans, r: image.Rect(x, y, x+ts.TileWidth, y+ts.TileHeight)}
	}
	return s, nil
}

// objectShape returns an object's collision shape: its position and its
// shape relative to it. A rectangle is centred on its middle, a polygon
// on the object's origin, an ellipse with equal sides is a circle.
// Tiled turns an object about its origin (x, y), clockwise in degrees: a
// turned rectangle becomes a polygon. What glue's physics has no shape
// for (an ellipse that is not a circle, a polyline, a point, a concave
// polygon) is an error naming it and the fix.
func objectShape(o *tmx.Object) (Solid, error) {
	origin := physics.Vec{X: o.X, Y: o.Y}
	turn := func(p physics.Vec) physics.Vec { return p } // p relative to the origin
	if o.Rotation != 0 {
		s, c := math.Sincos(o.Rotation * math.Pi / 180)
		if math.Mod(o.Rotation, 90) == 0 {
			s, c = math.Round(s), math.Round(c) // exact quarter turns
		}
		turn = func(p physics.Vec) physics.Vec { return physics.Vec{X: p.X*c - p.Y*s, Y: p.X*s + p.Y*c} }
	}
	switch {
	case len(o.Polygons) > 0 && o.Polygons[0].Points != nil:
		var pts []physics.Vec
		for _, p := range *o.Polygons[0].Points {
			pts = append(pts, turn(physics.Vec{X: p.X, Y: p.Y}))
		}
		if !convex(pts) {
			return Solid{}, fmt.Errorf("polygon %v is not convex (or has fewer than 3 corners); glue's physics takes convex polygons: split it into convex ones in Tiled", pts)
		}
		return Solid{Pos: origin, Shape: physics.Polygon(pts...)}, nil
	case len(o.PolyLines) > 0:
		return Solid{}, errors.New("a polyline is not a collision shape; draw a rectangle, a convex polygon or a circle instead")
	case !(o.Width > 0 && o.Height > 0):
		return Solid{}, fmt.Errorf("a collision shape needs a width and height, or a polygon (%gx%g)", o.Width, o.Height)
	case len(o.Ellipses) > 0:
		if o.Width != o.Height {
			return Solid{}, fmt.Errorf("an ellipse of %gx%g has no shape in glue's physics, which has circles; make its width and height equal, or draw a polygon", o.Width, o.Height)
		}
		return Solid{Pos: origin.Add(turn(physics.Vec{X: o.Width / 2, Y: o.Height / 2})), Shape: physics.Circle(o.Width / 2)}, nil
	case o.Rotation != 0 && math.Mod(o.Rotation, 90) != 0:
		pts := []physics.Vec{turn(physics.Vec{}), turn(physics.Vec{X: o.Width}), turn(physics.Vec{X: o.Width, Y: o.Height}), turn(physics.Vec{Y: o.Height})}
		return Solid{Pos: origin, Shape: physics.Polygon(pts...)}, nil
	}
	// Turned by a multiple of 90° (or not at all): still a rectangle.
	a, b := turn(physics.Vec{}), turn(physics.Vec{X: o.Width, Y: o.Height})
	w, h := math.Abs(b.X-a.X), math.Abs(b.Y-a.Y)
	return Solid{Pos: origin.Add(physics.Vec{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}), Shape: physics.Rect(w, h)}, nil
}

// convex reports whether the polygon has 3 or more corners, an area, and
// turns the same way at every corner.
func convex(ps []physics.Vec) bool {
	if len(ps) < 3 {
		return false
	}
	sign := 0.0
	for i := range ps {
		a, b, c := ps[i], ps[(i+1)%len(ps)], ps[(i+2)%len(ps)]
		cross := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		if cross == 0 {
			continue
		}
		if sign*cross < 0 {
			return false
		}
		sign = cross
	}
	return sign != 0
}

// flipShape returns a tile's collision shape (relative to the tile
// image's top-left corner) for the tile drawn with Tiled's flips f:
// mirrored across the diagonal first, then horizontally, then
// vertically, within the w×h tile (h×w after a diagonal flip).
func flipShape(s Solid, f uint8, w, h int) Solid {
	fw, fh := float64(w), float64(h)
	if f&flipD != 0 {
		fw, fh = fh, fw
	}
	at := func(p physics.Vec) physics.Vec {
		if f&flipD != 0 {
			p.X, p.Y = p.Y, p.X
		}
		if f&flipH != 0 {
			p.X = fw - p.X
		}
		if f&flipV != 0 {
			p.Y = fh - p.Y
		}
		return p
	}
	out := Solid{Pos: at(s.Pos), OneWay: s.OneWay}
	if pts := s.Shape.Points(); len(pts) > 0 {
		moved := make([]physics.Vec, len(pts))
		for i, p := range pts {
			moved[i] = at(s.Pos.Add(p)).Sub(out.Pos)
		}
		out.Shape = physics.Polygon(moved...)
		return out
	}
	out.Shape = s.Shape
	if b := s.Shape.Bounds(); f&flipD != 0 && !s.Shape.IsCircle() {
		out.Shape = physics.Rect(b.Max.Y-b.Min.Y, b.Max.X-b.Min.X)
	}
	return out
}

// flips are the flag bits of a gid: Tiled's three flips, and the
// hexagonal maps' 120° turn.
const flips = 0xf0000000

// tile finds the tileset of a gid.
func tile(sets []*tileset, gid uint32) (*tileset, uint32, uint8, bool) {
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

func (m *Map) addLayer(w *walker, l *tmx.Layer, data *layerData, st inherited) error {
	t := w.t
	if data == nil {
		return errors.New("has no <data>")
	}
	tl := tileLayer{name: l.Name, w: t.Width, h: t.Height,
		layer: layerZ(l.Properties, &w.z), parallax: st.parallax, offset: st.offset}
	tl.tint, tl.solid = st.tints()
	if tl.tint != tl.solid && !w.opaqueFound {
		// A tint alpha below 1: which tiles are opaque matters.
		if err := m.findOpaque(w.fsys, w.sets); err != nil {
			return err
		}
		w.opaqueFound = true
	}
	var cells []uint32
	if !w.infinite {
		if len(data.Chunks) > 0 {
			return errors.New("has chunks, but the map is not infinite (infinite=\"1\")")
		}
		var err error
		if cells, err = gids(data, data.Text, data.Tiles, t.Width*t.Height, w.zstd); err != nil {
			return err
		}
	} else {
		// An infinite map: the layer covers the bounds of its chunks.
		if len(data.Chunks) == 0 {
			tl.w, tl.h = 0, 0
		}
		x1, y1 := 0, 0
		for i, c := range data.Chunks {
			if c.Width <= 0 || c.Height <= 0 {
				return fmt.Errorf("chunk (%d, %d) is %dx%d cells", c.X, c.Y, c.Width, c.Height)
			}
			if i == 0 {
				tl.x0, tl.y0, x1, y1 = c.X, c.Y, c.X+c.Width, c.Y+c.Height
			}
			tl.x0, tl.y0 = min(tl.x0, c.X), min(tl.y0, c.Y)
			x1, y1 = max(x1, c.X+c.Width), max(y1, c.Y+c.Height)
		}
		tl.w, tl.h = x1-tl.x0, y1-tl.y0
		cells = make([]uint32, tl.w*tl.h)
		for _, c := range data.Chunks {
			g, err := gids(data, c.Text, c.Tiles, c.Width*c.Height, w.zstd)
			if err != nil {
				return fmt.Errorf("chunk (%d, %d): %v", c.X, c.Y, err)
			}
			for y := range c.Height {
				copy(cells[(c.Y-tl.y0+y)*tl.w+c.X-tl.x0:], g[y*c.Width:(y+1)*c.Width])
			}
		}
	}
	kinds := make([]CellCollision, len(cells)) // full tiles to merge
	var shaped []int                           // cells of tiles with shapes of their own
	nshapes := 0
	for i, gid := range cells {
		bare := gid &^ flips
		if bare == 0 {
			cells[i] = 0
			continue
		}
		if int(bare) >= len(m.tiles) || m.tiles[bare].img.IsZero() {
			s, id, _, ok := tile(w.sets, gid)
			if !ok {
				return fmt.Errorf("cell (%d, %d) has tile gid %d, which no tileset holds", tl.x0+i%tl.w, tl.y0+i/tl.w, bare)
			}
			return fmt.Errorf("cell (%d, %d) has tile %d of the image-collection tileset %s, which has no image", tl.x0+i%tl.w, tl.y0+i/tl.w, id, tsName(s.ts))
		}
		c := &m.tiles[bare]
		iw, ih := c.img.Size()
		if gid&0x20000000 != 0 {
			iw, ih = ih, iw // turned by a diagonal flip
		}
		if iw > tl.maxW || ih > tl.maxH || c.dx != 0 || c.dy != 0 {
			tl.maxW, tl.maxH = max(tl.maxW, iw), max(tl.maxH, ih)
			tl.pad = max(tl.pad, (abs(int(c.dx))+m.TileW-1)/m.TileW, (abs(int(c.dy))+m.TileH-1)/m.TileH)
		}
		s := w.sets[c.set-1]
		if !s.hasShapes[c.id] {
			continue
		}
		shapes := s.shapes[c.id]
		if s.full[c.id] {
			kinds[i] = SolidCell
			if shapes[0].OneWay {
				kinds[i] = OneWayCell
			}
			continue
		}
		shaped = append(shaped, i)
		nshapes += len(shapes)
	}
	tl.cells = cells
	// Room for every collider of the layer at once: a large map has
	// thousands, and growing the slice as they come was a third of Load.
	m.solids = slices.Grow(m.solids, nshapes+runs(kinds, tl.w))
	for _, i := range shaped {
		gid := cells[i]
		c := &m.tiles[gid&^flips]
		shapes := w.sets[c.set-1].shapes[c.id]
		flip := flipsOf(gid)
		iw, ih := c.img.Size()
		x0 := float64((tl.x0+i%tl.w)*t.TileWidth) + tl.offset.X
		y0 := float64((tl.y0+i/tl.w)*t.TileHeight+t.TileHeight-ih) + tl.offset.Y
		for _, sh := range shapes {
			if flip != 0 {
				sh = flipShape(sh, flip, iw, ih)
			}
			sh.Pos = sh.Pos.Add(physics.Vec{X: x0, Y: y0})
			m.solids = append(m.solids, sh)
		}
	}
	m.merge(kinds, tl.w, tl.h, tl.offset.Add(physics.Vec{X: float64(tl.x0 * m.TileW), Y: float64(tl.y0 * m.TileH)}))
	if st.visible {
		m.layers = append(m.layers, tl)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bounds sets an infinite map's corner and size to those of the chunks
// of its tile layers.
func (m *Map) bounds() {
	first := true
	var x0, y0, x1, y1 int
	for _, l := range m.layers {
		if l.w == 0 || l.h == 0 {
			continue
		}
		if first {
			x0, y0, x1, y1, first = l.x0, l.y0, l.x0+l.w, l.y0+l.h, false
		}
		x0, y0 = min(x0, l.x0), min(y0, l.y0)
		x1, y1 = max(x1, l.x0+l.w), max(y1, l.y0+l.h)
	}
	m.MinX, m.MinY = float64(x0*m.TileW), float64(y0*m.TileH)
	m.Width, m.Height = float64((x1-x0)*m.TileW), float64((y1-y0)*m.TileH)
}

// merge turns the full solid tiles of a layer into as few rectangles as
// [GridSolids] finds.
func (m *Map) merge(kinds []CellCollision, w, h int, off physics.Vec) {
	m.solids = appendGridSolids(m.solids, kinds, w, h, float64(m.TileW), float64(m.TileH), off)
}

// runs counts the runs of equal non-empty cells along the rows of a grid
// cols wide: at least as many as the rectangles GridSolids makes of it.
func runs(cells []CellCollision, cols int) int {
	n := 0
	for i, k := range cells {
		if k != NoCollision && (i%cols == 0 || cells[i-1] != k) {
			n++
		}
	}
	return n
}

// CellCollision is what a cell of a grid is to physics, for
// [GridSolids].
type CellCollision uint8

const (
	// NoCollision is an empty cell.
	NoCollision CellCollision = iota
	// SolidCell blocks from every side.
	SolidCell
	// OneWayCell is a platform that blocks characters only from above.
	OneWayCell
)

// GridSolids turns a grid of cols×rows cells of cellW×cellH pixels,
// whose top-left corner is at origin, into as few rectangles as a greedy
// pass finds: runs of equal cells along a row, extended down while the
// rows below repeat them. One-way cells merge along rows only (a
// one-way platform two cells thick would block from below). It is how
// full solid tiles of a Tiled map and IntGrid layers of an LDtk level
// (package modules/ldtk) become colliders. cells is cleared.
func GridSolids(cells []CellCollision, cols, rows int, cellW, cellH float64, origin physics.Vec) []Solid {
	return appendGridSolids(make([]Solid, 0, runs(cells, cols)), cells, cols, rows, cellW, cellH, origin)
}

// appendGridSolids is [GridSolids] appending to out.
func appendGridSolids(out []Solid, cells []CellCollision, cols, rows int, cellW, cellH float64, origin physics.Vec) []Solid {
	for y := range rows {
		for x := 0; x < cols; x++ {
			k := cells[y*cols+x]
			if k == NoCollision {
				continue
			}
			x1 := x
			for x1+1 < cols && cells[y*cols+x1+1] == k {
				x1++
			}
			y1 := y
			for k == SolidCell && y1+1 < rows && allKind(cells[(y1+1)*cols+x:(y1+1)*cols+x1+1], k) {
				y1++
			}
			for yy := y; yy <= y1; yy++ {
				clear(cells[yy*cols+x : yy*cols+x1+1])
			}
			rw, rh := float64(x1-x+1)*cellW, float64(y1-y+1)*cellH
			out = append(out, Solid{Pos: physics.Vec{X: float64(x)*cellW + rw/2 + origin.X, Y: float64(y)*cellH + rh/2 + origin.Y},
				Shape: physics.Rect(rw, rh), OneWay: k == OneWayCell})
			x = x1
		}
	}
	return out
}

func allKind(ks []CellCollision, k CellCollision) bool {
	for _, x := range ks {
		if x != k {
			return false
		}
	}
	return true
}

// fromTemplate returns the object o made from its template: the
// template's name, class, size, rotation, tile, shape and properties
// where o does not set its own. A template's tile is found in the map's
// tileset of the same .tsx file.
func (m *Map) fromTemplate(o *tmx.Object, sets []*tileset) (*tmx.Object, error) {
	tp := o.Template
	if tp == nil || tp.Object == nil {
		return o, nil
	}
	t := *tp.Object
	t.ID, t.X, t.Y, t.TemplateSource, t.Template = o.ID, o.X, o.Y, o.TemplateSource, o.Template
	if o.Name != "" {
		t.Name = o.Name
	}
	//lint:ignore SA1019 maps saved before Tiled 1.9 have a type, not a class
	typ := &t.Type
	//lint:ignore SA1019 as above
	if o.Class != "" || o.Type != "" {
		//lint:ignore SA1019 as above
		t.Class, *typ = o.Class, o.Type
	}
	if o.Width > 0 {
		t.Width = o.Width
	}
	if o.Height > 0 {
		t.Height = o.Height
	}
	if o.Rotation != 0 {
		t.Rotation = o.Rotation
	}
	if len(o.Polygons) > 0 {
		t.Polygons = o.Polygons
	}
	if len(o.PolyLines) > 0 {
		t.PolyLines = o.PolyLines
	}
	if len(o.Ellipses) > 0 {
		t.Ellipses = o.Ellipses
	}
	// Properties: the template's, each replaced by the object's of the
	// same name, then the object's others.
	props := slices.Clone(t.Properties)
	for _, p := range o.Properties {
		i := slices.IndexFunc(props, func(q *tmx.Property) bool { return q.Name == p.Name })
		if i >= 0 {
			props[i] = p
		} else {
			props = append(props, p)
		}
	}
	t.Properties = props
	switch {
	case o.GID != 0:
		t.GID = o.GID
	case t.GID != 0:
		// The template's gid counts from its own tileset's firstgid.
		if tp.Tileset == nil {
			return nil, fmt.Errorf("object %d: template %q: its tile object has gid %d but no tileset", o.ID, o.TemplateSource, t.GID)
		}
		src := path.Clean(filepath.ToSlash(tp.Tileset.Source))
		var mapped uint32
		for _, s := range sets {
			if s.ts.Source != "" && path.Clean(filepath.ToSlash(s.ts.Source)) == src {
				flags := t.GID & flips
				mapped = (t.GID&^flips - tp.Tileset.FirstGID + s.ts.FirstGID) | flags
			}
		}
		if mapped == 0 {
			return nil, fmt.Errorf("object %d: template %q: its tile is in tileset %q, which the map does not use; add that tileset to the map in Tiled", o.ID, o.TemplateSource, src)
		}
		t.GID = mapped
	}
	return &t, nil
}

func (m *Map) addObject(g *tmx.ObjectGroup, o *tmx.Object, sets []*tileset, off physics.Vec, hidden bool) error {
	o, err := m.fromTemplate(o, sets)
	if err != nil {
		return fmt.Errorf("tiled: %s: %v", m.File, err)
	}
	class := o.Class
	if class == "" {
		//lint:ignore SA1019 maps saved before Tiled 1.9 have a type, not a class
		class = o.Type
	}
	ob := Object{ID: o.ID, Name: o.Name, Class: class, Layer: g.Name,
		X: o.X + off.X, Y: o.Y + off.Y, W: o.Width, H: o.Height, Rotation: o.Rotation, Hidden: hidden || !o.Visible,
		Props: Props{file: m.File, where: "object " + strconv.Itoa(int(o.ID)) + " " + strconv.Quote(o.Name), p: append(g.Properties[:len(g.Properties):len(g.Properties)], o.Properties...)}}
	switch {
	case o.GID != 0:
		ob.Kind = KindTile
	case len(o.Polygons) > 0:
		ob.Kind = KindPolygon
	case len(o.PolyLines) > 0:
		ob.Kind = KindPolyline
	case len(o.Ellipses) > 0:
		ob.Kind = KindEllipse
	case o.Text != nil:
		ob.Kind = KindText
	case o.Width == 0 && o.Height == 0:
		ob.Kind = KindPoint
	}
	if o.GID != 0 {
		// A tile object: its position is its bottom-left corner.
		s, id, f, ok := tile(sets, o.GID)
		if !ok {
			return fmt.Errorf("tiled: %s: %s: tile gid %d is in no tileset", m.File, ob.Props.where, o.GID)
		}
		ob.Image = s.tiles[id]
		ob.Y -= ob.H
		ob.FlipH, ob.FlipV = f&flipH != 0, f&flipV != 0
	}
	switch class {
	case "solid", "oneway":
		sh, err := objectShape(o)
		if err != nil {
			return fmt.Errorf("tiled: %s: %s: %v", m.File, ob.Props.where, err)
		}
		sh.Pos = sh.Pos.Add(off)
		sh.OneWay = class == "oneway" || o.Properties.GetBool("oneway")
		m.solids = append(m.solids, sh)
		return nil
	}
	if len(o.Polygons) > 0 && o.Polygons[0].Points != nil {
		for _, p := range *o.Polygons[0].Points {
			ob.Points = append(ob.Points, physics.Vec{X: p.X, Y: p.Y})
		}
	}
	if len(o.PolyLines) > 0 && o.PolyLines[0].Points != nil {
		for _, p := range *o.PolyLines[0].Points {
			ob.Points = append(ob.Points, physics.Vec{X: p.X, Y: p.Y})
		}
	}
	m.objects = append(m.objects, ob)
	return nil
}

// Animate sets every animated tile to the frame it shows t seconds after
// the map was loaded: frames last the durations Tiled gives them, and an
// animation starts again after its last frame. The [Plugin] calls it each
// tick with the game clock ([AnimateSystem]); a game that draws a map
// itself calls it with its own. Animate does not allocate.
func (m *Map) Animate(t float64) {
	for i := range m.anims {
		a := &m.anims[i]
		at := t - a.total*float64(int(t/a.total))
		for k, d := range a.durs {
			if at < d || k == len(a.durs)-1 {
				a.cur = a.frames[k]
				a.curOpaque = k < len(a.opaque) && a.opaque[k]
				break
			}
			at -= d
		}
	}
}
