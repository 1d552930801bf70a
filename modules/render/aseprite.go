package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
)

// Aseprite is a sprite sheet exported by Aseprite (File > Export Sprite
// Sheet, with JSON data), loaded by [LoadAseprite]: its frames, in the
// order of the export, and one [Clip] per tag.
type Aseprite struct {
	// Sheet holds the frames in export order: Sheet.Frame(i) is frame i.
	Sheet *Sheet
	// Clips holds a clip per tag, by the tag's name: the tag's frames
	// with their durations, played forward, reversed, or ping-pong as
	// the tag's direction says. A tag with repeat 1 plays Once; other
	// tags Loop (or ping-pong forever).
	Clips map[string]*Clip
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
	Frame struct {
		X, Y, W, H int
	} `json:"frame"`
	Rotated  bool `json:"rotated"`
	Duration int  `json:"duration"`
}

// LoadAseprite reads the JSON that Aseprite exports with a sprite sheet
// (the "Array" or the "Hash" form; with the hash form, frames keep the
// file's order) and loads the sheet's image, which the JSON names in
// meta.image, relative to the JSON file. It uses only the standard
// library. Every error names the file: a missing file, JSON that is not
// an Aseprite export, a rotated frame (turn off "rotated" packing), a
// frame outside the image, a tag out of range or with an unknown
// direction.
func LoadAseprite(fsys fs.FS, file string) (*Aseprite, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("render: Aseprite sheet %q: "+format, append([]any{file}, args...)...)
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fail("%v", err)
	}
	var doc struct {
		Frames json.RawMessage `json:"frames"`
		Meta   struct {
			Image     string `json:"image"`
			FrameTags []struct {
				Name      string `json:"name"`
				From      int    `json:"from"`
				To        int    `json:"to"`
				Direction string `json:"direction"`
				Repeat    string `json:"repeat"`
			} `json:"frameTags"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fail("not an Aseprite JSON export: %v", err)
	}
	frames, err := asepriteFrames(doc.Frames)
	if err != nil {
		return nil, fail("%v", err)
	}
	if len(frames) == 0 || doc.Meta.Image == "" {
		return nil, fail("no frames or no meta.image; export it from Aseprite with File > Export Sprite Sheet and JSON data")
	}
	img, err := LoadImage(fsys, path.Join(path.Dir(file), doc.Meta.Image))
	if err != nil {
		return nil, fail("%v", err)
	}
	a := &Aseprite{Sheet: &Sheet{}, Clips: map[string]*Clip{}}
	durs := make([]float64, len(frames))
	for i, f := range frames {
		if f.Rotated {
			return nil, fail("frame %d is rotated; export without rotated packing", i)
		}
		r := f.Frame
		sub, err := img.Sub(r.X, r.Y, r.W, r.H)
		if err != nil {
			return nil, fail("frame %d: %v", i, err)
		}
		a.Sheet.frames = append(a.Sheet.frames, sub)
		durs[i] = float64(f.Duration) / 1000
		if !(durs[i] > 0) {
			return nil, fail("frame %d lasts %d ms; durations must be positive", i, f.Duration)
		}
	}
	for _, t := range doc.Meta.FrameTags {
		if t.From < 0 || t.To >= len(frames) || t.From > t.To {
			return nil, fail("tag %q spans frames %d to %d, outside the %d frames", t.Name, t.From, t.To, len(frames))
		}
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
		if t.Repeat == "1" {
			c.Mode = Once
		}
		a.Clips[t.Name] = c
	}
	return a, nil
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
		if _, err := dec.Token(); err != nil { // the frame's name
			return nil, err
		}
		var f asepriteFrame
		if err := dec.Decode(&f); err != nil {
			return nil, err
		}
		frames = append(frames, f)
	}
	return frames, nil
}
