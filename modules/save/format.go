package save

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// The file format (docs/save.md). A save file is a 24-byte header and a
// body:
//
//	header    = magic:"GLUESAVE" format:u16 flags:u16 length:u64 crc:u32
//	body      = game:text types resources groups
//	types     = n:uvarint schema*n
//	schema    = name:text version:u8 custom:bool m:uvarint (field:text kind:text)*m
//	resources = n:uvarint (type:uvarint payload:blob)*n
//	groups    = n:uvarint group*n
//	group     = m:uvarint type:uvarint*m k:uvarint (id:uvarint payload:blob*m)*k
//
// Fixed-size numbers are little-endian; text and blob are a uvarint
// length and the bytes (codec.Writer.Text, Blob). format is 2 and flags
// 0; length is the body's length and crc its CRC-32C (Castagnoli). The
// type table holds the schema (codec.Schema) of every type the game
// registered when it saved — also those no entity had — so that a later
// build reads old values by field name and knows which types the save
// predates; resources and groups refer to types by their index in it,
// in strictly increasing order. A group is entities with the same saved
// types, in the order the world stored them (archetype by archetype);
// an entity is its id when saved (a glue.Entity, non-zero, unique in the
// file) and one payload per type, each encoded by the type's codec.
// Entity references inside payloads are saved ids (codec.Writer.Entity).
// Format 1 (glue before derived codecs) had no schemas; it is refused
// with ErrFormat.
const (
	magic        = "GLUESAVE"
	formatV2     = 2
	headerSize   = 24
	maxNameBytes = 1 << 10
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// The kinds of save and load errors: every error a save or load reports
// wraps one of them (test with errors.Is) and says more — the file and
// what is wrong with it. [Reason] turns them into a line for the player.
var (
	// ErrNotFound: there is no save of that name (a first run).
	ErrNotFound = errors.New("no such save")
	// ErrStorage: the store could not write or read the save — no
	// place for saves, a disk error, permissions. Full storage is also
	// ErrFull.
	ErrStorage = errors.New("save storage unavailable")
	// ErrFull: the disk or the browser's storage quota is full (also
	// ErrStorage).
	ErrFull = errors.New("save storage full")
	// ErrNotSave: the data is not a glue save file (wrong magic).
	ErrNotSave = errors.New("not a glue save file")
	// ErrFormat: the file is of a format version this build cannot read:
	// an older one (format 1, before derived codecs) or a newer one
	// (also ErrNewer).
	ErrFormat = errors.New("unsupported save format")
	// ErrNewer: the file was written by a newer glue or game build: of
	// a newer format (also ErrFormat), or holding a type of a newer
	// codec.Version than this build's.
	ErrNewer = errors.New("save file of a newer version")
	// ErrTruncated: the file is shorter than its header says.
	ErrTruncated = errors.New("save file truncated")
	// ErrCorrupt: the checksum does not match, the structure is invalid,
	// or a value does not decode.
	ErrCorrupt = errors.New("save file corrupt")
	// ErrForeign: the file was written by another game.
	ErrForeign = errors.New("save file of another game")
	// ErrTypes: a type's values cannot be read by this build: its codec
	// is written by hand and has another version, or a migration
	// failed.
	ErrTypes = errors.New("save file's types do not match the game's")
)

// Reason returns a short line for the player (at most 24 characters, to
// fit a HUD) saying why a save or load failed: "Storage is full",
// "Save from newer version", "Save file is damaged", … It returns ""
// for nil.
func Reason(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrNotFound):
		return "No save yet"
	case errors.Is(err, ErrFull):
		return "Storage is full"
	case errors.Is(err, ErrStorage):
		return "Storage unavailable"
	case errors.Is(err, ErrNewer):
		return "Save from newer version"
	case errors.Is(err, ErrFormat):
		return "Save from old version"
	case errors.Is(err, ErrForeign), errors.Is(err, ErrNotSave):
		return "Not a save of this game"
	case errors.Is(err, ErrTypes):
		return "Save doesn't fit game"
	case errors.Is(err, ErrCorrupt), errors.Is(err, ErrTruncated):
		return "Save file is damaged"
	}
	return "Failed (see the log)"
}

// spec is what a save file is written and read against: the game's name,
// its registry and the resources it saves.
type spec struct {
	game      string
	reg       *codec.Registry
	resources []glue.Type
}

// saves reports whether t is a saved resource type.
func (s *spec) saves(t glue.Type) bool { return slices.Contains(s.resources, t) }

// encode writes the world to a save file. It returns the file and the
// number of entities saved. An encoder that panics is an error naming its
// type.
func encode(w *glue.World, s *spec) (data []byte, ents int, err error) {
	var cur *codec.Codec
	defer func() {
		if p := recover(); p != nil {
			name := "a codec"
			if cur != nil {
				name = "the encoder of " + cur.Name()
			}
			data, ents, err = nil, 0, fmt.Errorf("%s panicked: %v", name, p)
		}
	}()
	// Every registered type, by name: the table says which types the
	// game saved, also those no entity had.
	types := s.reg.Codecs()
	index := make(map[*codec.Codec]int, len(types))
	for i, c := range types {
		index[c] = i
	}
	indexOf := func(c *codec.Codec) int { return index[c] }

	// Resources, by type index.
	type res struct {
		t int
		v any
	}
	var rs []res
	for _, t := range s.resources {
		if v := w.Resource(t); v != nil {
			rs = append(rs, res{indexOf(s.reg.ByType(t)), v})
		}
	}
	// sort.Slice, not slices.SortFunc: sort's is linked already (codec
	// sorts with it), slices' would be compiled for res alone (issue
	// #40: 21 KB of code in breakout.wasm). Type indices are unique.
	sort.Slice(rs, func(i, j int) bool { return rs[i].t < rs[j].t })

	// Entities, grouped by their saved types, in storage order.
	type group struct {
		types []int // type indices, increasing
		cs    []*codec.Codec
		ents  []glue.Entity
	}
	var groups []*group
	var g *group
	var saved []int
	w.Each(func(e glue.Entity, ts []glue.Type) {
		saved = saved[:0]
		for _, t := range ts {
			if c := s.reg.ByType(t); c != nil {
				saved = append(saved, indexOf(c))
			}
		}
		if len(saved) == 0 {
			return
		}
		slices.Sort(saved)
		if g == nil || !slices.Equal(g.types, saved) {
			g = &group{types: slices.Clone(saved)}
			for _, i := range saved {
				g.cs = append(g.cs, types[i])
			}
			groups = append(groups, g)
		}
		g.ents = append(g.ents, e)
		ents++
	})

	var body, scratch codec.Writer
	body.Text(s.game)
	body.Uvarint(uint64(len(types)))
	for _, c := range types {
		c.Schema().Encode(&body)
	}
	blob := func(c *codec.Codec, v any) error {
		cur = c
		scratch.Reset()
		if err := c.Encode(v, &scratch); err != nil {
			return err
		}
		if err := scratch.Err(); err != nil {
			return fmt.Errorf("encoding %s: %w", c.Name(), err)
		}
		body.Blob(scratch.Data())
		return nil
	}
	body.Uvarint(uint64(len(rs)))
	for _, r := range rs {
		body.Uvarint(uint64(r.t))
		if err := blob(types[r.t], r.v); err != nil {
			return nil, 0, err
		}
	}
	body.Uvarint(uint64(len(groups)))
	for _, g := range groups {
		body.Uvarint(uint64(len(g.types)))
		for _, t := range g.types {
			body.Uvarint(uint64(t))
		}
		body.Uvarint(uint64(len(g.ents)))
		for _, e := range g.ents {
			body.Entity(e)
			for _, c := range g.cs {
				if err := blob(c, w.Component(e, c.Type())); err != nil {
					return nil, 0, err
				}
			}
		}
	}
	b := body.Data()
	out := make([]byte, headerSize, headerSize+len(b))
	copy(out, magic)
	binary.LittleEndian.PutUint16(out[8:], formatV2)
	binary.LittleEndian.PutUint16(out[10:], 0)
	binary.LittleEndian.PutUint64(out[12:], uint64(len(b)))
	binary.LittleEndian.PutUint32(out[20:], crc32.Checksum(b, castagnoli))
	return append(out, b...), ents, nil
}

// image is a save file read and checked: everything a load applies.
type image struct {
	// types are the file's types, by index: this build's codec of each
	// (adapted to the file's schema), nil for a type it does not save.
	types     []*codec.Codec
	names     []string // the file's type names, by index
	resources []value
	groups    []imgGroup
	ids       []glue.Entity // every saved id, sorted
	fresh     []glue.Entity // once applied: the new id of each of ids
	n         int           // entities
	notes     []string      // what a load could not restore, for Result.Notes
}

type imgGroup struct {
	cs   []*codec.Codec
	ids  []glue.Entity
	vals []value // len(ids)*len(cs), entity by entity
}

// value is one decoded component or resource: its codec, its payload and
// its value. refs says that decoding it read entity references, so that
// it must be decoded again once the loaded entities' ids are known.
type value struct {
	c    *codec.Codec
	data []byte
	v    any
	refs bool
}

// fail returns an error of kind, with the details.
func fail(kind error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))
}

// decode reads and checks a save file: header, checksum, game, types,
// structure, and every value, decoded by its codec with entity references
// read as the saved ids (references to entities the file does not hold
// read as 0). It changes nothing; the error, if any, says what is wrong
// and wraps one of the Err kinds.
func decode(data []byte, s *spec) (*image, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		head := data[:min(len(data), len(magic))]
		if len(data) < len(magic) && strings.HasPrefix(magic, string(data)) {
			return nil, fail(ErrTruncated, "%d bytes, shorter than the %d-byte header", len(data), headerSize)
		}
		return nil, fail(ErrNotSave, "it starts with %q, not %q", head, magic)
	}
	if len(data) < headerSize {
		return nil, fail(ErrTruncated, "%d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	switch f := binary.LittleEndian.Uint16(data[8:]); {
	case f > formatV2:
		return nil, fmt.Errorf("%w: %w: format version %d; this build reads version %d (a save of a newer build needs that build)", ErrFormat, ErrNewer, f, formatV2)
	case f != formatV2:
		return nil, fail(ErrFormat, "format version %d, written by a glue before derived codecs; this build reads version %d and cannot convert it", f, formatV2)
	}
	if fl := binary.LittleEndian.Uint16(data[10:]); fl != 0 {
		return nil, fail(ErrFormat, "flags %#x; this build knows none", fl)
	}
	body := data[headerSize:]
	if n := binary.LittleEndian.Uint64(data[12:]); n != uint64(len(body)) {
		if n > uint64(len(body)) {
			return nil, fail(ErrTruncated, "the header says %d bytes of data follow it, but %d do", n, len(body))
		}
		return nil, fail(ErrCorrupt, "%d bytes follow the header, which says %d", len(body), n)
	}
	if sum := crc32.Checksum(body, castagnoli); sum != binary.LittleEndian.Uint32(data[20:]) {
		return nil, fail(ErrCorrupt, "checksum %08x, the header says %08x", sum, binary.LittleEndian.Uint32(data[20:]))
	}
	r := codec.NewReader(body)
	if game := r.Text(); r.Err() == nil && game != s.game {
		return nil, fail(ErrForeign, "written by game %q, not %q", game, s.game)
	}
	img := &image{}
	if err := img.readTypes(r, s); err != nil {
		return nil, err
	}
	if err := img.readResources(r, s); err != nil {
		return nil, err
	}
	if err := img.readGroups(r, s); err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return nil, fail(ErrCorrupt, "%v", err)
	}
	if r.Len() != 0 {
		return nil, fail(ErrCorrupt, "%d bytes after the last entity", r.Len())
	}
	slices.Sort(img.ids)
	for i := 1; i < len(img.ids); i++ {
		if img.ids[i] == img.ids[i-1] {
			return nil, fail(ErrCorrupt, "entity %v saved twice", img.ids[i])
		}
	}
	// Decode every value, with references read as the saved ids.
	var rd codec.Reader
	refs := false
	rd.MapEntities(func(e glue.Entity) glue.Entity {
		refs = true
		if _, ok := slices.BinarySearch(img.ids, e); ok {
			return e
		}
		return 0
	})
	dec := func(v *value) error {
		rd.Reset(v.data)
		refs = false
		x, err := v.c.Decode(&rd)
		if err != nil {
			return err
		}
		if t := reflect.TypeOf(x); t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
			return fmt.Errorf("type %s is a %v; components and resources are values", v.c.Name(), t.Kind())
		}
		v.v, v.refs = x, refs
		return nil
	}
	for i := range img.resources {
		if err := dec(&img.resources[i]); err != nil {
			return nil, fail(ErrCorrupt, "resource %s: %v", img.resources[i].c.Name(), err)
		}
	}
	for gi := range img.groups {
		g := &img.groups[gi]
		for i := range g.vals {
			if err := dec(&g.vals[i]); err != nil {
				return nil, fail(ErrCorrupt, "entity %v: %v", g.ids[i/len(g.cs)], err)
			}
		}
	}
	return img, nil
}

func (img *image) readTypes(r *codec.Reader, s *spec) error {
	n := r.Count(4)
	seen := map[string]bool{}
	for range n {
		sch := codec.ReadSchema(r)
		if r.Err() != nil {
			break
		}
		if seen[sch.Name] {
			return fail(ErrCorrupt, "type %s listed twice", sch.Name)
		}
		seen[sch.Name] = true
		img.names = append(img.names, sch.Name)
		c := s.reg.ByName(sch.Name)
		if c == nil {
			img.types = append(img.types, nil)
			continue
		}
		ac, err := c.Adapt(sch)
		if errors.Is(err, codec.ErrNewer) {
			return fail(ErrNewer, "%v", err) // a save of a newer game: refused, not read with its new fields zeroed
		}
		if err != nil {
			return fail(ErrTypes, "%v", err)
		}
		img.types = append(img.types, ac)
	}
	if err := r.Err(); err != nil {
		return fail(ErrCorrupt, "type table: %v", err)
	}
	for _, c := range s.reg.Codecs() {
		if !seen[c.Name()] {
			what := "entities lack it"
			if s.saves(c.Type()) {
				what = "the current one is kept"
			}
			img.note("the save predates %s: %s", c.Name(), what)
		}
	}
	return nil
}

// note records what a load could not restore.
func (img *image) note(format string, args ...any) {
	img.notes = append(img.notes, fmt.Sprintf(format, args...))
}

// typeIndex reads a type index, which must be in range and greater than
// the previous one (prev, -1 for none).
func (img *image) typeIndex(r *codec.Reader, prev int) (int, error) {
	i := r.Uvarint()
	if r.Err() != nil {
		return 0, r.Err()
	}
	if i >= uint64(len(img.types)) {
		return 0, fmt.Errorf("type index %d, but the file lists %d types", i, len(img.types))
	}
	if int(i) <= prev {
		return 0, fmt.Errorf("type index %d after %d; they must increase", i, prev)
	}
	return int(i), nil
}

func (img *image) readResources(r *codec.Reader, s *spec) error {
	n := r.Count(2)
	prev := -1
	for range n {
		i, err := img.typeIndex(r, prev)
		if err != nil {
			return fail(ErrCorrupt, "resources: %v", err)
		}
		prev = i
		c := img.types[i]
		data := r.BlobView()
		if c == nil || !s.saves(c.Type()) {
			img.note("the save holds resource %s, which the game no longer saves: ignored", img.names[i])
			continue
		}
		img.resources = append(img.resources, value{c: c, data: data})
	}
	if err := r.Err(); err != nil {
		return fail(ErrCorrupt, "resources: %v", err)
	}
	return nil
}

func (img *image) readGroups(r *codec.Reader, s *spec) error {
	n := r.Count(4)
	dropped := map[int]bool{}
	for gi := range n {
		m := r.Count(1)
		if r.Err() == nil && m == 0 {
			return fail(ErrCorrupt, "group %d has no types", gi)
		}
		var g imgGroup
		var known []bool
		prev := -1
		for range m {
			i, err := img.typeIndex(r, prev)
			if err != nil {
				return fail(ErrCorrupt, "group %d: %v", gi, err)
			}
			prev = i
			known = append(known, img.types[i] != nil)
			if img.types[i] != nil {
				g.cs = append(g.cs, img.types[i])
			} else if !dropped[i] {
				dropped[i] = true
				img.note("the save holds components %s, which the game no longer saves: ignored", img.names[i])
			}
		}
		k := r.Count(1 + m)
		if r.Err() == nil && k == 0 {
			return fail(ErrCorrupt, "group %d has no entities", gi)
		}
		for range k {
			e := glue.Entity(r.Uvarint())
			if r.Err() != nil {
				break
			}
			if e == 0 {
				return fail(ErrCorrupt, "group %d: an entity saved as 0", gi)
			}
			for _, ok := range known {
				data := r.BlobView()
				if ok {
					g.vals = append(g.vals, value{c: g.cs[len(g.vals)%len(g.cs)], data: data})
				}
			}
			if len(g.cs) > 0 { // an entity of dropped types only is not loaded
				g.ids = append(g.ids, e)
				img.ids = append(img.ids, e)
			}
		}
		if err := r.Err(); err != nil {
			return fail(ErrCorrupt, "group %d: %v", gi, err)
		}
		if len(g.ids) > 0 {
			img.n += len(g.ids)
			img.groups = append(img.groups, g)
		}
	}
	return nil
}
