package ldtk

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	tmx "github.com/lafriks/go-tiled"
	"github.com/solarlune/ldtkgo"
)

// Project is an LDtk project (.ldtk) loaded for glue: every level ready
// to draw and spawn. Load one with [Load]; the [Plugin] keeps it, and the
// level in play, in the [Levels] resource.
type Project struct {
	// File is the project's path in its file system.
	File string
	// Levels are the project's levels in the file's order.
	Levels []*Level
	// LDtk is the project as ldtkgo decoded it, for what this package
	// does not cover.
	LDtk *ldtkgo.Project
}

// Level returns the level with the given identifier, or nil.
func (p *Project) Level(identifier string) *Level {
	for _, l := range p.Levels {
		if l.Identifier == identifier {
			return l
		}
	}
	return nil
}

// names lists the levels' identifiers, for errors.
func (p *Project) names() string {
	var ns []string
	for _, l := range p.Levels {
		ns = append(ns, strconv.Quote(l.Identifier))
	}
	return strings.Join(ns, ", ")
}

// Level is one level of a project: its tile and auto-layers ready to
// draw, its IntGrid collision and its entities ready to spawn.
type Level struct {
	// Identifier is the level's name in LDtk ("Level_0").
	Identifier string
	// X and Y are the level's top-left corner in the world: its world
	// position in projects laid out freely or as a GridVania, (0, 0) in
	// linear layouts.
	X, Y float64
	// Width and Height are its size in pixels.
	Width, Height float64
	// Background is its background colour, opaque. [Level.Draw] fills
	// the level's rectangle with it below its layers, as LDtk shows it.
	Background color.RGBA
	// Props are the level's fields, read by type.
	Props tiled.Props
	// LDtk is the level as ldtkgo decoded it.
	LDtk *ldtkgo.Level

	layers   []layer
	bg       *backdrop // the background image, or nil
	solids   []tiled.Solid
	entities []tiled.Object
}

// Bounds returns the level's rectangle in the world, for
// render.Camera.Bounds.
func (l *Level) Bounds() render.Rect {
	return render.Rect{MinX: l.X, MinY: l.Y, MaxX: l.X + l.Width, MaxY: l.Y + l.Height}
}

// Solids returns the level's colliders: its IntGrid cells, merged into
// rectangles.
func (l *Level) Solids() []tiled.Solid { return l.solids }

// Entities returns the level's entities as objects for the spawn
// functions, in the file's order.
func (l *Level) Entities() []tiled.Object { return l.entities }

// layer is a tile, auto- or IntGrid layer's tiles, bucketed by cell so
// that a frame visits only the cells in view.
type layer struct {
	name       string
	z          int
	grid       float64
	cols, rows int
	origin     physics.Vec // the world position of cell (0, 0)
	start      []int32     // tiles of cell i: tiles[start[i]:start[i+1]]
	tiles      []tile
	tint       color.RGBA
}

// backdrop is a level's background image as LDtk placed it (its
// __bgPos: the part of the image shown, scaled, at a corner).
type backdrop struct {
	img            render.Image
	x, y           float64 // in the world
	scaleX, scaleY float64
}

// tile is one placed tile.
type tile struct {
	img  render.Image
	x, y float32 // relative to the layer's origin
	flip uint8   // 1 X, 2 Y
}

// Options are the options of [Load]; nil means the defaults.
type Options struct {
	// Collision says what each value of an IntGrid layer is to physics,
	// by the layer's identifier: {"Collision": {1: tiled.SolidCell, 2:
	// tiled.OneWayCell}}. A layer it does not name has no colliders. The
	// default (nil) makes every non-zero value of every IntGrid layer
	// solid.
	Collision map[string]map[int]tiled.CellCollision
}

// The LDtk file format glue reads, through ldtkgo v0.9.3: LDtk 1.5's.
// A file of a later major version is refused, of a later minor version
// too (see [checkVersion]).
const (
	readsMajor = 1
	readsMinor = 5
)

// side holds what ldtkgo does not read of a project file.
type side struct {
	JSONVersion string            `json:"jsonVersion"`
	Worlds      []json.RawMessage `json:"worlds"`
	Levels      []struct {
		ExternalRelPath *string `json:"externalRelPath"`
		BgPos           *struct {
			TopLeftPx []float64 `json:"topLeftPx"`
		} `json:"__bgPos"`
		Layers []struct {
			Opacity  *float64 `json:"__opacity"`
			Entities []struct {
				IID string `json:"iid"`
			} `json:"entityInstances"`
		} `json:"layerInstances"`
	} `json:"levels"`
	Defs struct {
		Tilesets []struct {
			UID     int     `json:"uid"`
			RelPath *string `json:"relPath"`
		} `json:"tilesets"`
	} `json:"defs"`
}

// Load reads the LDtk project at path in fsys (through
// github.com/solarlune/ldtkgo), loads its tileset images into render's
// atlas (relative to the project's folder) and prepares every level:
// tile layers and auto-layers (those of IntGrid layers included) to
// draw, bottom layer first, with their offsets and opacity; IntGrid
// values to colliders ([Options.Collision]); entities to objects for the
// same spawn functions as Tiled's objects ([tiled.SpawnFunc]), their
// fields as typed properties. Every error names the file, and the level,
// layer or tileset where there is one. What it does not read is an
// error naming it: a project saved by an LDtk newer than 1.5 (its
// jsonVersion), levels saved in separate files, multi-world projects,
// tilesets without an image, layers whose tileset is not defined.
func Load(fsys fs.FS, file string, opts *Options) (*Project, error) {
	if opts == nil {
		opts = &Options{}
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("ldtk: %s: "+format, append([]any{file}, args...)...)
	}
	clean := path.Clean(strings.ReplaceAll(file, "\\", "/"))
	if !fs.ValidPath(clean) {
		return nil, fail("the path is outside the file system; give an FS rooted at a folder holding the project")
	}
	src, err := fs.ReadFile(fsys, clean)
	if err != nil {
		return nil, fail("%v", err)
	}
	var sd side
	if err := json.Unmarshal(src, &sd); err != nil {
		return nil, fail("not an LDtk project: %v", err)
	}
	if err := checkVersion(sd.JSONVersion); err != nil {
		return nil, fail("%v", err)
	}
	if len(sd.Levels) == 0 && len(sd.Worlds) > 0 {
		return nil, fail("the project has several worlds (LDtk's multi-worlds), which are not read; keep one world")
	}
	for i, l := range sd.Levels {
		if l.ExternalRelPath != nil && *l.ExternalRelPath != "" {
			return nil, fail("level %d is saved in its own file %q, which is not read; untick \"Save levels to separate files\" in LDtk's project settings", i, *l.ExternalRelPath)
		}
	}
	lp, err := read(src)
	if err != nil {
		return nil, fail("%v", err)
	}
	if len(lp.Levels) == 0 {
		return nil, fail("the project has no levels")
	}
	p := &Project{File: file, LDtk: lp}
	ld := loader{fsys: fsys, dir: path.Dir(clean), file: file, opts: opts, pages: map[int]render.Image{}, images: map[string]render.Image{}, tiles: map[[2]int]render.Image{}}
	for _, ts := range sd.Defs.Tilesets {
		ld.defined = append(ld.defined, ts.UID)
		if ts.RelPath == nil || *ts.RelPath == "" {
			ld.noImage = append(ld.noImage, ts.UID)
		}
	}
	for i, l := range lp.Levels {
		lv, err := ld.level(l, lp, sd, i)
		if err != nil {
			return nil, fail("level %q: %v", l.Identifier, err)
		}
		p.Levels = append(p.Levels, lv)
	}
	return p, nil
}

// checkVersion refuses a project saved by an LDtk newer than the format
// glue reads (its jsonVersion, "1.5.3"): a later major version changed
// the format in ways ldtkgo cannot know, and a later minor version may
// hold what ldtkgo would silently drop or misread. The package has no
// warnings to give, so both are errors; a later patch version (1.5.9)
// loads. A missing or unreadable version is left to the rest of Load.
func checkVersion(v string) error {
	major, minor, ok := parseVersion(v)
	if !ok || major < readsMajor || major == readsMajor && minor <= readsMinor {
		return nil
	}
	reads := fmt.Sprintf("glue reads the format of LDtk %d.%d (through github.com/solarlune/ldtkgo v0.9.3)", readsMajor, readsMinor)
	if major > readsMajor {
		return fmt.Errorf("the project was saved by LDtk %s (its jsonVersion), a major version whose format glue cannot read; %s: keep the project in LDtk %d.%d, or use a glue release that reads LDtk %d", v, reads, readsMajor, readsMinor, major)
	}
	return fmt.Errorf("the project was saved by LDtk %s (its jsonVersion), newer than %d.%d, and may hold what glue would drop or misread; %s: keep the project in LDtk %d.%d, or use a glue release that reads LDtk %d.%d", v, readsMajor, readsMinor, reads, readsMajor, readsMinor, major, minor)
}

// parseVersion reads the major and minor numbers of a version
// ("1.5.3"); ok is false if it does not start with two numbers.
func parseVersion(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(strings.TrimSpace(v), ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || major < 0 || minor < 0 {
		return 0, 0, false
	}
	return major, minor, true
}

// read is ldtkgo.Read, with its panics on malformed files (an index out
// of range) made errors.
func read(src []byte) (p *ldtkgo.Project, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("ldtkgo could not read it: %v", r)
		}
	}()
	p, err = ldtkgo.Read(src)
	if err != nil {
		return nil, fmt.Errorf("not an LDtk project: %v", err)
	}
	return p, nil
}

// loader loads a project's levels, sharing the tileset images.
type loader struct {
	fsys    fs.FS
	dir     string
	file    string
	opts    *Options
	pages   map[int]render.Image    // tileset uid → its image
	images  map[string]render.Image // background images by path
	tiles   map[[2]int]render.Image // tileset uid, tile id → the tile's image
	defined []int                   // the uids of the tileset definitions
	noImage []int                   // the uids of tilesets without an image
}

func (ld *loader) level(l *ldtkgo.Level, lp *ldtkgo.Project, sd side, index int) (*Level, error) {
	lv := &Level{Identifier: l.Identifier, LDtk: l, Width: float64(l.Width), Height: float64(l.Height)}
	if lp.WorldLayout == ldtkgo.WorldLayoutFree || lp.WorldLayout == ldtkgo.WorldLayoutGridVania {
		lv.X, lv.Y = float64(l.WorldX), float64(l.WorldY)
	}
	if c, ok := l.BGColor.(color.RGBA); ok {
		lv.Background = c
	}
	if c, ok := lp.BGColor.(color.RGBA); ok && lv.Background == (color.RGBA{}) {
		lv.Background = c
	}
	if l.BGImage != nil {
		bg, err := ld.backdrop(lv, l.BGImage, sd, index)
		if err != nil {
			return nil, err
		}
		lv.bg = bg
	}
	where := "level " + strconv.Quote(l.Identifier)
	lv.Props = tiled.NewProps("LDtk", ld.file, where, props(l.Properties))
	// LDtk lists the top layer first: draw from the last.
	z := 0
	for i := len(l.Layers) - 1; i >= 0; i-- {
		la := l.Layers[i]
		opacity := 1.0
		if index < len(sd.Levels) && i < len(sd.Levels[index].Layers) {
			if o := sd.Levels[index].Layers[i].Opacity; o != nil {
				opacity = *o
			}
		}
		origin := physics.Vec{X: lv.X + float64(la.OffsetX), Y: lv.Y + float64(la.OffsetY)}
		if la.GridSize <= 0 && la.Type != ldtkgo.LayerTypeEntity {
			return nil, fmt.Errorf("layer %q: grid size %d is not positive", la.Identifier, la.GridSize)
		}
		if la.Type == ldtkgo.LayerTypeIntGrid {
			ld.collision(lv, la, origin)
		}
		if la.Type == ldtkgo.LayerTypeEntity {
			var iids []string
			if index < len(sd.Levels) && i < len(sd.Levels[index].Layers) {
				for _, e := range sd.Levels[index].Layers[i].Entities {
					iids = append(iids, e.IID)
				}
			}
			ld.entities(lv, la, origin, iids)
			continue
		}
		tiles := la.AllTiles()
		if len(tiles) == 0 {
			continue
		}
		if !la.Visible {
			continue
		}
		out, err := ld.layer(la, tiles, origin, opacity, z)
		if err != nil {
			return nil, fmt.Errorf("layer %q: %v", la.Identifier, err)
		}
		lv.layers = append(lv.layers, out)
		z++
	}
	return lv, nil
}

// backdrop loads a level's background image (bgRelPath, relative to the
// project) and places the part LDtk shows (__bgPos's cropRect, scale and
// topLeftPx, which LDtk computes for every placement mode).
func (ld *loader) backdrop(lv *Level, bi *ldtkgo.BGImage, sd side, index int) (*backdrop, error) {
	p := path.Clean(path.Join(ld.dir, strings.ReplaceAll(bi.Path, "\\", "/")))
	if !fs.ValidPath(p) {
		return nil, fmt.Errorf("background image %q is outside the file system; give ldtk an FS rooted at a folder that holds the project and its images", p)
	}
	page, ok := ld.images[p]
	if !ok {
		var err error
		if page, err = render.LoadImage(ld.fsys, p); err != nil {
			return nil, fmt.Errorf("background image: %v", err)
		}
		ld.images[p] = page
	}
	b := &backdrop{img: page, x: lv.X, y: lv.Y, scaleX: bi.ScaleX, scaleY: bi.ScaleY}
	if len(bi.CropRect) == 4 {
		r := make([]int, 4)
		for i, v := range bi.CropRect {
			r[i] = int(math.Round(v))
		}
		img, err := page.Sub(r[0], r[1], r[2], r[3])
		if err != nil {
			return nil, fmt.Errorf("background image %q: the part shown (__bgPos.cropRect %v): %v", p, bi.CropRect, err)
		}
		b.img = img
	}
	if index < len(sd.Levels) {
		if bp := sd.Levels[index].BgPos; bp != nil && len(bp.TopLeftPx) == 2 {
			b.x += bp.TopLeftPx[0]
			b.y += bp.TopLeftPx[1]
		}
	}
	return b, nil
}

// layer prepares a layer's tiles, bucketed by cell.
func (ld *loader) layer(la *ldtkgo.Layer, tiles []*ldtkgo.Tile, origin physics.Vec, opacity float64, z int) (layer, error) {
	if la.Tileset == nil && !slices.Contains(ld.defined, la.TilesetUID) {
		return layer{}, fmt.Errorf("has tiles but no tileset is defined with its tileset's uid %d (the layer's __tilesetDefUid; %s); pick the layer's tileset again in LDtk's layer settings", la.TilesetUID, ld.uids())
	}
	if la.Tileset == nil || slices.Contains(ld.noImage, la.TilesetUID) {
		return layer{}, fmt.Errorf("has tiles but its tileset (uid %d) has no image; give the tileset an image in LDtk", la.TilesetUID)
	}
	out := layer{name: la.Identifier, z: z, grid: float64(la.GridSize), cols: max(la.CellWidth, 1), rows: max(la.CellHeight, 1), origin: origin}
	if opacity < 1 {
		a := uint8(math.Round(max(opacity, 0) * 255))
		out.tint = color.RGBA{a, a, a, a}
	}
	cellOf := func(t *ldtkgo.Tile) int {
		c := min(max(t.Position[0]/la.GridSize, 0), out.cols-1)
		r := min(max(t.Position[1]/la.GridSize, 0), out.rows-1)
		return r*out.cols + c
	}
	out.start = make([]int32, out.cols*out.rows+1)
	for _, t := range tiles {
		if len(t.Position) < 2 || len(t.Src) < 2 {
			return layer{}, fmt.Errorf("tile %d has no px or src", t.ID)
		}
		out.start[cellOf(t)+1]++
	}
	for i := 1; i < len(out.start); i++ {
		out.start[i] += out.start[i-1]
	}
	next := slices.Clone(out.start)
	out.tiles = make([]tile, len(tiles))
	for _, t := range tiles {
		img, err := ld.tile(la.Tileset, t)
		if err != nil {
			return layer{}, err
		}
		c := cellOf(t)
		out.tiles[next[c]] = tile{img: img, x: float32(t.Position[0]), y: float32(t.Position[1]), flip: t.Flip & 3}
		next[c]++
	}
	return out, nil
}

// uids lists the uids of the tileset definitions, for errors.
func (ld *loader) uids() string {
	if len(ld.defined) == 0 {
		return "the project defines no tilesets"
	}
	var us []string
	for _, u := range ld.defined {
		us = append(us, strconv.Itoa(u))
	}
	return "the project's tilesets have uids " + strings.Join(us, ", ")
}

// tile returns the image of a tile of a tileset, loading the tileset's
// image once.
func (ld *loader) tile(ts *ldtkgo.Tileset, t *ldtkgo.Tile) (render.Image, error) {
	key := [2]int{ts.ID, t.Src[0]<<16 | t.Src[1]}
	if img, ok := ld.tiles[key]; ok {
		return img, nil
	}
	page, ok := ld.pages[ts.ID]
	if !ok {
		p := path.Clean(path.Join(ld.dir, strings.ReplaceAll(ts.Path, "\\", "/")))
		if !fs.ValidPath(p) {
			return render.Image{}, fmt.Errorf("tileset %q: image %q is outside the file system; give ldtk an FS rooted at a folder that holds the project and its images", ts.Identifier, p)
		}
		var err error
		if page, err = render.LoadImage(ld.fsys, p); err != nil {
			return render.Image{}, fmt.Errorf("tileset %q: %v", ts.Identifier, err)
		}
		ld.pages[ts.ID] = page
	}
	img, err := page.Sub(t.Src[0], t.Src[1], ts.GridSize, ts.GridSize)
	if err != nil {
		return render.Image{}, fmt.Errorf("tileset %q tile at (%d, %d): %v", ts.Identifier, t.Src[0], t.Src[1], err)
	}
	ld.tiles[key] = img
	return img, nil
}

// collision turns an IntGrid layer's values into colliders.
func (ld *loader) collision(lv *Level, la *ldtkgo.Layer, origin physics.Vec) {
	kinds := ld.opts.Collision[la.Identifier]
	if ld.opts.Collision != nil && kinds == nil {
		return
	}
	cells := make([]tiled.CellCollision, la.CellWidth*la.CellHeight)
	for _, v := range la.IntGrid {
		if v.ID < 0 || v.ID >= len(cells) {
			continue
		}
		k := tiled.SolidCell
		if kinds != nil {
			k = kinds[v.Value]
		}
		cells[v.ID] = k
	}
	g := float64(la.GridSize)
	lv.solids = append(lv.solids, tiled.GridSolids(cells, la.CellWidth, la.CellHeight, g, g, origin)...)
}

// entities makes the objects of an entity layer.
func (ld *loader) entities(lv *Level, la *ldtkgo.Layer, origin physics.Vec, iids []string) {
	for i, e := range la.Entities {
		if len(e.Position) < 2 {
			continue
		}
		px, py := 0.0, 0.0
		if len(e.Pivot) == 2 {
			px, py = float64(e.Pivot[0]), float64(e.Pivot[1])
		}
		w, h := float64(e.Width), float64(e.Height)
		o := tiled.Object{ID: uint32(len(lv.entities) + 1), Class: e.Identifier, Layer: la.Identifier,
			X: origin.X + float64(e.Position[0]) - px*w, Y: origin.Y + float64(e.Position[1]) - py*h, W: w, H: h}
		if i < len(iids) {
			o.Name = iids[i]
		}
		where := fmt.Sprintf("level %q entity %d", lv.Identifier, o.ID)
		o.Props = tiled.NewProps("LDtk", ld.file, where, props(e.Properties))
		lv.entities = append(lv.entities, o)
	}
}

// props turns LDtk fields into properties of Tiled's types: Int, Float,
// Bool, Color, and the strings (String, Multilines, FilePath, enums).
// Null fields and others (points, arrays, references, tiles) are left
// out; read them from the ldtkgo level.
func props(fields []*ldtkgo.Property) tmx.Properties {
	var out tmx.Properties
	for _, f := range fields {
		if f == nil || f.IsNull() {
			continue
		}
		p := &tmx.Property{Name: f.Identifier}
		switch t := f.Type; {
		case t == "Int":
			p.Type, p.Value = "int", strconv.Itoa(f.AsInt())
		case t == "Float":
			p.Type, p.Value = "float", strconv.FormatFloat(f.AsFloat64(), 'g', -1, 64)
		case t == "Bool":
			p.Type, p.Value = "bool", strconv.FormatBool(f.AsBool())
		case t == "Color":
			s := f.AsString()
			if len(s) != 7 || s[0] != '#' {
				continue
			}
			p.Type, p.Value = "color", "#ff"+s[1:]
		case t == "String" || t == "Multilines" || t == "FilePath" || strings.HasPrefix(t, "Enum(") || strings.HasPrefix(t, "LocalEnum.") || strings.HasPrefix(t, "ExternEnum."):
			s, ok := f.Value.(string)
			if !ok {
				continue
			}
			p.Type, p.Value = "string", s
		default:
			continue
		}
		out = append(out, p)
	}
	return out
}

// Draw adds the level's tiles that the camera shows to list: each layer
// on its render layer (0 for the bottom layer, counting up), with its
// opacity, over the level's background (its colour filling the level,
// then its background image, if any, as LDtk places it) on render layer
// -1. Only the cells inside the view are visited, so a frame costs
// the same on a level of any size; Draw does not allocate. The camera's
// rotation is not taken into account when culling.
func (l *Level) Draw(list *render.DrawList, cam *render.Camera) {
	v := cam.View()
	if v.MaxX > l.X && v.MinX < l.X+l.Width && v.MaxY > l.Y && v.MinY < l.Y+l.Height {
		keep := list.Layer()
		list.SetLayer(-1)
		list.AddRect(l.X, l.Y, l.Width, l.Height, l.Background, 0)
		list.SetLayer(keep)
		if b := l.bg; b != nil {
			s := render.Sprite{Image: b.img, X: b.x, Y: b.y, ScaleX: b.scaleX, ScaleY: b.scaleY, Layer: -1, Z: 1}
			list.AddSprite(&s)
		}
	}
	for i := range l.layers {
		la := &l.layers[i]
		// One cell of margin: auto-layer rules may shift tiles off their
		// cells.
		c0 := max(int(math.Floor((v.MinX-la.origin.X)/la.grid))-1, 0)
		c1 := min(int(math.Floor((v.MaxX-la.origin.X)/la.grid))+1, la.cols-1)
		r0 := max(int(math.Floor((v.MinY-la.origin.Y)/la.grid))-1, 0)
		r1 := min(int(math.Floor((v.MaxY-la.origin.Y)/la.grid))+1, la.rows-1)
		for r := r0; r <= r1; r++ {
			if c0 > c1 {
				break
			}
			from, to := la.start[r*la.cols+c0], la.start[r*la.cols+c1+1]
			for k := from; k < to; k++ {
				t := &la.tiles[k]
				s := render.Sprite{Image: t.img, X: la.origin.X + float64(t.x), Y: la.origin.Y + float64(t.y), Layer: la.z, Tint: la.tint,
					FlipX: t.flip&1 != 0, FlipY: t.flip&2 != 0}
				list.AddSprite(&s)
			}
		}
	}
}

// errNoLevel is wrapped by the errors of an unknown level identifier.
var errNoLevel = errors.New("no such level")
