package render

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"io/fs"
	"path"
	"strings"

	"github.com/gluekit/glue/codec"
)

// Baked Aseprite sheets: an Aseprite JSON export parsed at build time
// into glue's binary encoding (package codec), which a game reads
// without encoding/json. Ebitengine links encoding/json's encoder but
// not its decoder, so a game that loads only baked sheets leaves the
// decoder out of its WebAssembly download.
//
// A baked file is:
//
//	"glue aseprite 1\n"                 the magic and the format version
//	text   the JSON file's name         (its base name: it lies next to the baked file)
//	uint32 the JSON file's CRC-32 (IEEE)
//	frames, meta.image, tags, slices    as bakeAseprite writes them
//	uint32 the CRC-32 of all the bytes before it

// bakedAsepriteMagic starts every baked Aseprite sheet: the prefix, then
// the format's version on the rest of the line.
const (
	bakedAsepritePrefix  = "glue aseprite "
	bakedAsepriteVersion = "1"
	bakedAsepriteMagic   = bakedAsepritePrefix + bakedAsepriteVersion + "\n"
)

// The presence bits of a slice key's rectangles.
const (
	bakedBounds = 1 << iota
	bakedCenter
	bakedPivot
)

// BakeAseprite reads the JSON that Aseprite exports with a sprite sheet,
// as [LoadAseprite] does, and returns it baked: parsed into a compact
// binary file that [LoadBakedAseprite] reads without encoding/json. A
// game that loads its sheets only baked leaves Go's JSON decoder out of
// its program (some 30 KB of a minimal game's WebAssembly download,
// brotli-compressed; more in a larger one); the baked file is also
// smaller than the JSON and faster to read.
//
// Games bake their sheets with go generate: in the package that embeds
// the sheet,
//
//	//go:generate go run github.com/gluekit/glue/cmd/gluebake sprites.json
//
// writes sprites.json.baked next to sprites.json, and the game loads it
// with LoadBakedAseprite(fsys, "sprites.json.baked", nil). The baked file
// records the JSON's name and a CRC-32 of its bytes, so that a load that
// finds the JSON changed asks for it to be baked again.
//
// BakeAseprite needs no running game and reads no image: it fails on
// what LoadAseprite would fail on that the JSON alone shows (not an
// Aseprite export, no frames, a rotated frame, a trimmed frame outside
// its source size, a duration that is not positive, a bad tag, a bad
// slice, two tags or slices of the same name), with LoadAseprite's
// message. What needs the image — the image itself, frames inside it —
// and meta.image, which [AsepriteOptions].Image may replace, are checked
// when the baked sheet is loaded; warnings are given then too.
func BakeAseprite(fsys fs.FS, file string) ([]byte, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("render: Aseprite sheet %q: %v", file, err)
	}
	doc, err := parseAsepriteJSON(file, data)
	if err != nil {
		return nil, err
	}
	if _, err := buildAseprite(fsys, file, doc, nil, false); err != nil {
		return nil, err
	}
	w := codec.NewWriter(make([]byte, 0, 64+len(data)/4))
	w.Raw([]byte(bakedAsepriteMagic))
	w.Text(path.Base(file))
	w.Uint32(crc32.ChecksumIEEE(data))
	bakeAseprite(w, doc)
	w.Uint32(crc32.ChecksumIEEE(w.Data()))
	return w.Data(), nil
}

// bakeAseprite writes the parsed sheet; readBakedAseprite reads it back.
func bakeAseprite(w *codec.Writer, doc *asepriteDoc) {
	w.Uvarint(uint64(len(doc.Frames)))
	for _, f := range doc.Frames {
		w.Text(f.Filename)
		w.Text(f.key)
		w.Int(f.Frame.X)
		w.Int(f.Frame.Y)
		w.Int(f.Frame.W)
		w.Int(f.Frame.H)
		w.Bool(f.Rotated)
		w.Bool(f.Trimmed)
		w.Int(f.SpriteSourceSize.X)
		w.Int(f.SpriteSourceSize.Y)
		w.Int(f.SpriteSourceSize.W)
		w.Int(f.SpriteSourceSize.H)
		w.Int(f.SourceSize.W)
		w.Int(f.SourceSize.H)
		w.Int(f.Duration)
	}
	w.Text(doc.Image)
	w.Uvarint(uint64(len(doc.Tags)))
	for _, t := range doc.Tags {
		w.Text(t.Name)
		w.Int(t.From)
		w.Int(t.To)
		w.Text(t.Direction)
		w.Text(t.Repeat)
	}
	w.Uvarint(uint64(len(doc.Slices)))
	for _, s := range doc.Slices {
		w.Text(s.Name)
		w.Text(s.Data)
		w.Uvarint(uint64(len(s.Keys)))
		for _, k := range s.Keys {
			w.Int(k.Frame)
			var has uint8
			if k.Bounds != nil {
				has |= bakedBounds
			}
			if k.Center != nil {
				has |= bakedCenter
			}
			if k.Pivot != nil {
				has |= bakedPivot
			}
			w.Uint8(has)
			for _, r := range []*jsonRect{k.Bounds, k.Center} {
				if r != nil {
					w.Int(r.X)
					w.Int(r.Y)
					w.Int(r.W)
					w.Int(r.H)
				}
			}
			if p := k.Pivot; p != nil {
				w.Int(p.X)
				w.Int(p.Y)
			}
		}
	}
}

// readBakedAseprite reads what bakeAseprite wrote; the caller checks
// r.Err().
func readBakedAseprite(r *codec.Reader) *asepriteDoc {
	doc := &asepriteDoc{}
	// Each count is checked against the bytes left (at least 15 a frame,
	// 5 a tag, 3 a slice, 2 a key) before anything is allocated.
	doc.Frames = make([]asepriteFrame, r.Count(15))
	for i := range doc.Frames {
		f := &doc.Frames[i]
		f.Filename = r.Text()
		f.key = r.Text()
		f.Frame.X, f.Frame.Y, f.Frame.W, f.Frame.H = r.Int(), r.Int(), r.Int(), r.Int()
		f.Rotated = r.Bool()
		f.Trimmed = r.Bool()
		ss := &f.SpriteSourceSize
		ss.X, ss.Y, ss.W, ss.H = r.Int(), r.Int(), r.Int(), r.Int()
		f.SourceSize.W, f.SourceSize.H = r.Int(), r.Int()
		f.Duration = r.Int()
	}
	doc.Image = r.Text()
	if n := r.Count(5); n > 0 {
		doc.Tags = make([]asepriteTag, n)
	}
	for i := range doc.Tags {
		t := &doc.Tags[i]
		t.Name = r.Text()
		t.From, t.To = r.Int(), r.Int()
		t.Direction = r.Text()
		t.Repeat = r.Text()
	}
	if n := r.Count(3); n > 0 {
		doc.Slices = make([]asepriteSlice, n)
	}
	for i := range doc.Slices {
		s := &doc.Slices[i]
		s.Name = r.Text()
		s.Data = r.Text()
		if n := r.Count(2); n > 0 {
			s.Keys = make([]asepriteSliceKey, n)
		}
		for j := range s.Keys {
			k := &s.Keys[j]
			k.Frame = r.Int()
			has := r.Uint8()
			if has&^(bakedBounds|bakedCenter|bakedPivot) != 0 {
				r.Fail(fmt.Errorf("slice %q: key %d has unknown parts %#x", s.Name, j, has))
			}
			if has&bakedBounds != 0 {
				k.Bounds = &jsonRect{r.Int(), r.Int(), r.Int(), r.Int()}
			}
			if has&bakedCenter != 0 {
				k.Center = &jsonRect{r.Int(), r.Int(), r.Int(), r.Int()}
			}
			if has&bakedPivot != 0 {
				k.Pivot = &jsonPoint{r.Int(), r.Int()}
			}
		}
	}
	return doc
}

// LoadBakedAseprite loads a sprite sheet baked by [BakeAseprite] (with
// go generate: see there), as [LoadAsepriteOptions] loads the JSON it was
// baked from: it returns the same [Aseprite] — frames, names, clips,
// slices, warnings — loads the same image (meta.image relative to the
// baked file, or opts.Image), and fails with the same errors, which name
// the JSON file, as LoadAseprite's do. It does not use encoding/json, so
// a game that loads all its sheets with it links no JSON decoder.
//
// If fsys holds the JSON the sheet was baked from (by the name the baked
// file records, in the baked file's directory) and the JSON has changed
// since, LoadBakedAseprite fails and says to bake it again; a game that
// ships only the baked file skips that check (the JSON missing, or not
// readable, is no error; from an [HTTPFS] the check costs a request for
// the JSON). A baked file that is not
// one, is damaged, or was written in another format version fails too,
// with an error that names it and says to bake it again.
func LoadBakedAseprite(fsys fs.FS, file string, opts *AsepriteOptions) (*Aseprite, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("render: Aseprite sheet %q: %v", file, err)
	}
	jsonName, doc, err := decodeBakedAseprite(data)
	if err != nil {
		if jsonName == "" {
			jsonName = strings.TrimSuffix(path.Base(file), ".baked")
		}
		return nil, fmt.Errorf("render: Aseprite sheet %q: %v; bake it again: go generate (gluebake %s)", file, err, jsonName)
	}
	jsonFile := path.Join(path.Dir(file), jsonName)
	if js, err := fs.ReadFile(fsys, jsonFile); err == nil && crc32.ChecksumIEEE(js) != doc.crc {
		return nil, fmt.Errorf("render: Aseprite sheet %q: %s changed after it was baked; bake it again: go generate (gluebake %s)", file, jsonName, jsonName)
	}
	return buildAseprite(fsys, jsonFile, &doc.asepriteDoc, opts, true)
}

// bakedAseprite is a decoded baked sheet: the sheet and the CRC-32 of
// the JSON it was baked from.
type bakedAseprite struct {
	asepriteDoc
	crc uint32
}

// decodeBakedAseprite decodes a baked sheet. It returns the name of the
// JSON it was baked from as soon as it is known, for errors.
func decodeBakedAseprite(data []byte) (jsonName string, doc *bakedAseprite, err error) {
	if !bytes.HasPrefix(data, []byte(bakedAsepritePrefix)) {
		return "", nil, fmt.Errorf("not a baked Aseprite sheet (it does not start with %q)", bakedAsepriteMagic)
	}
	if !bytes.HasPrefix(data, []byte(bakedAsepriteMagic)) {
		version, _, ok := strings.Cut(string(data[len(bakedAsepritePrefix):min(len(data), len(bakedAsepritePrefix)+20)]), "\n")
		if !ok {
			return "", nil, fmt.Errorf("the file is damaged: its header %q is cut short or too long", data[:min(len(data), len(bakedAsepritePrefix)+20)])
		}
		return "", nil, fmt.Errorf("baked in format %q, and this glue reads format %s", version, bakedAsepriteVersion)
	}
	body := data[len(bakedAsepriteMagic):]
	if len(body) < 4 {
		return "", nil, fmt.Errorf("the file is damaged: truncated after its header")
	}
	sum := codec.NewReader(body[len(body)-4:]).Uint32()
	if crc32.ChecksumIEEE(data[:len(data)-4]) != sum {
		return "", nil, fmt.Errorf("the file is damaged (its checksum does not match)")
	}
	r := codec.NewReader(body[:len(body)-4])
	name := r.Text()
	if r.Err() != nil || !fs.ValidPath(name) || strings.ContainsAny(name, "/\\") || name == "." {
		return "", nil, fmt.Errorf("the file is damaged: it names the JSON %q", name)
	}
	jsonName = name
	doc = &bakedAseprite{crc: r.Uint32()}
	doc.asepriteDoc = *readBakedAseprite(r)
	if err := r.Err(); err != nil {
		return jsonName, nil, fmt.Errorf("the file is damaged: %v", err)
	}
	if r.Len() != 0 {
		return jsonName, nil, fmt.Errorf("the file is damaged: bytes left over after the sheet (%d)", r.Len())
	}
	return jsonName, doc, nil
}
