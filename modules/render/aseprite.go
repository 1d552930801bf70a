package render

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"image"
	"io/fs"
	"log"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Aseprite is a sprite sheet exported by Aseprite (File > Export Sprite
// Sheet, with JSON data), loaded by [LoadAseprite]: its frames, in the
// order of the export, and one [Clip] per tag.
type Aseprite struct {
	// Sheet holds the frames in export order: Sheet.Frame(i) is frame i,
	// and Sheet.Named (or Sheet.Index) finds a frame by its filename in
	// the JSON ("hero 0.aseprite" with Aseprite's default filename format
	// "{title} {frame}.{extension}"; the frame's key in the hash form).
	Sheet *Sheet
	// Clips holds a clip per tag, by the tag's name: the tag's frames
	// with their durations, played forward, reversed, or ping-pong as
	// the tag's direction says. A tag with repeat 1 plays Once, with
	// repeat N it plays N times ([Clip.Repeat]); other tags Loop (or
	// ping-pong forever).
	Clips map[string]*Clip
	// Slices holds the sprite's slices (Aseprite's Slice tool), by name:
	// nine-slice panels (see [Aseprite.SliceImage] and ui.NineSliceOf),
	// hitboxes ([SliceKey.Rect]) and pivots.
	Slices map[string]*Slice
	// Warnings are what loaded but looks wrong, each also passed to
	// [AsepriteOptions].Warn: a tag whose frames belong to more than one
	// sprite of a batch export.
	Warnings []string
}

// AsepriteOptions are the options of [LoadAsepriteOptions]; nil means
// the defaults.
type AsepriteOptions struct {
	// Image is the path in the file system of the sheet's image, used
	// instead of the JSON's meta.image (which Aseprite writes relative to
	// where it exported, often a path of the artist's machine). The
	// default (empty) value reads meta.image, relative to the JSON file.
	Image string
	// Warn receives each warning (see [Aseprite].Warnings). The default
	// (nil) logs them with the log package.
	Warn func(msg string)
}

// Clip returns the clip of the named tag, or an error listing the tags.
func (a *Aseprite) Clip(tag string) (*Clip, error) {
	if c := a.Clips[tag]; c != nil {
		return c, nil
	}
	names := make([]string, 0, len(a.Clips))
	for n := range a.Clips {
		names = append(names, strconv.Quote(n))
	}
	slices.Sort(names)
	return nil, fmt.Errorf("render: the sheet has no tag %q; its tags are %v", tag, names)
}

type asepriteFrame struct {
	Filename string `json:"filename"`
	// key is the frame's key in the hash form ("" in the array form),
	// its name when it has no filename.
	key   string
	Frame struct {
		X, Y, W, H int
	} `json:"frame"`
	Rotated          bool `json:"rotated"`
	Trimmed          bool `json:"trimmed"`
	SpriteSourceSize struct {
		X, Y, W, H int
	} `json:"spriteSourceSize"`
	SourceSize struct {
		W, H int
	} `json:"sourceSize"`
	Duration int `json:"duration"`
}

// LoadAseprite reads the JSON that Aseprite exports with a sprite sheet
// (the "Array" or the "Hash" form; with the hash form, frames keep the
// file's order) and loads the sheet's image, which the JSON names in
// meta.image, relative to the JSON file, as [LoadImage] does. It uses
// only the standard library. Every error
// names the file: a missing file, JSON that is not an Aseprite export, a
// rotated frame (turn off "rotated" packing), a frame outside the image,
// a tag out of range, reversed (from after to), with an unknown direction
// or with the name of another tag, two slices of the same name, a slice
// with a key outside the frames or a nine-slice centre outside its
// bounds.
//
// A trimmed frame (exported with "Trim Sprite" or "Trim Cels") is put
// back at its place in its untrimmed size (spriteSourceSize inside
// sourceSize), so that frames of different trims line up as in
// Aseprite.
//
// A game for the browser loads its sheets baked instead: [BakeAseprite]
// parses the JSON at build time (go generate) and [LoadBakedAseprite]
// loads the result without encoding/json, whose decoder then stays out
// of the WebAssembly download.
func LoadAseprite(fsys fs.FS, file string) (*Aseprite, error) {
	return LoadAsepriteOptions(fsys, file, nil)
}

// LoadAsepriteOptions is [LoadAseprite] with options: the sheet's image
// named by the game, and where warnings go.
func LoadAsepriteOptions(fsys fs.FS, file string, opts *AsepriteOptions) (*Aseprite, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("render: Aseprite sheet %q: %v", file, err)
	}
	doc, err := parseAsepriteJSON(file, data)
	if err != nil {
		return nil, err
	}
	return buildAseprite(fsys, file, doc, opts, true)
}

// asepriteDoc is an Aseprite export, parsed: what [LoadAsepriteOptions]
// reads from the JSON and [LoadBakedAseprite] from a baked file, for
// buildAseprite.
type asepriteDoc struct {
	Frames []asepriteFrame
	Image  string // meta.image
	Tags   []asepriteTag
	Slices []asepriteSlice
}

// asepriteTag is a tag (meta.frameTags) as the JSON has it.
type asepriteTag struct {
	Name      string `json:"name"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	Direction string `json:"direction"`
	Repeat    string `json:"repeat"`
}

// parseAsepriteJSON parses data, Aseprite's JSON export read from file.
// It and asepriteFrames are the only code of LoadAsepriteOptions and
// BakeAseprite that uses encoding/json: LoadBakedAseprite must not reach
// them, so that a game that loads only baked sheets links no JSON
// decoder.
func parseAsepriteJSON(file string, data []byte) (*asepriteDoc, error) {
	fail := func(format string, args ...any) error { return sheetError(file, format, args...) }
	var doc struct {
		Frames json.RawMessage `json:"frames"`
		Meta   struct {
			Image     string          `json:"image"`
			FrameTags []asepriteTag   `json:"frameTags"`
			Slices    []asepriteSlice `json:"slices"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fail("not an Aseprite JSON export: %v", err)
	}
	frames, err := asepriteFrames(doc.Frames)
	if err != nil {
		return nil, fail("%v", err)
	}
	return &asepriteDoc{Frames: frames, Image: doc.Meta.Image, Tags: doc.Meta.FrameTags, Slices: doc.Meta.Slices}, nil
}

// sheetError is an error about the Aseprite sheet file. The loaders'
// fail closures call it rather than format the error themselves: a
// closure is inlined at each of its calls, and two dozen copies of the
// formatting were some 10 KB of the browser build (issue #40).
//
//go:noinline
func sheetError(file, format string, args ...any) error {
	return fmt.Errorf("render: Aseprite sheet %q: "+format, append([]any{file}, args...)...)
}

// buildAseprite checks doc, the parsed Aseprite sheet file, and makes its
// Aseprite, loading its image from fsys (opts.Image, or doc.Image
// relative to file), with messages that name file. With load false
// (BakeAseprite) it makes the checks that need no image, in the same
// order, and loads nothing: no image is read, frames are zero Images,
// and warnings go only to the result's Warnings. It uses no
// encoding/json.
func buildAseprite(fsys fs.FS, file string, doc *asepriteDoc, opts *AsepriteOptions, load bool) (*Aseprite, error) {
	if opts == nil {
		opts = &AsepriteOptions{}
	}
	fail := func(format string, args ...any) error { return sheetError(file, format, args...) }
	frames := doc.Frames
	imgPath := opts.Image
	if imgPath == "" && load {
		// A sheet baked without meta.image may be loaded with
		// AsepriteOptions.Image: only a load can tell.
		if doc.Image == "" {
			return nil, fail("no meta.image; export it from Aseprite with File > Export Sprite Sheet and JSON data, or name the image with AsepriteOptions.Image")
		}
		imgPath = path.Join(path.Dir(file), doc.Image)
	}
	if len(frames) == 0 {
		return nil, fail("no frames; export it from Aseprite with File > Export Sprite Sheet and JSON data")
	}
	var (
		src image.Image
		img Image
	)
	if load {
		var err error
		src, err = decodeFile(fsys, imgPath)
		if err != nil {
			return nil, fail("%v", err)
		}
		imgs, err := addImages([]image.Image{src}, []string{imgPath}, true)
		if err != nil {
			return nil, fail("%v", err)
		}
		img = imgs[0]
	}
	a := &Aseprite{Sheet: &Sheet{}, Clips: map[string]*Clip{}, Slices: map[string]*Slice{}}
	warn := func(format string, args ...any) {
		msg := fmt.Sprintf("render: Aseprite sheet %q: "+format, append([]any{file}, args...)...)
		a.Warnings = append(a.Warnings, msg)
		switch {
		case !load:
		case opts.Warn != nil:
			opts.Warn(msg)
		default:
			log.Print(msg)
		}
	}
	durs := make([]float64, len(frames))
	for i, f := range frames {
		if f.Rotated {
			return nil, fail("frame %d is rotated; export without rotated packing", i)
		}
		r := f.Frame
		var sub Image
		if load {
			var err error
			sub, err = img.Sub(r.X, r.Y, r.W, r.H)
			if err != nil {
				return nil, fail("frame %d: %v", i, err)
			}
		}
		if ss, full := f.SpriteSourceSize, f.SourceSize; f.Trimmed && full.W > 0 && full.H > 0 && (ss.X != 0 || ss.Y != 0 || r.W != full.W || r.H != full.H) {
			// Put the trimmed pixels back at their place in the frame.
			if ss.X < 0 || ss.Y < 0 || ss.X+r.W > full.W || ss.Y+r.H > full.H {
				return nil, fail("frame %d: its %dx%d pixels at (%d, %d) do not fit its %dx%d source size", i, r.W, r.H, ss.X, ss.Y, full.W, full.H)
			}
			if load {
				whole := image.NewNRGBA(image.Rect(0, 0, full.W, full.H))
				// Pixel by pixel, not image/draw: render keeps that package out
				// of WebAssembly files (see premultiplied).
				o := src.Bounds().Min
				for y := range r.H {
					for x := range r.W {
						whole.Set(ss.X+x, ss.Y+y, src.At(o.X+r.X+x, o.Y+r.Y+y))
					}
				}
				placed, err := addImages([]image.Image{whole}, []string{fmt.Sprintf("%s frame %d", imgPath, i)}, false)
				if err != nil {
					return nil, fail("frame %d: %v", i, err)
				}
				sub = placed[0]
			}
		}
		a.Sheet.frames = append(a.Sheet.frames, sub)
		durs[i] = float64(f.Duration) / 1000
		if !(durs[i] > 0) {
			return nil, fail("frame %d lasts %d ms; durations must be positive", i, f.Duration)
		}
	}
	names := make([]string, len(frames))
	for i, f := range frames {
		names[i] = cmp.Or(f.Filename, f.key)
	}
	a.Sheet.setNames(names)
	tagged := map[string][2]int{} // tag name → its frames, for duplicates
	for _, t := range doc.Tags {
		if t.From < 0 || t.To < 0 || t.From >= len(frames) || t.To >= len(frames) {
			return nil, fail("tag %q spans frames %d to %d, outside the %d frames (0 to %d)", t.Name, t.From, t.To, len(frames), len(frames)-1)
		}
		if t.From > t.To {
			return nil, fail("tag %q spans frames %d to %d: its first frame comes after its last; a tag's \"from\" is its lowest frame (Aseprite plays a tag backwards by its direction, \"reverse\"), so re-export the sheet or fix the range", t.Name, t.From, t.To)
		}
		if prev, ok := tagged[t.Name]; ok {
			return nil, fail("two tags are named %q (frames %d to %d and %d to %d), and Clips holds one clip per name; give each tag its own name in Aseprite", t.Name, prev[0], prev[1], t.From, t.To)
		}
		tagged[t.Name] = [2]int{t.From, t.To}
		c := &Clip{Name: t.Name}
		for i := t.From; i <= t.To; i++ {
			c.Frames = append(c.Frames, a.Sheet.frames[i])
			c.Durations = append(c.Durations, durs[i])
		}
		switch t.Direction {
		case "forward", "":
		case "reverse":
			slices.Reverse(c.Frames)
			slices.Reverse(c.Durations)
		case "pingpong":
			c.Mode = PingPong
		case "pingpong_reverse":
			slices.Reverse(c.Frames)
			slices.Reverse(c.Durations)
			c.Mode = PingPong
		default:
			return nil, fail("tag %q has direction %q; Aseprite's are forward, reverse, pingpong and pingpong_reverse", t.Name, t.Direction)
		}
		if t.Repeat != "" && t.Repeat != "0" {
			n, err := strconv.Atoi(t.Repeat)
			if err != nil || n < 0 {
				return nil, fail("tag %q has repeat %q; it must be a whole number of plays", t.Name, t.Repeat)
			}
			if n == 1 {
				c.Mode = Once
			} else {
				c.Repeat = n
			}
		}
		if sprites := spritesOf(frames[t.From : t.To+1]); len(sprites) > 1 {
			warn("tag %q spans frames %d to %d, which belong to the sprites %s; in a batch export a tag's frames are its own sprite's (export the sprites one by one, or check the tag's range)", t.Name, t.From, t.To, strings.Join(sprites, " and "))
		}
		a.Clips[t.Name] = c
	}
	for _, sl := range doc.Slices {
		s, err := sl.slice(len(frames))
		if err != nil {
			return nil, fail("%v", err)
		}
		if a.Slices[s.Name] != nil {
			return nil, fail("two slices are named %q; give each slice its own name in Aseprite", s.Name)
		}
		a.Slices[s.Name] = s
	}
	return a, nil
}

// Slice is a slice of an Aseprite sprite, made with the Slice tool: a
// named rectangle of the sprite's frames, which may change from frame to
// frame, with an optional nine-slice centre and pivot. A game uses it as
// a panel's nine slices, a hitbox or a hand where a weapon goes.
type Slice struct {
	// Name is the slice's name in Aseprite.
	Name string
	// Data is the slice's user data ("" if none).
	Data string
	// Keys are the slice's rectangles by frame, in frame order: each
	// holds from its Frame until the next key's.
	Keys []SliceKey
}

// SliceKey is a slice's rectangle from one frame on.
type SliceKey struct {
	// Frame is the first frame the key holds for.
	Frame int
	// Bounds is the slice's rectangle in the sprite's frame (untrimmed),
	// in pixels.
	Bounds image.Rectangle
	// Center is the nine-slice centre, relative to Bounds' top-left
	// corner; empty when the slice has none.
	Center image.Rectangle
	// Pivot is the slice's pivot, relative to Bounds' top-left corner;
	// HasPivot says whether the slice has one.
	Pivot    image.Point
	HasPivot bool
}

// At returns the key that holds at the given frame: the last key whose
// Frame is not after it. ok is false before the slice's first key.
func (s *Slice) At(frame int) (k SliceKey, ok bool) {
	for _, key := range s.Keys {
		if key.Frame > frame {
			break
		}
		k, ok = key, true
	}
	return k, ok
}

// Rect returns the key's rectangle relative to a point of the frame —
// the sprite's origin in frame pixels (a 16×16 sprite drawn with
// OriginX 0.5 and OriginY 1 has its origin at (8, 16)) — so that a
// hitbox follows the sprite: physics.Box(physics.Vec{X: minX, Y: minY},
// physics.Vec{X: maxX, Y: maxY}) is a collider for a body at the
// sprite's position.
func (k SliceKey) Rect(originX, originY float64) (minX, minY, maxX, maxY float64) {
	return float64(k.Bounds.Min.X) - originX, float64(k.Bounds.Min.Y) - originY, float64(k.Bounds.Max.X) - originX, float64(k.Bounds.Max.Y) - originY
}

// Origin returns the pivot as fractions of the slice's size, for
// Sprite.OriginX and OriginY when drawing the slice's image with its
// pivot at the sprite's position; (0, 0) without a pivot.
func (k SliceKey) Origin() (x, y float64) {
	if !k.HasPivot || k.Bounds.Empty() {
		return 0, 0
	}
	return float64(k.Pivot.X) / float64(k.Bounds.Dx()), float64(k.Pivot.Y) / float64(k.Bounds.Dy())
}

// Slice returns the named slice, or an error listing the slices.
func (a *Aseprite) Slice(name string) (*Slice, error) {
	if s := a.Slices[name]; s != nil {
		return s, nil
	}
	names := make([]string, 0, len(a.Slices))
	for n := range a.Slices {
		names = append(names, strconv.Quote(n))
	}
	slices.Sort(names)
	return nil, fmt.Errorf("render: the sheet has no slice %q; its slices are %v", name, names)
}

// SliceImage returns the pixels of the named slice at a frame (a region
// of that frame's image) and the key that holds there.
func (a *Aseprite) SliceImage(name string, frame int) (Image, SliceKey, error) {
	s, err := a.Slice(name)
	if err != nil {
		return Image{}, SliceKey{}, err
	}
	k, ok := s.At(frame)
	if !ok {
		return Image{}, SliceKey{}, fmt.Errorf("render: slice %q has no key at frame %d; its first is at frame %d", name, frame, s.Keys[0].Frame)
	}
	f, err := a.Sheet.Frame(frame)
	if err != nil {
		return Image{}, SliceKey{}, err
	}
	img, err := f.Sub(k.Bounds.Min.X, k.Bounds.Min.Y, k.Bounds.Dx(), k.Bounds.Dy())
	if err != nil {
		return Image{}, SliceKey{}, fmt.Errorf("render: slice %q at frame %d: %v", name, frame, err)
	}
	return img, k, nil
}

// asepriteSlice is a slice as the JSON has it.
type asepriteSlice struct {
	Name string             `json:"name"`
	Data string             `json:"data"`
	Keys []asepriteSliceKey `json:"keys"`
}

// asepriteSliceKey is a slice's key as the JSON has it: nil for a part it
// does not have.
type asepriteSliceKey struct {
	Frame  int        `json:"frame"`
	Bounds *jsonRect  `json:"bounds"`
	Center *jsonRect  `json:"center"`
	Pivot  *jsonPoint `json:"pivot"`
}

type jsonRect struct{ X, Y, W, H int }

type jsonPoint struct{ X, Y int }

// slice checks a slice of a sprite of n frames and converts it.
func (sl asepriteSlice) slice(n int) (*Slice, error) {
	s := &Slice{Name: sl.Name, Data: sl.Data}
	if len(sl.Keys) == 0 {
		return nil, fmt.Errorf("slice %q has no keys", sl.Name)
	}
	for _, k := range sl.Keys {
		if k.Frame < 0 || k.Frame >= n {
			return nil, fmt.Errorf("slice %q has a key at frame %d, outside the %d frames", sl.Name, k.Frame, n)
		}
		if k.Bounds == nil || k.Bounds.W <= 0 || k.Bounds.H <= 0 {
			return nil, fmt.Errorf("slice %q at frame %d has no bounds, or empty ones", sl.Name, k.Frame)
		}
		key := SliceKey{Frame: k.Frame, Bounds: image.Rect(k.Bounds.X, k.Bounds.Y, k.Bounds.X+k.Bounds.W, k.Bounds.Y+k.Bounds.H)}
		if c := k.Center; c != nil {
			key.Center = image.Rect(c.X, c.Y, c.X+c.W, c.Y+c.H)
			if c.W <= 0 || c.H <= 0 || !key.Center.In(image.Rect(0, 0, k.Bounds.W, k.Bounds.H)) {
				return nil, fmt.Errorf("slice %q at frame %d: its nine-slice centre %v is not inside its %dx%d bounds", sl.Name, k.Frame, key.Center, k.Bounds.W, k.Bounds.H)
			}
		}
		if p := k.Pivot; p != nil {
			key.Pivot, key.HasPivot = image.Pt(p.X, p.Y), true
		}
		s.Keys = append(s.Keys, key)
	}
	// sort's, not slices': the core links it already, and a generic
	// stable sort is 7 KB of code per element type in the browser build.
	sort.SliceStable(s.Keys, func(i, j int) bool { return s.Keys[i].Frame < s.Keys[j].Frame })
	return s, nil
}

// spritesOf returns the sprites the frames come from, quoted, in order:
// in a batch export a frame's filename is "<sprite> <n>.<ext>" (the
// default "{title} {frame}.{extension}").
func spritesOf(frames []asepriteFrame) []string {
	var out []string
	for _, f := range frames {
		name := strings.TrimSuffix(f.Filename, path.Ext(f.Filename))
		if i := strings.LastIndexByte(name, ' '); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		if q := strconv.Quote(name); f.Filename != "" && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	return out
}

// asepriteFrames decodes "frames", an array or an object whose keys are
// frame names, keeping the file's order.
func asepriteFrames(raw json.RawMessage) ([]asepriteFrame, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, nil
	}
	var frames []asepriteFrame
	if raw[0] == '[' {
		err := json.Unmarshal(raw, &frames)
		return frames, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("frames is neither an array nor an object")
	}
	for dec.More() {
		key, err := dec.Token() // the frame's name
		if err != nil {
			return nil, err
		}
		var f asepriteFrame
		if err := dec.Decode(&f); err != nil {
			return nil, err
		}
		f.key, _ = key.(string)
		frames = append(frames, f)
	}
	return frames, nil
}
