package save

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"reflect"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// The file format (docs/save.md). A save file is a 24-byte header and a
// body:
//
//	header    = magic:"GLUESAVE" format:u16 flags:u16 length:u64 crc:u32
//	body      = game:text types resources groups
//	types     = n:uvarint (name:text version:u8)*n
//	resources = n:uvarint (type:uvarint payload:blob)*n
//	groups    = n:uvarint group*n
//	group     = m:uvarint type:uvarint*m k:uvarint (id:uvarint payload:blob*m)*k
//
// Fixed-size numbers are little-endian; text and blob are a uvarint
// length and the bytes (codec.Writer.Text, Blob). format is 1 and flags 0;
// length is the body's length and crc its CRC-32C (Castagnoli). The type
// table names every type the file holds, with the version its codec had;
// resources and groups refer to types by their index in it, in strictly
// increasing order. A group is entities with the same saved types, in the
// order the world stored them (archetype by archetype); an entity is its
// id when saved (a glue.Entity, non-zero, unique in the file) and one
// payload per type, each encoded by the type's codec. Entity references
// inside payloads are saved ids (codec.Writer.Entity).
const (
	magic        = "GLUESAVE"
	formatV1     = 1
	headerSize   = 24
	maxNameBytes = 1 << 10
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// The kinds of load errors: every error a load reports wraps one of them
// (test with errors.Is) and says more — the file and what is wrong with
// it.
var (
	// ErrNotFound: there is no save of that name.
	ErrNotFound = errors.New("no such save")
	// ErrNotSave: the data is not a glue save file (wrong magic).
	ErrNotSave = errors.New("not a glue save file")
	// ErrFormat: the file is of a format version this build cannot read.
	ErrFormat = errors.New("unsupported save format")
	// ErrTruncated: the file is shorter than its header says.
	ErrTruncated = errors.New("save file truncated")
	// ErrCorrupt: the checksum does not match, the structure is invalid,
	// or a value does not decode.
	ErrCorrupt = errors.New("save file corrupt")
	// ErrForeign: the file was written by another game.
	ErrForeign = errors.New("save file of another game")
	// ErrTypes: the file holds a type the game does not register, a type
	// of another version, or a resource the game does not save.
	ErrTypes = errors.New("save file's types do not match the game's")
)

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
	var types []*codec.Codec
	index := map[*codec.Codec]int{}
	indexOf := func(c *codec.Codec) int {
		i, ok := index[c]
		if !ok {
			i = len(types)
			index[c] = i
			types = append(types, c)
		}
		return i
	}

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
	slices.SortFunc(rs, func(a, b res) int { return a.t - b.t })

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
		body.Text(c.Name())
		body.Uint8(c.Version())
	}
	blob := func(c *codec.Codec, v any) error {
		cur = c
		scratch.Reset()
		if err := c.Encode(v, &scratch); err != nil {
			return err
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
	binary.LittleEndian.PutUint16(out[8:], formatV1)
	binary.LittleEndian.PutUint16(out[10:], 0)
	binary.LittleEndian.PutUint64(out[12:], uint64(len(b)))
	binary.LittleEndian.PutUint32(out[20:], crc32.Checksum(b, castagnoli))
	return append(out, b...), ents, nil
}

// image is a save file read and checked: everything a load applies.
type image struct {
	types     []*codec.Codec
	resources []value
	groups    []imgGroup
	ids       []glue.Entity // every saved id, sorted
	n         int           // entities
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
	if f := binary.LittleEndian.Uint16(data[8:]); f != formatV1 {
		return nil, fail(ErrFormat, "format version %d; this build reads version %d (saves of a newer glue need that glue)", f, formatV1)
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
	if err := img.readGroups(r); err != nil {
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
	n := r.Count(2)
	for range n {
		name, ver := r.Text(), r.Uint8()
		if r.Err() != nil {
			break
		}
		c := s.reg.ByName(name)
		if c == nil {
			return fail(ErrTypes, "it holds type %s (version %d), which the game does not register; register it (codec.Register) or load a save of this game's build", name, ver)
		}
		if c.Version() != ver {
			return fail(ErrTypes, "it holds %s version %d, but version %d is registered: the type's codec changed since the file was written", name, ver, c.Version())
		}
		if slices.Contains(img.types, c) {
			return fail(ErrCorrupt, "type %s listed twice", name)
		}
		img.types = append(img.types, c)
	}
	if err := r.Err(); err != nil {
		return fail(ErrCorrupt, "type table: %v", err)
	}
	return nil
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
		if !s.saves(c.Type()) {
			return fail(ErrTypes, "it holds resource %s, which the game does not save (Plugin.Resources)", c.Name())
		}
		data := r.BlobView()
		img.resources = append(img.resources, value{c: c, data: data})
	}
	if err := r.Err(); err != nil {
		return fail(ErrCorrupt, "resources: %v", err)
	}
	return nil
}

func (img *image) readGroups(r *codec.Reader) error {
	n := r.Count(4)
	for gi := range n {
		m := r.Count(1)
		if r.Err() == nil && m == 0 {
			return fail(ErrCorrupt, "group %d has no types", gi)
		}
		g := imgGroup{cs: make([]*codec.Codec, 0, m)}
		prev := -1
		for range m {
			i, err := img.typeIndex(r, prev)
			if err != nil {
				return fail(ErrCorrupt, "group %d: %v", gi, err)
			}
			prev = i
			g.cs = append(g.cs, img.types[i])
		}
		k := r.Count(1 + m)
		if r.Err() == nil && k == 0 {
			return fail(ErrCorrupt, "group %d has no entities", gi)
		}
		g.ids = make([]glue.Entity, 0, k)
		g.vals = make([]value, 0, k*m)
		for range k {
			e := glue.Entity(r.Uvarint())
			if r.Err() != nil {
				break
			}
			if e == 0 {
				return fail(ErrCorrupt, "group %d: an entity saved as 0", gi)
			}
			g.ids = append(g.ids, e)
			img.ids = append(img.ids, e)
			for _, c := range g.cs {
				g.vals = append(g.vals, value{c: c, data: r.BlobView()})
			}
		}
		if err := r.Err(); err != nil {
			return fail(ErrCorrupt, "group %d: %v", gi, err)
		}
		img.n += len(g.ids)
		img.groups = append(img.groups, g)
	}
	return nil
}
