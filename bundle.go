package glue

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/gluekit/glue/internal/world"
)

// A bundle is a struct whose exported fields are components, spawned and
// inserted as one:
//
//	type Ship struct {
//		Pos    Pos
//		Vel    Vel
//		Sprite Sprite
//	}
//
//	glue.SpawnBundle(cmds, Ship{Pos: Pos{X: 10}, Sprite: shipSprite})
//
// Any struct type is a bundle; nothing is registered. Its fields are
// analysed once per type, with reflection, the first time a command uses
// it; after that a bundle is copied into storage field by field with no
// reflection and no allocation, so a bundle of 10 components spawns as
// fast per component as one of 2 (the typed [Spawn2] … [Spawn8] stop at
// 8). A bundle's rules:
//
//   - every field is exported and named: an unexported field or an
//     embedded one is an error. Bundles do not nest: a struct field is a
//     component (any Go type but a pointer or an interface is one), so
//     list the components of an inner bundle as fields of the outer one;
//   - no field is a pointer or an interface, and no two fields have the
//     same type (an entity has one component of each type);
//   - it has at least one field.
//
// A bundle that breaks a rule fails its commands with an error naming the
// bundle, the field and the fix, as a command with a bad component does
// (the package documentation, # Failed ticks); [CheckBundle] reports it
// before any command.

// bundleInfo is what a bundle type's analysis found: its component
// types and fields in field order, or why it is not a bundle.
type bundleInfo struct {
	types  []*world.Type
	fields []world.Field
	err    error
}

// bundles caches the analysis of each bundle type, once per process
// (component types are process-wide too: see world.TypeFor).
var bundles sync.Map // reflect.Type → *bundleInfo

// bundleOf returns the analysis of bundle type B.
func bundleOf[B any]() *bundleInfo {
	rt := reflect.TypeFor[B]()
	if v, ok := bundles.Load(rt); ok {
		return v.(*bundleInfo)
	}
	v, _ := bundles.LoadOrStore(rt, analyseBundle(rt))
	return v.(*bundleInfo)
}

// CheckBundle returns why B cannot be a bundle, or nil: the error its
// commands would fail with. Games call it in a test, or at startup, to
// learn of a bad bundle before a tick fails.
func CheckBundle[B any]() error {
	if err := bundleOf[B]().err; err != nil {
		return fmt.Errorf("glue: %w", err)
	}
	return nil
}

// analyseBundle works out a bundle type's fields.
func analyseBundle(rt reflect.Type) *bundleInfo {
	name := world.ShortName(rt)
	bad := func(format string, args ...any) *bundleInfo {
		return &bundleInfo{err: fmt.Errorf("bundle %s: "+format, append([]any{name}, args...)...)}
	}
	if rt.Kind() != reflect.Struct {
		return bad("is a %s, not a struct; a bundle is a struct whose fields are the components, e.g. struct{ Pos Pos; Vel Vel }", rt.Kind())
	}
	if rt.NumField() == 0 {
		return bad("has no fields; give it one field per component")
	}
	info := &bundleInfo{}
	for i := range rt.NumField() {
		f := rt.Field(i)
		switch {
		case f.Anonymous:
			return bad("field %s is embedded; bundles do not nest and every component is a named field: write it as %s %s (or list the inner bundle's components as fields)", f.Name, f.Name, world.ShortName(f.Type))
		case !f.IsExported():
			return bad("field %s is unexported; export it (%s) — a bundle's fields are its components, all of them spawned", f.Name, strings.ToUpper(f.Name[:1])+f.Name[1:])
		}
		if err := checkComponentType(f.Type); err != nil {
			return bad("field %s: %v", f.Name, err)
		}
		t := world.TypeOfReflect(f.Type)
		for j, prev := range info.types {
			if prev == t {
				return bad("fields %s and %s have the same type %s; an entity has one component of each type: drop one, or make it a type of its own (type Target Pos)", rt.Field(j).Name, f.Name, t.Name)
			}
		}
		info.types = append(info.types, t)
		info.fields = append(info.fields, world.NewField(t, f.Offset))
	}
	return info
}

// bundleStore holds the values of a buffer's commands of bundle type B.
type bundleStore[B any] struct {
	info *bundleInfo
	arch int // the bundle's archetype, once known (world.SpawnCached)
	vals []B
}

func newBundleStore[B any]() *bundleStore[B] {
	return &bundleStore[B]{info: bundleOf[B](), arch: -1}
}

func (s *bundleStore[B]) check() error { return s.info.err }

func (s *bundleStore[B]) reset() {
	clear(s.vals)
	s.vals = s.vals[:0]
}

func (s *bundleStore[B]) spawn(w *world.World, ents []world.Entity, row int) error {
	blk, err := w.SpawnCached(s.info.types, ents, &s.arch)
	if err != nil {
		return err
	}
	world.FillFields(w, blk, s.info.fields, s.vals[row:row+len(ents)])
	return nil
}

func (s *bundleStore[B]) spawnRepeat(w *world.World, ents []world.Entity, row int) error {
	blk, err := w.SpawnCached(s.info.types, ents, &s.arch)
	if err != nil {
		return err
	}
	world.FillRepeat(w, blk, s.info.fields, &s.vals[row])
	return nil
}

func (s *bundleStore[B]) insert(w *world.World, e world.Entity, row int) {
	world.PutFields(w, e, s.info.fields, &s.vals[row])
}

// SpawnBundle is [Commands.Spawn] with the components of a bundle: the
// fields of b, a struct (see the rules above [CheckBundle]). It queues b
// without boxing it (no allocation once the system's buffer has grown),
// and the bundles of one type that a system spawns one after another are
// applied as one batch. It returns the new entity's id at once;
// everything [Commands.Spawn] says about ids, order and failures holds.
func SpawnBundle[B any](cmds Commands, b B) Entity {
	st, at := storeOf(cmds.buf, newBundleStore[B])
	id := cmds.buf.reserve()
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdSpawnTyped, e: id, off: int32(len(st.vals)), tn: at})
	st.vals = append(st.vals, b)
	return id
}

// InsertBundle is [Commands.Insert] with the components of a bundle: it
// adds the fields of b to the entity, or overwrites the components it
// has of those types. Inserting into an entity that no longer exists
// does nothing.
func InsertBundle[B any](cmds Commands, target Entity, b B) {
	st, at := storeOf(cmds.buf, newBundleStore[B])
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdInsertTyped, e: target, off: int32(len(st.vals)), tn: at})
	st.vals = append(st.vals, b)
}
