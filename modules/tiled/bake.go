package tiled

import (
	"errors"
	"fmt"
	"hash/crc32"
	"image/color"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	tmx "github.com/lafriks/go-tiled"
)

// A baked map is a map read once, when the game is built, and written as
// what [Load] makes of it: its layers' cells, its tiles' places in their
// images, its objects and collision shapes. [LoadBaked] reads it back
// with glue's own binary codec (package codec, which every game links),
// so a game that reads only baked maps leaves go-tiled and encoding/xml
// out of its build: about 0.1 MB of a WebAssembly download (brotli).
// The images stay PNG files, loaded as Load loads them.
//
// Bake a map with glue's command, next to its go:embed line:
//
//	//go:generate go run github.com/gluekit/glue/cmd/gluebake level.tmx
//
// which writes level.tmx.baked beside level.tmx. The baked file records
// every file the map was read from (the map, its tilesets and templates,
// its images) with a checksum: LoadBaked fails, naming the file and the
// fix, when one of them that it can find has changed since, so a game
// never plays an old bake of a map that was edited.

// bakedHeader begins every baked map; its number changes with the form.
const bakedHeader = "glue tiled map 1\n"

// BakedSuffix is what [Bake]'s files add to the map's name:
// level.tmx.baked.
const BakedSuffix = ".baked"

// Bake reads the map file from fsys as [LoadWith] does (it needs no
// window) and returns it baked, for [LoadBaked] and the [Baked] plugin.
// An error is Load's.
func Bake(fsys fs.FS, file string, opts *LoadOptions) ([]byte, error) {
	rec := &recordFS{FS: fsys}
	m, err := LoadWith(rec, file, opts)
	if err != nil {
		return nil, err
	}
	w := codec.NewWriter(nil)
	w.Raw([]byte(bakedHeader))
	w.Uvarint(uint64(len(rec.files)))
	for _, f := range rec.files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("tiled: %s: baking: %v", file, err)
		}
		w.Text(f)
		w.Uint32(crc32.ChecksumIEEE(data))
	}
	names, err := imageNames(m)
	if err != nil {
		return nil, fmt.Errorf("tiled: %s: baking: %v", file, err)
	}
	w.Uvarint(uint64(len(names)))
	for _, n := range names {
		w.Text(n)
	}
	encodeMap(w, m)
	if err := w.Err(); err != nil {
		return nil, fmt.Errorf("tiled: %s: baking: %v", file, err)
	}
	return w.Data(), nil
}

// LoadBaked reads a map baked by [Bake] (level.tmx.baked) from fsys and
// loads its images. The map's File is the file it was baked from, which
// its errors name, and its TMX is nil. A file that is not a baked map,
// one baked by another version of glue, or one whose map, tileset or
// image in fsys changed after it was baked is an error that says to bake
// it again.
func LoadBaked(fsys fs.FS, file string) (*Map, error) {
	fail := func(format string, args ...any) error { return fileError(file, format, args...) }
	again := "bake it again: go generate (gluebake " + strings.TrimSuffix(path.Base(file), BakedSuffix) + ")"
	clean, err := inFS(file)
	if err != nil {
		return nil, fail("%v", err)
	}
	data, err := fs.ReadFile(fsys, clean)
	if err != nil {
		return nil, fail("%v", err)
	}
	if !strings.HasPrefix(string(data), bakedHeader) {
		if strings.HasPrefix(string(data), "glue tiled map ") {
			return nil, fail("baked by another version of glue; %s", again)
		}
		return nil, fail("not a baked map (make it with gluebake, from a .tmx file)")
	}
	r := codec.NewReader(data[len(bakedHeader):])
	for range r.Count(5) {
		src, sum := r.Text(), r.Uint32()
		if r.Err() != nil {
			break
		}
		if now, err := fs.ReadFile(fsys, src); err == nil && crc32.ChecksumIEEE(now) != sum {
			return nil, fail("%s changed after the map was baked; %s", src, again)
		}
	}
	names := make([]string, r.Count(1))
	for i := range names {
		names[i] = r.Text()
	}
	if err := r.Err(); err != nil {
		return nil, fail("damaged (%v); %s", err, again)
	}
	// The PNGs without a trans colour load in one call, which decodes
	// them side by side (in the browser, the page's decoder's waits
	// overlap).
	var plain []string
	for _, n := range names {
		if !strings.Contains(n, transMark) {
			plain = append(plain, n)
		} else if err := loadTrans(fsys, n); err != nil {
			return nil, fail("%v", err)
		}
	}
	if len(plain) > 0 {
		if _, err := render.LoadImages(fsys, plain...); err != nil {
			return nil, fail("%v", err)
		}
	}
	m, err := decodeMap(r)
	if err == nil && r.Len() != 0 {
		err = fmt.Errorf("%d bytes after the map", r.Len())
	}
	if err != nil {
		return nil, fail("damaged (%v); %s", err, again)
	}
	return m, nil
}

// Baked is a [Plugin] that reads a map baked by [Bake]: Path names the
// baked file (level.tmx.baked). It does everything Plugin does, and
// links neither go-tiled nor encoding/xml; Zstd is not used (a baked
// map's layers are decoded), and Watch reloads the baked file when it
// changes. A game that reads its map baked in its release and browser
// builds and as a .tmx while it is edited chooses by the build
// (runtime.GOOS is a constant, so the browser build drops the other
// branch and the .tmx reader with it):
//
//	p := tiled.Plugin{FS: level.FS, Path: "level.tmx", Spawn: spawns, Watch: *dev}
//	var plugin glue.Plugin
//	if runtime.GOOS != "js" && *dev {
//		plugin = p // the .tmx, reloaded as it is edited
//	} else {
//		p.Path = "level.tmx.baked"
//		plugin = tiled.Baked(p)
//	}
type Baked Plugin

// Build loads the baked map (an error names the file) and adds the
// systems, as [Plugin.Build] does.
func (p Baked) Build(app *glue.App) {
	Plugin(p).build(app, "tiled.Baked", LoadBaked)
}

// recordFS is a file system that records the files opened in it, in
// order, once each.
type recordFS struct {
	fs.FS
	files []string
	seen  map[string]bool
}

func (r *recordFS) Open(name string) (fs.File, error) {
	f, err := r.FS.Open(name)
	if err == nil && !r.seen[name] {
		if st, serr := f.Stat(); serr == nil && !st.IsDir() {
			if r.seen == nil {
				r.seen = map[string]bool{}
			}
			r.seen[name] = true
			r.files = append(r.files, name)
		}
	}
	return f, err
}

// loadTrans loads an image a baked map names with its trans colour
// (transName): a PNG's path, then the colour.
func loadTrans(fsys fs.FS, name string) error {
	p, hex, _ := strings.Cut(name, transMark)
	v, err := strconv.ParseUint(strings.TrimSuffix(hex, ")"), 16, 32)
	if err != nil {
		return fmt.Errorf("image %q: not a trans colour", name)
	}
	trans := tmx.NewHexColor(uint32(v>>16&0xff), uint32(v>>8&0xff), uint32(v&0xff), 255)
	_, err = loadImage(fsys, p, &trans)
	return err
}

// imageNames lists the names of the loaded images that m's images are
// parts of, each once, in the order first met.
func imageNames(m *Map) ([]string, error) {
	var names []string
	seen := map[string]bool{}
	var errs []error
	add := func(img render.Image) {
		if img.IsZero() {
			return
		}
		w := codec.NewWriter(nil)
		img.Encode(w)
		if err := w.Err(); err != nil {
			errs = append(errs, err)
			return
		}
		n := codec.NewReader(w.Data()).Text()
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, c := range m.tiles {
		add(c.img)
	}
	for _, l := range m.images {
		add(l.img)
	}
	for _, a := range m.anims {
		for _, f := range a.frames {
			add(f)
		}
		add(a.cur)
	}
	for _, o := range m.objects {
		add(o.Image)
	}
	return names, errors.Join(errs...)
}

func encodeVec(w *codec.Writer, v physics.Vec) {
	w.Float64(v.X)
	w.Float64(v.Y)
}

func decodeVec(r *codec.Reader) physics.Vec {
	return physics.Vec{X: r.Float64(), Y: r.Float64()}
}

func encodeRGBA(w *codec.Writer, c color.RGBA) { w.Raw([]byte{c.R, c.G, c.B, c.A}) }

func decodeRGBA(r *codec.Reader) color.RGBA {
	return color.RGBA{r.Uint8(), r.Uint8(), r.Uint8(), r.Uint8()}
}

func encodeProps(w *codec.Writer, p Props) {
	w.Text(p.file)
	w.Text(p.where)
	w.Uvarint(uint64(len(p.p)))
	for _, q := range p.p {
		w.Text(q.Name)
		w.Text(q.Type)
		w.Text(q.Value)
	}
}

func decodeProps(r *codec.Reader) Props {
	p := Props{file: r.Text(), where: r.Text()}
	if n := r.Count(3); n > 0 {
		p.p = make(tmx.Properties, n)
		for i := range p.p {
			p.p[i] = &tmx.Property{Name: r.Text(), Type: r.Text(), Value: r.Text()}
		}
	}
	return p
}

// Shapes by kind.
const (
	bakedNoShape = iota
	bakedCircle
	bakedRect
	bakedPolygon
)

func encodeShape(w *codec.Writer, s physics.Shape) {
	switch b := s.Bounds(); {
	case s.IsCircle():
		w.Uint8(bakedCircle)
		w.Float64(s.Radius())
	case s.Points() != nil:
		w.Uint8(bakedPolygon)
		pts := s.Points()
		w.Uvarint(uint64(len(pts)))
		for _, p := range pts {
			encodeVec(w, p)
		}
	case b != physics.Bounds{}:
		w.Uint8(bakedRect)
		encodeVec(w, b.Max.Sub(b.Min))
	default:
		w.Uint8(bakedNoShape)
	}
}

func decodeShape(r *codec.Reader) physics.Shape {
	switch r.Uint8() {
	case bakedCircle:
		return physics.Circle(r.Float64())
	case bakedRect:
		v := decodeVec(r)
		return physics.Rect(v.X, v.Y)
	case bakedPolygon:
		pts := make([]physics.Vec, r.Count(16))
		for i := range pts {
			pts[i] = decodeVec(r)
		}
		return physics.Polygon(pts...)
	}
	return physics.Shape{}
}

func encodeImages(w *codec.Writer, imgs []render.Image) {
	w.Uvarint(uint64(len(imgs)))
	for i := range imgs {
		imgs[i].Encode(w)
	}
}

// decodeImages reads images written by encodeImages; the first error is
// kept in *err.
func decodeImages(r *codec.Reader, err *error) []render.Image {
	n := r.Count(1)
	if n == 0 {
		return nil
	}
	imgs := make([]render.Image, n)
	for i := range imgs {
		decodeImage(r, &imgs[i], err)
	}
	return imgs
}

func decodeImage(r *codec.Reader, img *render.Image, err *error) {
	if e := img.Decode(r); e != nil && *err == nil {
		*err = e
	}
}

// encodeMap writes everything of m but TMX.
func encodeMap(w *codec.Writer, m *Map) {
	w.Text(m.File)
	for _, f := range []float64{m.Width, m.Height, m.MinX, m.MinY} {
		w.Float64(f)
	}
	w.Int(m.TileW)
	w.Int(m.TileH)
	encodeProps(w, m.Props)
	encodeVec(w, m.ParallaxOrigin)

	w.Uvarint(uint64(len(m.layers)))
	for i := range m.layers {
		l := &m.layers[i]
		w.Text(l.name)
		for _, v := range []int{l.x0, l.y0, l.w, l.h, l.layer, l.maxW, l.maxH, l.pad} {
			w.Int(v)
		}
		w.Uvarint(uint64(len(l.cells)))
		for _, c := range l.cells {
			w.Uint32(c)
		}
		encodeVec(w, l.parallax)
		encodeVec(w, l.offset)
		encodeRGBA(w, l.tint)
		encodeRGBA(w, l.solid)
	}

	w.Uvarint(uint64(len(m.tiles)))
	for i := range m.tiles {
		c := &m.tiles[i]
		c.img.Encode(w)
		w.Int(int(c.anim))
		w.Int(int(c.dx))
		w.Int(int(c.dy))
		w.Int(int(c.set))
		w.Uvarint(uint64(c.id))
		w.Bool(c.opaque)
	}

	w.Uvarint(uint64(len(m.images)))
	for i := range m.images {
		l := &m.images[i]
		l.img.Encode(w)
		encodeVec(w, l.offset)
		encodeVec(w, l.parallax)
		w.Int(l.layer)
		encodeRGBA(w, l.tint)
		w.Bool(l.repeatX)
		w.Bool(l.repeatY)
	}

	w.Uvarint(uint64(len(m.anims)))
	for i := range m.anims {
		a := &m.anims[i]
		encodeImages(w, a.frames)
		w.Uvarint(uint64(len(a.durs)))
		for _, d := range a.durs {
			w.Float64(d)
		}
		w.Float64(a.total)
		a.cur.Encode(w)
		w.Uvarint(uint64(len(a.opaque)))
		for _, o := range a.opaque {
			w.Bool(o)
		}
		w.Bool(a.curOpaque)
	}

	w.Uvarint(uint64(len(m.objects)))
	for i := range m.objects {
		o := &m.objects[i]
		w.Uvarint(uint64(o.ID))
		w.Text(o.Name)
		w.Text(o.Class)
		w.Text(o.Layer)
		for _, f := range []float64{o.X, o.Y, o.W, o.H, o.Rotation} {
			w.Float64(f)
		}
		w.Uint8(uint8(o.Kind))
		w.Uvarint(uint64(len(o.Points)))
		for _, p := range o.Points {
			encodeVec(w, p)
		}
		o.Image.Encode(w)
		w.Bool(o.FlipH)
		w.Bool(o.FlipV)
		w.Bool(o.Hidden)
		encodeProps(w, o.Props)
	}

	w.Uvarint(uint64(len(m.solids)))
	for _, s := range m.solids {
		encodeVec(w, s.Pos)
		encodeShape(w, s.Shape)
		w.Bool(s.OneWay)
	}
}

// decodeMap reads a map written by encodeMap, its images loaded.
func decodeMap(r *codec.Reader) (*Map, error) {
	var err error
	m := &Map{File: r.Text()}
	m.Width, m.Height, m.MinX, m.MinY = r.Float64(), r.Float64(), r.Float64(), r.Float64()
	m.TileW, m.TileH = r.Int(), r.Int()
	m.Props = decodeProps(r)
	m.ParallaxOrigin = decodeVec(r)

	if n := r.Count(8); n > 0 {
		m.layers = make([]tileLayer, n)
	}
	for i := range m.layers {
		l := &m.layers[i]
		l.name = r.Text()
		for _, v := range []*int{&l.x0, &l.y0, &l.w, &l.h, &l.layer, &l.maxW, &l.maxH, &l.pad} {
			*v = r.Int()
		}
		if n := r.Count(4); n > 0 {
			l.cells = make([]uint32, n)
			for k := range l.cells {
				l.cells[k] = r.Uint32()
			}
		}
		if len(l.cells) != l.w*l.h && r.Err() == nil {
			return nil, fmt.Errorf("layer %q: %d cells for %dx%d", l.name, len(l.cells), l.w, l.h)
		}
		l.parallax, l.offset = decodeVec(r), decodeVec(r)
		l.tint, l.solid = decodeRGBA(r), decodeRGBA(r)
	}

	if n := r.Count(6); n > 0 {
		m.tiles = make([]cell, n)
	}
	for i := range m.tiles {
		c := &m.tiles[i]
		decodeImage(r, &c.img, &err)
		c.anim, c.dx, c.dy, c.set = int32(r.Int()), int16(r.Int()), int16(r.Int()), int32(r.Int())
		c.id = uint32(r.Uvarint())
		c.opaque = r.Bool()
	}

	if n := r.Count(8); n > 0 {
		m.images = make([]imageLayer, n)
	}
	for i := range m.images {
		l := &m.images[i]
		decodeImage(r, &l.img, &err)
		l.offset, l.parallax = decodeVec(r), decodeVec(r)
		l.layer = r.Int()
		l.tint = decodeRGBA(r)
		l.repeatX, l.repeatY = r.Bool(), r.Bool()
	}

	if n := r.Count(4); n > 0 {
		m.anims = make([]anim, n)
	}
	for i := range m.anims {
		a := &m.anims[i]
		a.frames = decodeImages(r, &err)
		if n := r.Count(8); n > 0 {
			a.durs = make([]float64, n)
			for k := range a.durs {
				a.durs[k] = r.Float64()
			}
		}
		a.total = r.Float64()
		decodeImage(r, &a.cur, &err)
		if n := r.Count(1); n > 0 {
			a.opaque = make([]bool, n)
			for k := range a.opaque {
				a.opaque[k] = r.Bool()
			}
		}
		a.curOpaque = r.Bool()
		if r.Err() == nil && (len(a.durs) != len(a.frames) || len(a.frames) == 0) {
			return nil, fmt.Errorf("animated tile %d: %d frames, %d durations", i, len(a.frames), len(a.durs))
		}
	}

	if n := r.Count(16); n > 0 {
		m.objects = make([]Object, n)
	}
	for i := range m.objects {
		o := &m.objects[i]
		o.ID = uint32(r.Uvarint())
		o.Name, o.Class, o.Layer = r.Text(), r.Text(), r.Text()
		o.X, o.Y, o.W, o.H, o.Rotation = r.Float64(), r.Float64(), r.Float64(), r.Float64(), r.Float64()
		o.Kind = ObjectKind(r.Uint8())
		if n := r.Count(16); n > 0 {
			o.Points = make([]physics.Vec, n)
			for k := range o.Points {
				o.Points[k] = decodeVec(r)
			}
		}
		decodeImage(r, &o.Image, &err)
		o.FlipH, o.FlipV, o.Hidden = r.Bool(), r.Bool(), r.Bool()
		o.Props = decodeProps(r)
	}

	if n := r.Count(18); n > 0 {
		m.solids = make([]Solid, n)
	}
	for i := range m.solids {
		s := &m.solids[i]
		s.Pos = decodeVec(r)
		s.Shape = decodeShape(r)
		s.OneWay = r.Bool()
	}
	if e := r.Err(); e != nil {
		return nil, e
	}
	if err != nil {
		return nil, err
	}
	for i, c := range m.tiles {
		if c.anim < 0 || int(c.anim) > len(m.anims) {
			return nil, fmt.Errorf("tile %d: animation %d of %d", i, c.anim, len(m.anims))
		}
	}
	for _, l := range m.layers {
		for _, gid := range l.cells {
			if id := gid &^ flips; int(id) >= len(m.tiles) {
				return nil, fmt.Errorf("layer %q: tile %d of %d", l.name, id, len(m.tiles))
			}
		}
	}
	return m, nil
}
