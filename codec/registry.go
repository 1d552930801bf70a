package codec

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/gluekit/glue"
)

// Registry lists the types that may be encoded — components, resources
// and inputs — each with a wire id, a name, a version and a codec. Nothing
// is ever decoded into a type that is not registered.
//
// modules/net names types by wire id: both ends of a connection must
// register the same types with the same ids and versions, and a message
// naming an id the receiver does not know, or another version, closes the
// connection. modules/save names types by name (the Go type's, as
// [glue.Type.Name] gives it: "breakout.Ball"): a save file lists the
// names and versions of the types it holds, and loading one that names a
// type the game does not register, or another version, is an error.
// Renaming a type, or moving it to a package named otherwise, therefore
// makes old save files name a type that is gone; bump the version when a
// codec changes what it writes.
//
// Make one with [NewRegistry], fill it with [Register], [RegisterBinary]
// and [RegisterTag] before the app starts, and give it to the plugins that
// use it (net.ServerPlugin, net.ClientPlugin, save.Plugin). One game may
// use one registry for both, or a registry each when the network needs
// less of a type than a save file (breakout sends a body's position only,
// and saves its velocity too). Once a plugin uses it ([Registry.Seal]),
// the registry is read-only and concurrent-safe.
type Registry struct {
	byID   map[uint16]*Codec
	byType map[reflect.Type]*Codec
	byName map[string]*Codec
	byGlue map[glue.Type]*Codec
	errs   []error
	sealed atomic.Bool
}

// Codec is one registered type: its wire id, version, name and coders.
type Codec struct {
	id      uint16
	version uint8
	name    string
	rtype   reflect.Type
	gtype   glue.Type
	// enc is the typed encoder, a func(*T, *Writer); generic helpers
	// assert it once.
	enc any
	// encAny encodes a *T or a T held in an interface, and reports
	// whether v was one.
	encAny func(v any, w *Writer) bool
	// decAny is the decoder, its T returned in an interface.
	decAny func(r *Reader) (any, error)
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

// Register adds T to the registry under the wire id and version, with an
// encoder and a decoder. enc writes the value's fields to the Writer; dec
// reads them back in the same order and may return an error for invalid
// values. A field of type glue.Entity is written with [Writer.Entity] and
// read with [Reader.Entity], never as a number, so that loaders can remap
// it. dec must not keep the Reader. A decoder that panics is treated like
// one that returned an error.
//
// T is also registered as a glue component type. Register must be called
// before the registry is in use ([Registry.Seal]), and panics otherwise.
// Other mistakes — nil codecs, an id, a type or a name registered twice —
// are recorded and reported by [Registry.Err], which the plugins' startup
// systems check.
func Register[T any](reg *Registry, id uint16, version uint8, enc func(*T, *Writer), dec func(*Reader) (T, error)) {
	// Only what needs T is generic: the rest is reg.add's and the
	// Codec's, so that each registered type costs little code.
	c := &Codec{id: id, version: version, rtype: reflect.TypeFor[T](), gtype: glue.TypeOf[T](), enc: enc}
	if enc != nil && dec != nil {
		c.encAny = func(v any, w *Writer) bool {
			switch x := v.(type) {
			case *T:
				if x == nil {
					return false
				}
				enc(x, w)
			case T:
				enc(&x, w)
			default:
				return false
			}
			return true
		}
		c.decAny = func(r *Reader) (any, error) { return dec(r) }
	}
	reg.add(c)
}

// add adds a codec made by Register, or records why it cannot be added.
func (reg *Registry) add(c *Codec) {
	c.name = c.gtype.String()
	name := c.name
	if reg.sealed.Load() {
		panic(fmt.Sprintf("codec: Register[%s] called after the registry is in use; register every type before the app starts", name))
	}
	if c.encAny == nil {
		reg.errs = append(reg.errs, fmt.Errorf("codec: Register[%s]: encoder and decoder must not be nil", name))
		return
	}
	if old, dup := reg.byID[c.id]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("codec: wire id %d registered twice, for %s and %s; give each type its own id", c.id, old.name, name))
		return
	}
	if _, dup := reg.byType[c.rtype]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("codec: type %s registered twice; register each type once", name))
		return
	}
	if old, dup := reg.byName[name]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("codec: types %s and %s have the same name %q (their packages' last elements are equal); names tell types apart in save files, so rename one of the types or packages", old.rtype, c.rtype, name))
		return
	}
	reg.byID[c.id] = c
	reg.byType[c.rtype] = c
	reg.byName[name] = c
	reg.byGlue[c.gtype] = c
}

// RegisterBinary registers T with the codec given by its methods Encode
// and Decode (see [IBinary]), like [Register].
func RegisterBinary[T any, PT IBinary[T]](reg *Registry, id uint16, version uint8) {
	Register(reg, id, version,
		func(v *T, w *Writer) { PT(v).Encode(w) },
		func(r *Reader) (T, error) {
			var v T
			err := PT(&v).Decode(r)
			return v, err
		})
}

// RegisterTag registers a type whose values carry no data — a tag
// component such as struct{} — like [Register]: it writes nothing, and
// decodes to the zero T.
func RegisterTag[T any](reg *Registry, id uint16, version uint8) {
	Register(reg, id, version,
		func(*T, *Writer) {},
		func(*Reader) (T, error) {
			var zero T
			return zero, nil
		})
}

// Err returns the registration mistakes, joined, or nil.
func (reg *Registry) Err() error { return errors.Join(reg.errs...) }

// String lists the registered types, one per line, by wire id:
// "1 v1 breakout.Ball".
func (reg *Registry) String() string {
	var b strings.Builder
	for _, c := range reg.Codecs() {
		fmt.Fprintf(&b, "%d v%d %s\n", c.id, c.version, c.name)
	}
	return b.String()
}

// Codecs returns the registered types, by wire id.
func (reg *Registry) Codecs() []*Codec {
	out := make([]*Codec, 0, len(reg.byID))
	for _, c := range reg.byID {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// Seal makes the registry read-only and returns its registration error.
// The plugins that use a registry seal it when they start; registering
// afterwards panics.
func (reg *Registry) Seal() error {
	reg.sealed.Store(true)
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
		return nil, nil, fmt.Errorf("codec: type %s is not registered; call codec.Register[%s](registry, id, version, enc, dec) before the app starts", name, name)
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

// ID returns the type's wire id.
func (c *Codec) ID() uint16 { return c.id }

// Version returns the type's registered version.
func (c *Codec) Version() uint8 { return c.version }

// Name returns the type's name, e.g. "breakout.Ball".
func (c *Codec) Name() string { return c.name }

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
	if err != nil {
		return nil, fmt.Errorf("codec: decoding %s: %w", c.name, err)
	}
	if r.err != nil {
		return nil, fmt.Errorf("codec: decoding %s: %w", c.name, r.err)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("codec: decoding %s: %d bytes left unread; encoder and decoder disagree", c.name, r.Len())
	}
	return t, nil
}
