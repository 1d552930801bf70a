package codec

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unsafe"

	"github.com/gluekit/glue"
)

// Schema describes how a codec writes its type: the type's registered
// name, the codec's version and, for a derived codec, its fields in the
// order they are written. A save file holds the schema of each type it
// holds, so that a later build of the game can read values written
// before the type changed ([Codec.Adapt]).
type Schema struct {
	// Name is the type's registered name ([Codec.Name]).
	Name string
	// Version is the version given with the [Version] option (0
	// without).
	Version uint8
	// Custom is true for a codec written by hand ([RegisterFunc], or a
	// type with Encode and Decode methods): its bytes are opaque, and
	// only the version says whether they still read.
	Custom bool
	// Fields are a derived codec's fields, in the order written.
	Fields []Field
}

// Field is one field of a derived codec's [Schema]: its path in the type
// ("Pos.X", "Color.R", "Cells.3") and its kind as written: bool, u8,
// int (a varint, any signed width), uint, f32, f64, str, ent (an
// entity reference), bin:<type> (a value written by its type's Encode
// method, length-prefixed), or []<kind> and []{name:kind,…} for slices.
type Field struct {
	Name, Kind string
}

// String returns the schema as one line:
// "breakout.Ball v0 {R:f64}".
func (s Schema) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s v%d ", s.Name, s.Version)
	if s.Custom {
		b.WriteString("custom")
		return b.String()
	}
	b.WriteByte('{')
	for i, f := range s.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(f.Name + ":" + f.Kind)
	}
	b.WriteByte('}')
	return b.String()
}

// Encode writes the schema to w.
func (s Schema) Encode(w *Writer) {
	w.Text(s.Name)
	w.Uint8(s.Version)
	w.Bool(s.Custom)
	w.Uvarint(uint64(len(s.Fields)))
	for _, f := range s.Fields {
		w.Text(f.Name)
		w.Text(f.Kind)
	}
}

// ReadSchema reads a schema written by [Schema.Encode]. Errors are the
// Reader's ([Reader.Err]).
func ReadSchema(r *Reader) Schema {
	s := Schema{Name: r.Text(), Version: r.Uint8(), Custom: r.Bool()}
	n := r.Count(2)
	for range n {
		s.Fields = append(s.Fields, Field{r.Text(), r.Text()})
		if r.err != nil {
			break
		}
	}
	return s
}

// Old holds the values of a value written with another schema, by field
// name, for a migration ([Migrate]): the fields of the old schema that
// are numbers, bools, text and entity references.
type Old struct {
	version uint8
	vals    map[string]val
}

// Version returns the version of the codec that wrote the value.
func (o Old) Version() uint8 { return o.version }

// Has reports whether the old value had a field of that name (of a kind
// Old holds).
func (o Old) Has(name string) bool { _, ok := o.vals[name]; return ok }

// Float returns the field as a float64 (0 if absent).
func (o Old) Float(name string) float64 { return o.vals[name].float() }

// Int returns the field as an int64 (0 if absent; floats truncated).
func (o Old) Int(name string) int64 { return o.vals[name].int() }

// Bool returns the field as a bool (numbers: not zero).
func (o Old) Bool(name string) bool { return o.vals[name].int() != 0 }

// Text returns a text field ("" if absent or not text).
func (o Old) Text(name string) string { return o.vals[name].s }

// Entity returns an entity reference field, mapped as the Reader maps
// references (0 if absent).
func (o Old) Entity(name string) glue.Entity { return glue.Entity(o.vals[name].u) }

// val is one field's value read by its old kind.
type val struct {
	k kind
	i int64
	u uint64
	f float64
	s string
}

func (v val) float() float64 {
	switch v.k {
	case kF32, kF64:
		return v.f
	case kInt:
		return float64(v.i)
	}
	return float64(v.u)
}

func (v val) int() int64 {
	switch v.k {
	case kF32, kF64:
		return int64(v.f)
	case kInt:
		return v.i
	}
	return int64(v.u)
}

// fkind is a kind of an old schema, parsed.
type fkind struct {
	k    kind
	bin  string
	text string   // as written
	elem []ffield // kSlice
}

type ffield struct {
	name string
	k    *fkind
}

// parseKind parses a Field's Kind.
func parseKind(s string) (*fkind, error) {
	k, rest, err := parseKindPrefix(s)
	if err == nil && rest != "" {
		err = fmt.Errorf("kind %q: %q after the kind", s, rest)
	}
	return k, err
}

func parseKindPrefix(s string) (*fkind, string, error) {
	switch {
	case strings.HasPrefix(s, "[]{"):
		k := &fkind{k: kSlice}
		rest := s[3:]
		for {
			i := strings.IndexByte(rest, ':')
			if i < 0 {
				return nil, "", fmt.Errorf("kind %q: no ':' in an element field", s)
			}
			name := rest[:i]
			ek, r, err := parseKindPrefix(rest[i+1:])
			if err != nil {
				return nil, "", err
			}
			k.elem = append(k.elem, ffield{name, ek})
			switch {
			case strings.HasPrefix(r, ","):
				rest = r[1:]
			case strings.HasPrefix(r, "}"):
				k.text = s[:len(s)-len(r)+1]
				return k, r[1:], nil
			default:
				return nil, "", fmt.Errorf("kind %q: unterminated element", s)
			}
		}
	case strings.HasPrefix(s, "[]"):
		ek, r, err := parseKindPrefix(s[2:])
		if err != nil {
			return nil, "", err
		}
		return &fkind{k: kSlice, elem: []ffield{{"", ek}}, text: s[:len(s)-len(r)]}, r, nil
	}
	end := strings.IndexAny(s, ",}")
	if end < 0 {
		end = len(s)
	}
	word := s[:end]
	if b, ok := strings.CutPrefix(word, "bin:"); ok {
		return &fkind{k: kBin, bin: b, text: word}, s[end:], nil
	}
	for k, n := range kindNames {
		if n != "" && n == word && kind(k) != kF64as32 {
			return &fkind{k: kind(k), text: word}, s[end:], nil
		}
	}
	return nil, "", fmt.Errorf("unknown kind %q", word)
}

// read reads one value of kind k; kBin and kSlice values are skipped.
func (k *fkind) read(r *Reader) val {
	v := val{k: k.k}
	switch k.k {
	case kBool:
		if r.Bool() {
			v.u = 1
		}
	case kU8:
		v.u = uint64(r.Uint8())
	case kInt:
		v.i = r.Varint()
	case kUint:
		v.u = r.Uvarint()
	case kF32:
		v.f = float64(r.Float32())
	case kF64:
		v.f = r.Float64()
	case kStr:
		v.s = r.Text()
	case kEnt:
		v.u = uint64(r.Entity())
	case kBin:
		r.take(r.length(k.bin, "value length"), k.bin)
	case kSlice:
		n := r.Count(1)
		for range n {
			for _, e := range k.elem {
				e.k.read(r)
			}
		}
	}
	return v
}

// numeric reports whether values of k convert to and from numbers.
func numeric(k kind) bool { return k >= kBool && k <= kF64as32 }

// store stores an old value in the field at ptr, converting numbers;
// a value that does not fit fails r.
func (o *op) store(ptr unsafe.Pointer, v val, r *Reader) {
	switch o.k {
	case kBool:
		*(*bool)(ptr) = v.int() != 0 || v.float() != 0
	case kU8, kUint:
		if v.k == kInt && v.i < 0 || (v.k == kF32 || v.k == kF64) && !(v.f >= 0 && v.f < math.MaxUint64) {
			r.Fail(fmt.Errorf("codec: old value %v does not fit an unsigned field", v.float()))
			return
		}
		u := v.u
		if v.k != kU8 && v.k != kUint && v.k != kBool {
			u = uint64(v.int())
		}
		storeUint(ptr, o.size, u, r)
	case kInt:
		if (v.k == kF32 || v.k == kF64) && !(v.f >= math.MinInt64 && v.f < math.MaxInt64) {
			r.Fail(fmt.Errorf("codec: old value %v does not fit an integer field", v.f))
			return
		}
		if (v.k == kUint) && v.u > math.MaxInt64 {
			r.Fail(fmt.Errorf("codec: old value %d does not fit an integer field", v.u))
			return
		}
		storeInt(ptr, o.size, v.int(), r)
	case kF32:
		*(*float32)(ptr) = float32(v.float())
	case kF64, kF64as32:
		*(*float64)(ptr) = v.float()
	case kStr:
		*(*string)(ptr) = v.s
	case kEnt:
		*(*glue.Entity)(ptr) = glue.Entity(v.u)
	}
}

// step is how an adapted decoder reads one field of an old schema:
// straight into a field of the same kind (direct), converted into one of
// another numeric kind, or skipped.
type step struct {
	name   string
	k      *fkind
	target *op
	direct bool
	// elems: the target is a slice whose element shape changed; each
	// old element is read field by field into a new one by these steps
	// (the element's fields by name, renamed, numbers converted).
	elems []step
}

// adapter decodes values written with an old schema.
type adapter struct {
	steps   []step
	version uint8
	keepOld bool // a migration wants Old
}

// ErrSchema is the error [Codec.Adapt] wraps when values of the old
// schema cannot be read: a codec written by hand whose version changed,
// or a schema that does not parse. Check for it with errors.Is.
var ErrSchema = errors.New("codec: schema mismatch")

// ErrNewer is the error [Codec.Adapt] wraps, besides [ErrSchema], when
// the schema is of a newer version of the type ([Version]) than this
// build's: data of a newer build.
var ErrNewer = errors.New("codec: written by a newer build")

// Adapt returns a codec that decodes values written with the schema s
// into the type of c: c itself if s is c's schema; otherwise a derived
// codec reads the old fields by name — a field renamed with the
// [Renamed] option by its old name — and converts numbers between
// kinds; a field the type no longer has is skipped, a field s lacks
// keeps its default ([Default]) or zero value, and the type's migration
// ([Migrate]), if any, runs last with the old values. A field whose old
// and new kinds do not convert (text into a number, a slice of another
// element shape) is left to the migration. Adapt fails for a codec
// written by hand whose version differs from s's, and for a schema of
// another name or one that does not parse.
func (c *Codec) Adapt(s Schema) (*Codec, error) {
	if s.Name != c.name {
		return nil, fmt.Errorf("%w: schema of %s given to the codec of %s", ErrSchema, s.Name, c.name)
	}
	if c.plan == nil || s.Custom {
		if c.plan == nil && s.Custom && s.Version == c.userVersion {
			return c, nil
		}
		return nil, fmt.Errorf("%w: %s was written by a codec of version %d%s; this build's is version %d%s: a codec written by hand reads only its own version (give the type a derived codec, or keep the old version's decoder)",
			ErrSchema, c.name, s.Version, customWord(s.Custom), c.userVersion, customWord(c.plan == nil))
	}
	if s.Version == c.userVersion && slices.Equal(s.Fields, c.schema.Fields) {
		return c, nil
	}
	if s.Version > c.userVersion {
		// Written by a newer build: its fields may mean what this build
		// cannot know, and reading them as this version would zero what
		// it does not have, silently.
		return nil, fmt.Errorf("%w: %w: %s was written by version %d of the type, and this build reads versions up to %d; load it with that build or a newer one", ErrSchema, ErrNewer, c.name, s.Version, c.userVersion)
	}
	a := &adapter{version: s.Version, keepOld: c.migrate != nil}
	for _, f := range s.Fields {
		k, err := parseKind(f.Kind)
		if err != nil {
			return nil, fmt.Errorf("%w: %s field %s: %v", ErrSchema, c.name, f.Name, err)
		}
		a.steps = append(a.steps, c.adaptStep(f.Name, c.rename(f.Name), k, c.plan.ops, a.keepOld))
	}
	ad := *c
	ad.adapted = a
	return &ad, nil
}

// adaptStep finds where an old field goes: the op named name (the old
// name after the renames) among ops, read directly when its kind is the
// same, converted between numbers, or — a slice whose element shape
// changed — element by element: the elements' fields by name (renamed
// through "Field.Elem" paths: Renamed("Inv.Count", "Inv.Qty")),
// converted, the new ones zero. Without a target the field is skipped.
func (c *Codec) adaptStep(oldName, name string, k *fkind, ops []op, keepOld bool) step {
	st := step{name: oldName, k: k}
	for i := range ops {
		o := &ops[i]
		if o.name != name {
			continue
		}
		switch {
		case o.kindName() == k.text && (o.k == kBin || o.k == kSlice || !keepOld):
			st.target, st.direct = o, true
		case numeric(o.k) && numeric(k.k), o.k == k.k && (o.k == kStr || o.k == kEnt):
			st.target = o
		case o.k == kSlice && k.k == kSlice && o.elem != nil:
			st.target = o
			for _, ef := range k.elem {
				en := ef.name
				if en != "" {
					// The element's field, renamed by its path under the
					// slice's old name, relative to the slice's new one.
					en = strings.TrimPrefix(c.rename(oldName+"."+ef.name), name+".")
				}
				st.elems = append(st.elems, c.adaptStep(ef.name, en, ef.k, o.elem.ops, false))
			}
		}
	}
	return st
}

// readElems reads an old slice of another element shape into the slice
// field at ptr (st.target), element by element through st.elems.
func readElems(st *step, ptr unsafe.Pointer, r *Reader) {
	st.target.decodeSlice(ptr, r, func(elem unsafe.Pointer, r *Reader) {
		for i := range st.elems {
			if readStep(&st.elems[i], elem, r); r.err != nil {
				return
			}
		}
	})
}

// readStep reads one old field into its target in the value at base (or
// skips it), returning the old value read for a migration's Old (kept
// only for numbers, booleans, text and entities).
func readStep(st *step, base unsafe.Pointer, r *Reader) (val, bool) {
	switch {
	case st.direct:
		st.target.decode(unsafe.Add(base, st.target.off), r)
	case st.elems != nil:
		readElems(st, unsafe.Add(base, st.target.off), r)
	default:
		v := st.k.read(r)
		if r.err != nil {
			break
		}
		if st.target != nil {
			st.target.store(unsafe.Add(base, st.target.off), v, r)
			if r.err != nil {
				r.inField(st.target.name)
				return v, false
			}
		}
		if r.err == nil {
			return v, st.k.k != kBin && st.k.k != kSlice
		}
	}
	if r.err != nil && st.name != "" {
		r.inField(st.name)
	}
	return val{}, false
}

func customWord(custom bool) string {
	if custom {
		return " (written by hand)"
	}
	return " (derived)"
}

// rename maps an old field name through the Renamed options: a renamed
// field and the fields under it.
func (c *Codec) rename(name string) string {
	for _, rn := range c.renames {
		if name == rn[0] {
			return rn[1]
		}
		if rest, ok := strings.CutPrefix(name, rn[0]+"."); ok {
			return rn[1] + "." + rest
		}
	}
	return name
}

// decodeAdapted reads one value of the adapter's old schema.
func (c *Codec) decodeAdapted(a *adapter, r *Reader) (any, error) {
	return c.decodeWith(r, func(base unsafe.Pointer) error {
		var old Old
		if a.keepOld {
			old = Old{version: a.version, vals: map[string]val{}}
		}
		for i := range a.steps {
			st := &a.steps[i]
			v, keep := readStep(st, base, r)
			if r.err != nil {
				return nil
			}
			if a.keepOld && keep {
				old.vals[st.name] = v
			}
		}
		if c.migrate != nil {
			if err := c.migrate(base, old); err != nil {
				return fmt.Errorf("migration from version %d: %w", a.version, err)
			}
		}
		return nil
	})
}
