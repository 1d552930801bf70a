package codec

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gluekit/glue"
)

// Registry lists the types that may be encoded — components, resources
// and inputs — each with its name and codec. Nothing is ever decoded into
// a type that is not registered. One registration serves modules/save
// and modules/net:
//
//	reg := codec.NewRegistry()
//	codec.Register[Ball](reg)   // a codec derived from Ball's fields
//	codec.Register[Paddle](reg)
//
// [Register] derives the codec from the type's fields (or uses the
// type's own Encode and Decode methods); [RegisterFunc] takes an encoder
// and a decoder written by hand.
//
// Names: a type is known by its registered name, by default its Go name
// with each package named by its package name — "main.Ball",
// "glue.State[main.Phase]", "physics.Body" — which is the same under go
// run, go test and in the browser because it uses package names, not
// import paths (a main package's import path is "main" under go run but
// its module path under go test; its name is "main" in both). The name
// of a type argument's package is learned from the registered types of
// that package (the last element of its path if none is registered). The [Name] option gives
// an explicit name instead: for a type that moves or is renamed, or two
// types whose packages are named alike. Save files name their types this
// way, and their fields by their Go names, so that a save still loads
// after fields are added, removed or reordered (docs/save.md).
//
// modules/net numbers the types on the wire: once the registry is in use
// ([Registry.Seal]) every type gets the wire id of its place in name
// order, and a version byte that is a hash of its schema; both ends of a
// connection must register the same types with the same options, and a
// message whose id or version the receiver does not know closes the
// connection.
//
// Make one with [NewRegistry], fill it before the app starts, and give
// it to the plugins that use it (net.ServerPlugin, net.ClientPlugin,
// save.Plugin). One game may use one registry for both, or one each when
// the network needs less of a type than a save file ([Only], [Float32]:
// breakout sends a body's position as float32s, and saves its velocity
// too). Once a plugin uses it, the registry is read-only and
// concurrent-safe.
type Registry struct {
	byID   map[uint16]*Codec
	byType map[reflect.Type]*Codec
	byName map[string]*Codec
	byGlue map[glue.Type]*Codec
	errs   []error
	sealed atomic.Bool
}

// Codec is one registered type: its name, wire id and version, schema
// and coders.
type Codec struct {
	id      uint16
	version uint8
	name    string
	rtype   reflect.Type
	ptype   reflect.Type // *T
	gtype   glue.Type
	// enc is the typed encoder, a func(*T, *Writer); generic helpers
	// assert it once.
	enc any
	// encp encodes the T at a pointer; decp decodes into the T at a
	// pointer. Not generic (issue #40): the registration's closures
	// are compiled once, not once per registered type.
	encp func(p unsafe.Pointer, w *Writer)
	decp func(p unsafe.Pointer, r *Reader) error
	// def is the Default option's value (invalid: the zero T).
	def reflect.Value
	// validate tells that *T has a Validate method.
	validate bool
	// adapted, if not nil, is the old schema this copy of a codec
	// decodes.
	adapted *adapter
	// plan is the derived codec; nil for one written by hand.
	plan        *plan
	explicit    bool // named with the Name option
	userVersion uint8
	schema      Schema
	renames     [][2]string
	migrate     func(unsafe.Pointer, Old) error
	ranges      []fieldRange // Range options, checked after decoding
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{
		byID:   map[uint16]*Codec{},
		byType: map[reflect.Type]*Codec{},
		byName: map[string]*Codec{},
		byGlue: map[glue.Type]*Codec{},
	}
}

// Option changes how [Register] or [RegisterFunc] encodes a type.
type Option struct {
	apply func(*options)
}

type options struct {
	name        string
	version     uint8
	only        []string
	skip        []string
	float32     bool
	renames     [][2]string
	def         any
	migrate     any                             // the func(*T, Old) error, for errors
	migrateType reflect.Type                    // *T of Migrate's T
	migrateP    func(unsafe.Pointer, Old) error // migrate on a *T
	ranges      []fieldRange
	derivedOnly []string // options that need a derived codec, for errors
}

// Name registers the type under name instead of glue's name for it: for
// a type that moved to another package or was renamed (give it its old
// name, and old saves keep loading), or for two types whose names
// collide.
func Name(name string) Option { return Option{func(o *options) { o.name = name }} }

// Version sets the codec's version (default 0). A derived codec bumps it
// when a field keeps its name and kind but changes its meaning, so that
// old values go through the type's migration ([Migrate]); a codec
// written by hand bumps it whenever it writes something else, and reads
// only values of its own version.
func Version(v uint8) Option { return Option{func(o *options) { o.version = v }} }

// Only makes a derived codec write only the named fields (and the fields
// under them: "Pos" is "Pos.X" and "Pos.Y"); the others decode as their
// default. For a network registry that sends what the other end needs:
// codec.Register[physics.Body](reg, codec.Only("Pos")).
func Only(fields ...string) Option {
	return Option{func(o *options) { o.only, o.derivedOnly = append(o.only, fields...), append(o.derivedOnly, "Only") }}
}

// Skip makes a derived codec leave out the named fields (and the fields
// under them), which decode as their default: what one registry needs and
// another does not (breakout's network registry sends the client playing
// a paddle, its save registry does not). A field no registry needs is
// tagged `codec:"-"` instead.
func Skip(fields ...string) Option {
	return Option{func(o *options) { o.skip, o.derivedOnly = append(o.skip, fields...), append(o.derivedOnly, "Skip") }}
}

// Float32 makes a derived codec write float64 fields as float32s, half
// the bytes, for a network registry: values are rounded to the nearest
// float32.
func Float32() Option {
	return Option{func(o *options) { o.float32, o.derivedOnly = true, append(o.derivedOnly, "Float32") }}
}

// Renamed tells a derived codec that the field now called newName was
// written as oldName by older builds, so that old saves fill it.
func Renamed(oldName, newName string) Option {
	return Option{func(o *options) {
		o.renames, o.derivedOnly = append(o.renames, [2]string{oldName, newName}), append(o.derivedOnly, "Renamed")
	}}
}

// Default makes decoding start from v instead of the zero T: fields an
// old save lacks, fields tagged `codec:"-"` and fields left out by
// [Only] keep v's values.
func Default[T any](v T) Option { return Option{func(o *options) { o.def = v }} }

// Migrate gives a derived codec a migration: fn runs after a value
// written with another schema (an older build's fields, or another
// [Version]) has been read by field name, with the old values in old, to
// bring v up to date — a field whose meaning changed, one split in two,
// one whose kind no longer converts.
func Migrate[T any](fn func(v *T, old Old) error) Option {
	mp := func(p unsafe.Pointer, old Old) error { return fn((*T)(p), old) }
	t := reflect.TypeOf((*T)(nil))
	return Option{func(o *options) {
		o.migrate, o.migrateType, o.migrateP, o.derivedOnly = fn, t, mp, append(o.derivedOnly, "Migrate")
	}}
}

// validator is a type that checks a decoded value: a save file or a
// network message with a value it refuses is an error naming the type.
type validator interface{ Validate() error }

// Register adds T to the registry. If *T has the methods Encode(*Writer)
// and Decode(*Reader) error, they are its codec (a custom type); else its
// codec is derived from its fields, once, here: every field, exported or
// not, nested structs and arrays flattened, in declaration order — bools,
// numbers, strings, glue.Entity (written with [Writer.Entity], so that
// loads remap it), slices of these, and fields whose type has Encode and
// Decode methods (render.Image). A field tagged `codec:"-"` is left out.
// Pointers, interfaces, maps, funcs and channels make T unregistrable
// unless tagged or given methods: the error names the field. If *T has a
// Validate() error method, every decoded value is checked with it.
//
// T is also registered as a glue component type. Register must be called
// before the registry is in use ([Registry.Seal]), and panics otherwise.
// Other mistakes — a type or a name registered twice, a field with no
// codec, options that do not fit — are recorded and reported by
// [Registry.Err], which the plugins' startup systems check.
func Register[T any](reg *Registry, opts ...Option) {
	c := reg.register(reflect.TypeOf((*T)(nil)), glue.TypeOf[T](), opts)
	if c == nil {
		return
	}
	encp := c.encp
	c.enc = func(v *T, w *Writer) { encp(unsafe.Pointer(v), w) }
}

// register does Register's work outside the generic function, so that
// it is compiled once rather than once per registered type's shape
// (issue #40: 101 KB of code in breakout.wasm when Register and its
// closures were generic): ptr is the type *T. It returns the codec, nil
// after a mistake, which it records. The caller adds the typed encoder.
func (reg *Registry) register(ptr reflect.Type, gtype glue.Type, opts []Option) *Codec {
	o := collect(opts)
	c := newCodec(ptr, gtype, o)
	if ptr.Implements(binaryType) {
		if !reg.customFits(c, o) {
			return nil
		}
		tab := itabOf(c.rtype)
		c.encp = func(p unsafe.Pointer, w *Writer) { (&op{tab: tab}).selfCoder(p).Encode(w) }
		c.decp = func(p unsafe.Pointer, r *Reader) error { return (&op{tab: tab}).selfCoder(p).Decode(r) }
		reg.add(c, o)
		return c
	}
	p := reg.derive(c, o)
	if p == nil {
		return nil
	}
	if o.migrate != nil {
		if o.migrateType != ptr {
			reg.fail(fmt.Errorf("codec: Register[%s]: Migrate is for another type (%T)", c.gtype, o.migrate))
			return nil
		}
		c.migrate = o.migrateP
	}
	c.encp = p.encode
	if len(p.fast) == 1 && p.fast[0].k == kRaw {
		// All fixed-size, in one run (physics.Body): one copy.
		off, n := p.fast[0].off, p.fast[0].n
		c.encp = func(v unsafe.Pointer, w *Writer) {
			w.buf = append(w.buf, unsafe.Slice((*byte)(unsafe.Add(v, off)), n)...)
		}
	}
	c.decp = func(base unsafe.Pointer, r *Reader) error { p.decode(base, r); return nil }
	reg.add(c, o)
	return c
}

// customFits reports whether options o fit c, a type with its own Encode
// and Decode methods, recording the mistake if not. Not generic, so that
// Register's instances stay small (one per registered type's shape).
func (reg *Registry) customFits(c *Codec, o *options) bool {
	if len(o.derivedOnly) > 0 {
		reg.fail(fmt.Errorf("codec: Register[%s]: option %s needs a derived codec, but %s has its own Encode and Decode methods", c.gtype, o.derivedOnly[0], c.gtype))
		return false
	}
	return true
}

// derive compiles c's plan from its fields and checks the Only and Skip
// options against it; it records the mistake and returns nil if either
// fails. Not generic, for the same reason as customFits.
func (reg *Registry) derive(c *Codec, o *options) *plan {
	p, err := compile(c.rtype, o.float32)
	if err != nil {
		reg.fail(fmt.Errorf("codec: Register[%s]: %v", c.gtype, err))
		return nil
	}
	if unknown := p.only(o.onlyOr(p)); len(unknown) > 0 {
		reg.fail(fmt.Errorf("codec: Register[%s]: Only names %s, which %s does not have", c.gtype, strings.Join(unknown, ", "), c.gtype))
		return nil
	}
	if unknown := p.skip(o.skip); len(unknown) > 0 {
		reg.fail(fmt.Errorf("codec: Register[%s]: Skip names %s, which %s does not have", c.gtype, strings.Join(unknown, ", "), c.gtype))
		return nil
	}
	c.plan = p
	return p
}

// onlyOr returns the Only fields, or every field.
func (o *options) onlyOr(p *plan) []string {
	if o.only != nil {
		return o.only
	}
	names := make([]string, len(p.ops))
	for i, op := range p.ops {
		names[i] = op.name
	}
	return names
}

// hasPath reports whether path names a field of the plan: a field, a
// struct field holding others ("Pos" of "Pos.X"), or a field of a
// slice's elements ("Inv.Qty").
func (p *plan) hasPath(path string) bool {
	for i := range p.ops {
		o := &p.ops[i]
		if o.name == path || strings.HasPrefix(o.name, path+".") {
			return true
		}
		if rest, ok := strings.CutPrefix(path, o.name+"."); ok && o.k == kSlice && o.elem != nil && o.elem.hasPath(rest) {
			return true
		}
	}
	return false
}

func collect(opts []Option) *options {
	o := &options{}
	for _, opt := range opts {
		if opt.apply != nil {
			opt.apply(o)
		}
	}
	return o
}

// newCodec makes the codec of T (ptr is the type *T) without its coders:
// its types, its default ([Default]) and whether it validates.
func newCodec(ptr reflect.Type, gtype glue.Type, o *options) *Codec {
	c := &Codec{rtype: ptr.Elem(), ptype: ptr, gtype: gtype, userVersion: o.version, renames: o.renames}
	if o.def != nil && reflect.TypeOf(o.def) == c.rtype {
		c.def = reflect.ValueOf(o.def)
	}
	c.validate = ptr.Implements(validatorType)
	return c
}

var validatorType = reflect.TypeFor[validator]()

// decodeWith makes a T from its default, fills it with fill, checks it
// (ranges, Validate) and returns it in an interface.
func (c *Codec) decodeWith(r *Reader, fill func(unsafe.Pointer) error) (any, error) {
	pv := reflect.New(c.rtype)
	if c.def.IsValid() {
		pv.Elem().Set(c.def)
	}
	p := pv.UnsafePointer()
	if err := fill(p); err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if err := c.checkRanges(p); err != nil {
		return nil, err
	}
	if c.validate {
		if err := pv.Interface().(validator).Validate(); err != nil {
			return nil, err
		}
	}
	return pv.Elem().Interface(), nil
}

// encAny encodes v, a *T or a T, and reports whether v was one.
func (c *Codec) encAny(v any, w *Writer) bool {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return false
	}
	switch rv.Type() {
	case c.ptype:
		if rv.IsNil() {
			return false
		}
		c.encp(rv.UnsafePointer(), w)
	case c.rtype:
		// A copy, as the encoder gets a pointer: v's own memory may be
		// read-only.
		pv := reflect.New(c.rtype)
		pv.Elem().Set(rv)
		c.encp(pv.UnsafePointer(), w)
	default:
		return false
	}
	return true
}

// decAny decodes a T and returns it in an interface: of an old schema
// if c is an adapter's codec ([Codec.Adapt]).
func (c *Codec) decAny(r *Reader) (any, error) {
	if c.adapted != nil {
		return c.decodeAdapted(c.adapted, r)
	}
	return c.decodeWith(r, func(p unsafe.Pointer) error { return c.decp(p, r) })
}

// RegisterFunc adds T to the registry with a codec written by hand: enc
// writes the value to the Writer, dec reads it back in the same order
// and may return an error for invalid values. For custom types and
// compact forms a derived codec cannot give. A field of type glue.Entity
// is written with [Writer.Entity] and read with [Reader.Entity], never
// as a number, so that loaders can remap it. dec must not keep the
// Reader. A decoder that panics is treated like one that returned an
// error. Its values are opaque to save files: give the codec a
// [Version] and bump it whenever enc writes something else (a save of
// another version does not load). Otherwise as [Register]; the options
// that need a derived codec are errors.
func RegisterFunc[T any](reg *Registry, enc func(*T, *Writer), dec func(*Reader) (T, error), opts ...Option) {
	o := collect(opts)
	c := newCodec(reflect.TypeOf((*T)(nil)), glue.TypeOf[T](), o)
	if enc == nil || dec == nil {
		reg.fail(fmt.Errorf("codec: RegisterFunc[%s]: encoder and decoder must not be nil", c.gtype))
		return
	}
	if len(o.derivedOnly) > 0 {
		reg.fail(fmt.Errorf("codec: RegisterFunc[%s]: option %s needs a derived codec (codec.Register)", c.gtype, o.derivedOnly[0]))
		return
	}
	c.enc = enc
	c.encp = func(p unsafe.Pointer, w *Writer) { enc((*T)(p), w) }
	c.decp = func(p unsafe.Pointer, r *Reader) error {
		v, err := dec(r)
		*(*T)(p) = v
		return err
	}
	reg.add(c, o)
}

// fail records a registration mistake, or panics if the registry is in
// use.
func (reg *Registry) fail(err error) {
	if reg.sealed.Load() {
		panic(err.Error() + " (and registered after the registry is in use)")
	}
	reg.errs = append(reg.errs, err)
}

// pkgNames maps package paths to package names, learned from the types
// registered (in any registry): reflect names a type argument by its
// package's path, and a main package's path is "main" under go run and
// in the browser but its import path under go test.
var pkgNames sync.Map

// learn records the package name of t's package, and of the named types
// it is made of.
func learn(t reflect.Type, depth int) {
	if t.Name() != "" && t.PkgPath() != "" {
		s := t.String()
		if i := strings.IndexByte(s, '.'); i > 0 && !strings.ContainsAny(s[:i], "[*") {
			pkgNames.Store(t.PkgPath(), s[:i])
		}
	}
	if depth > 4 {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			learn(t.Field(i).Type, depth+1)
		}
	case reflect.Array, reflect.Slice, reflect.Pointer:
		learn(t.Elem(), depth+1)
	}
}

// nameOf returns t's default registered name: its Go name with every
// package, also those of type arguments, named by its package name
// ("glue.State[main.Phase]"), which is the same under go run, go test
// and in the browser. A package none of whose types was seen is named by
// the last element of its path.
func nameOf(t reflect.Type) string {
	s := t.String()
	if !strings.Contains(s, "/") {
		return s
	}
	var b strings.Builder
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !strings.ContainsRune("[], *()", rune(s[i])) {
			continue
		}
		tok := s[start:i]
		if slash := strings.LastIndexByte(tok, '/'); slash >= 0 {
			dot := strings.IndexByte(tok[slash:], '.')
			if dot > 0 {
				path, ident := tok[:slash+dot], tok[slash+dot+1:]
				name := path[slash+1:]
				if n, ok := pkgNames.Load(path); ok {
					name = n.(string)
				}
				tok = name + "." + ident
			}
		}
		b.WriteString(tok)
		if i < len(s) {
			b.WriteByte(s[i])
		}
		start = i + 1
	}
	return b.String()
}

// add adds a codec made by Register, or records why it cannot be added.
func (reg *Registry) add(c *Codec, o *options) {
	if err := c.setRanges(o.ranges); err != nil {
		reg.fail(err)
		return
	}
	learn(c.rtype, 0)
	c.name, c.explicit = nameOf(c.rtype), o.name != ""
	if c.explicit {
		c.name = o.name
	}
	name := c.name
	if reg.sealed.Load() {
		panic(fmt.Sprintf("codec: Register[%s] called after the registry is in use; register every type before the app starts", name))
	}
	c.setName(name)
	for _, rn := range c.renames {
		if c.plan != nil && !c.plan.hasPath(rn[1]) {
			reg.errs = append(reg.errs, fmt.Errorf("codec: %s: Renamed(%q, %q): %s has no field %q; give the field's name as it is now (a field of a slice's elements by its path, e.g. \"Inv.Qty\")", name, rn[0], rn[1], c.gtype, rn[1]))
		}
	}
	if _, dup := reg.byType[c.rtype]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("codec: type %s registered twice; register each type once", c.gtype))
		return
	}
	if old, dup := reg.byName[name]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("codec: types %s and %s have the same name %q; names tell types apart in save files and on the wire, so give one an explicit name (codec.Name) or rename it", old.rtype, c.rtype, name))
		return
	}
	reg.byType[c.rtype] = c
	reg.byName[name] = c
	reg.byGlue[c.gtype] = c
}

// Err returns the registration mistakes, joined, or nil.
func (reg *Registry) Err() error { return errors.Join(reg.errs...) }

// setName names c and makes its schema and wire version.
func (c *Codec) setName(name string) {
	c.name = name
	c.schema = Schema{Name: name, Version: c.userVersion, Custom: c.plan == nil}
	if c.plan != nil {
		c.schema.Fields = c.plan.fields()
	}
	h := fnv.New32a()
	h.Write([]byte(c.schema.String()))
	c.version = uint8(h.Sum32())
}

// String lists the registered types, one per line, by name, with their
// schemas: "breakout.Ball v0 {R:f64}".
func (reg *Registry) String() string {
	var b strings.Builder
	for _, c := range reg.Codecs() {
		b.WriteString(c.schema.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Codecs returns the registered types, by name (and so by wire id).
func (reg *Registry) Codecs() []*Codec {
	out := make([]*Codec, 0, len(reg.byName))
	for _, c := range reg.byName {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// Seal makes the registry read-only, numbers its types for the wire
// (1, 2, … in name order) and returns its registration error. The
// plugins that use a registry seal it when they start; registering
// afterwards panics.
func (reg *Registry) Seal() error {
	if reg.sealed.CompareAndSwap(false, true) {
		// Names of type arguments from packages registered after the
		// generic type were guesses: name again, now that every
		// package is known.
		for _, c := range reg.Codecs() {
			if n := nameOf(c.rtype); !c.explicit && n != c.name {
				if old, dup := reg.byName[n]; dup {
					reg.errs = append(reg.errs, fmt.Errorf("codec: types %s and %s have the same name %q; give one an explicit name (codec.Name)", old.rtype, c.rtype, n))
					continue
				}
				delete(reg.byName, c.name)
				c.setName(n)
				reg.byName[n] = c
			}
		}
		cs := reg.Codecs()
		if len(cs) > math.MaxUint16 {
			reg.errs = append(reg.errs, fmt.Errorf("codec: %d types registered; at most %d fit the wire", len(cs), math.MaxUint16))
		}
		for i, c := range cs {
			c.id = uint16(i + 1)
			reg.byID[c.id] = c
		}
	}
	return reg.Err()
}

// Of returns T's codec and typed encoder, or an error saying how to
// register T.
func Of[T any](reg *Registry) (*Codec, func(*T, *Writer), error) {
	if reg == nil {
		return nil, nil, errors.New("codec: no registry")
	}
	c, ok := reg.byType[reflect.TypeFor[T]()]
	if !ok {
		name := glue.TypeOf[T]().String()
		return nil, nil, fmt.Errorf("codec: type %s is not registered; call codec.Register[%s](registry) before the app starts", name, name)
	}
	return c, c.enc.(func(*T, *Writer)), nil
}

// ByWire returns the codec of a wire id and version, or an error if the id
// is not registered or has another version.
func (reg *Registry) ByWire(id uint16, version uint8) (*Codec, error) {
	c, ok := reg.byID[id]
	if !ok {
		return nil, fmt.Errorf("codec: unknown type id %d: not registered here", id)
	}
	if c.version != version {
		return nil, fmt.Errorf("codec: type id %d (%s) arrived with version %d, but version %d is registered here", id, c.name, version, c.version)
	}
	return c, nil
}

// ByID returns the codec registered under a wire id, or nil.
func (reg *Registry) ByID(id uint16) *Codec { return reg.byID[id] }

// ByName returns the codec of the type named name ("breakout.Ball"), or
// nil.
func (reg *Registry) ByName(name string) *Codec { return reg.byName[name] }

// ByType returns the codec of a glue type, or nil if it is not
// registered.
func (reg *Registry) ByType(t glue.Type) *Codec { return reg.byGlue[t] }

// ID returns the type's wire id, its place in name order: 0 until the
// registry is sealed.
func (c *Codec) ID() uint16 { return c.id }

// Version returns the type's wire version: a hash of its schema, so
// that two ends whose codecs of a type differ tell it.
func (c *Codec) Version() uint8 { return c.version }

// Name returns the type's registered name, e.g. "breakout.Ball".
func (c *Codec) Name() string { return c.name }

// Schema returns how the codec writes its type, as save files record
// it.
func (c *Codec) Schema() Schema { return c.schema }

// Type returns the type as a glue.Type.
func (c *Codec) Type() glue.Type { return c.gtype }

// Encode writes v, a *T or a T of the codec's type T, to w. Another type,
// or a nil *T, is an error.
func (c *Codec) Encode(v any, w *Writer) error {
	if !c.encAny(v, w) {
		return fmt.Errorf("codec: encoding %s: got a %T", c.name, v)
	}
	return nil
}

// Decode decodes one value from r, which must hold exactly its bytes, and
// returns it as a T in an interface. Bytes left unread, a decoder's error
// and a decoder's panic are errors naming the type.
func (c *Codec) Decode(r *Reader) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("codec: decoder of %s panicked: %v", c.name, p)
		}
	}()
	t, err := c.decAny(r)
	if err == nil {
		err = r.Err()
	}
	if err != nil {
		return nil, &decodeError{c.name, err}
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("codec: decoding %s: %d bytes left unread; encoder and decoder disagree", c.name, r.Len())
	}
	return t, nil
}

// decodeError is an error decoding a value of a registered type: "codec:
// decoding Ball: field Pos.X: data truncated: …".
type decodeError struct {
	name string
	err  error
}

func (e *decodeError) Error() string {
	return "codec: decoding " + e.name + ": " + strings.TrimPrefix(e.err.Error(), "codec: ")
}

func (e *decodeError) Unwrap() error { return e.err }
