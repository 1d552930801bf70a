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

// Registry lists the types that may cross the network — components,
// resources and inputs — each with a wire id, a version and a codec. Both
// ends must register the same types with the same ids and versions: a
// message naming an id the receiver does not know, or a version other than
// the registered one, is an error that closes the connection. Nothing is
// ever decoded into a type that is not registered.
//
// Make one with [NewRegistry], fill it with [Register] or [RegisterBinary]
// before the app starts, and give it to [ServerPlugin] and [ClientPlugin].
// Once a server or client uses it, the registry is read-only and
// concurrent-safe.
type Registry struct {
	byID   map[uint16]*Codec
	byType map[reflect.Type]*Codec
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
	// decode decodes one value from a Reader that holds exactly its bytes
	// and returns it as a T in an interface.
	decode func(r *Reader) (any, error)
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{byID: map[uint16]*Codec{}, byType: map[reflect.Type]*Codec{}}
}

// Register adds T to the registry under the wire id and version, with an
// encoder and a decoder. enc writes the value's fields to the Writer; dec
// reads them back in the same order and may return an error for invalid
// values. dec must not keep the Reader. A decoder that panics is treated
// like one that returned an error.
//
// T is also registered as a glue component type. Register must be called
// before the registry is used by a server or client, and panics otherwise.
// Other mistakes — nil codecs, an id or a type registered twice — are
// recorded and reported by [Registry.Err], which the plugins' startup
// systems check.
func Register[T any](reg *Registry, id uint16, version uint8, enc func(*T, *Writer), dec func(*Reader) (T, error)) {
	name := glue.TypeOf[T]().String()
	if reg.sealed.Load() {
		panic(fmt.Sprintf("net: Register[%s] called after the registry is in use; register every type before the app starts", name))
	}
	if enc == nil || dec == nil {
		reg.errs = append(reg.errs, fmt.Errorf("net: Register[%s]: encoder and decoder must not be nil", name))
		return
	}
	c := &Codec{
		id:      id,
		version: version,
		name:    name,
		rtype:   reflect.TypeFor[T](),
		gtype:   glue.TypeOf[T](),
		enc:     enc,
	}
	c.decode = func(r *Reader) (v any, err error) {
		defer func() {
			if p := recover(); p != nil {
				v, err = nil, fmt.Errorf("net: decoder of %s panicked: %v", name, p)
			}
		}()
		t, err := dec(r)
		if err != nil {
			return nil, fmt.Errorf("net: decoding %s: %w", name, err)
		}
		if r.err != nil {
			return nil, fmt.Errorf("net: decoding %s: %w", name, r.err)
		}
		if r.Len() != 0 {
			return nil, fmt.Errorf("net: decoding %s: %d bytes left unread; encoder and decoder disagree", name, r.Len())
		}
		return t, nil
	}
	if old, dup := reg.byID[id]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("net: wire id %d registered twice, for %s and %s; give each type its own id", id, old.name, name))
		return
	}
	if _, dup := reg.byType[c.rtype]; dup {
		reg.errs = append(reg.errs, fmt.Errorf("net: type %s registered twice; register each type once", name))
		return
	}
	reg.byID[id] = c
	reg.byType[c.rtype] = c
}

// RegisterBinary registers T with the codec given by its methods
// MarshalNet and UnmarshalNet (see [IBinary]), like [Register].
func RegisterBinary[T any, PT IBinary[T]](reg *Registry, id uint16, version uint8) {
	Register(reg, id, version,
		func(v *T, w *Writer) { PT(v).MarshalNet(w) },
		func(r *Reader) (T, error) {
			var v T
			err := PT(&v).UnmarshalNet(r)
			return v, err
		})
}

// Err returns the registration mistakes, joined, or nil.
func (reg *Registry) Err() error { return errors.Join(reg.errs...) }

// String lists the registered types, one per line, by wire id:
// "1 v1 breakout.Ball".
func (reg *Registry) String() string {
	ids := make([]int, 0, len(reg.byID))
	for id := range reg.byID {
		ids = append(ids, int(id))
	}
	sort.Ints(ids)
	var b strings.Builder
	for _, id := range ids {
		c := reg.byID[uint16(id)]
		fmt.Fprintf(&b, "%d v%d %s\n", c.id, c.version, c.name)
	}
	return b.String()
}

// Seal makes the registry read-only and returns its registration error.
// Users of a registry (servers, clients) seal it when they start.
func (reg *Registry) Seal() error {
	reg.sealed.Store(true)
	return reg.Err()
}

// Of returns T's codec and typed encoder, or an error saying how to
// register T.
func Of[T any](reg *Registry) (*Codec, func(*T, *Writer), error) {
	if reg == nil {
		return nil, nil, errors.New("net: no registry")
	}
	c, ok := reg.byType[reflect.TypeFor[T]()]
	if !ok {
		name := glue.TypeOf[T]().String()
		return nil, nil, fmt.Errorf("net: type %s is not registered; call net.Register[%s](registry, id, version, enc, dec) before the app starts", name, name)
	}
	return c, c.enc.(func(*T, *Writer)), nil
}

// ByWire returns the codec of a wire id and version, or an error if the id
// is not registered or has another version.
func (reg *Registry) ByWire(id uint16, version uint8) (*Codec, error) {
	c, ok := reg.byID[id]
	if !ok {
		return nil, fmt.Errorf("net: unknown type id %d: not registered here", id)
	}
	if c.version != version {
		return nil, fmt.Errorf("net: type id %d (%s) arrived with version %d, but version %d is registered here", id, c.name, version, c.version)
	}
	return c, nil
}

// ByID returns the codec registered under a wire id, or nil.
func (reg *Registry) ByID(id uint16) *Codec { return reg.byID[id] }

// ID returns the type's wire id.
func (c *Codec) ID() uint16 { return c.id }

// Version returns the type's registered version.
func (c *Codec) Version() uint8 { return c.version }

// Name returns the type's name, e.g. "breakout.Ball".
func (c *Codec) Name() string { return c.name }

// Type returns the type as a glue.Type.
func (c *Codec) Type() glue.Type { return c.gtype }

// Decode decodes one value from r, which must hold exactly its bytes, and
// returns it as a T in an interface. Bytes left unread, a decoder's error
// and a decoder's panic are errors naming the type.
func (c *Codec) Decode(r *Reader) (any, error) { return c.decode(r) }
