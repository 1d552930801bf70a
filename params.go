package glue

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/gluekit/glue/internal/sched"
	"github.com/gluekit/glue/internal/world"
)

// param is implemented (through a pointer) by the types a system may take
// as parameters — [Commands], [Writer], [Reader], [Added], [Removed] and
// the queries [Query1] … [Query8] — but for [Res], [ResMut], [Opt] and
// [Local], which hold a typedParam. initParam runs once per app when the
// app is built and declares the param's access; fetchParam
// ([paramFetch]), if the param has it, runs before every run of the
// system and fills the param's value.
type param interface {
	initParam(b *builder) error
}

var paramType = reflect.TypeFor[param]()

// paramFetch is implemented by the params that are filled before each
// run of their system, and by the typedParam a [Res], [ResMut] or [Opt]
// holds. The queries and [Local] are filled once, when the app is built,
// and have no fetchParam: a method that does nothing would still be run,
// once per instance, and compiled by the browser before the first frame
// (issue #40).
type paramFetch interface {
	fetchParam(ctx *runCtx) error
}

// paramKinds lists what a system may take, for errors.
const paramKinds = "glue.Res[T], glue.ResMut[T], glue.Opt[T], glue.Local[T], glue.Commands, glue.Writer[E], glue.Reader[E], glue.Added[T], glue.Removed[T], glue.Query1[*A] … glue.Query8[*A, *…], or a struct whose exported fields are these"

// initParams initialises the params of a system that takes a value of type
// P: P itself is a param, or a struct whose exported fields are params
// (nested structs too). It returns one P per chunk slot and, per slot, the
// params to fetch before each run. Reflection runs here, once per app,
// never per tick.
func initParams[P any](b *builder) (slots []P, fetch [][]paramFetch, err error) {
	sv, fetch, err := initSlots(b, reflect.TypeOf((*P)(nil)))
	if err != nil {
		return nil, nil, err
	}
	return sv.([]P), fetch, nil
}

// initSlots does initParams' work outside the generic function: it makes
// the []P (ptr is the type *P), one per chunk slot, and returns it in an
// interface. A generic function is compiled once per shape of P, and
// every system's param struct is a shape of its own, so the reflection
// and the slice's allocation here would otherwise be linked once per
// system (issue #40: 50 KB of code in breakout.wasm when initParams made
// the slice itself).
//
//go:noinline
func initSlots(b *builder, ptr reflect.Type) (any, [][]paramFetch, error) {
	p := ptr.Elem()
	slots := reflect.MakeSlice(reflect.SliceOf(p), b.slots, b.slots)
	tmpl := reflect.New(p).Elem()
	var paths [][]int
	if err := collectParams(b, tmpl, nil, "", &paths); err != nil {
		return nil, nil, err
	}
	fetch := make([][]paramFetch, slots.Len())
	for c := range fetch {
		sv := slots.Index(c)
		sv.Set(tmpl)
		for _, path := range paths {
			f := sv
			if len(path) > 0 {
				f = sv.FieldByIndex(path)
			}
			var p any
			if isTypedParam(f.Type()) {
				p, _ = typedParamOf(f)
			} else {
				p = f.Addr().Interface()
			}
			if pf, ok := p.(paramFetch); ok {
				fetch[c] = append(fetch[c], pf)
			}
		}
	}
	return slots.Interface(), fetch, nil
}

// paramsSystem sets s's init for a system whose params are a P (ptr is
// the type *P): call runs the system's function with slots[c], slots
// being the []P, one per chunk slot, in an interface. Not generic: [Func]
// and the FuncN constructors keep only call in their instances, so the
// build-time steps and the body are compiled once (issue #40: the
// browser compiles each function a game runs before its first frame;
// noinline: inlined, its closures would be compiled into each instance
// again).
//
//go:noinline
func (s *System) paramsSystem(ptr reflect.Type, call func(slots any, c int)) {
	s.init = func(b *builder) (func(*runCtx) error, func(*runCtx, int, int), error) {
		slots, fetch, err := initSlots(b, ptr)
		if err != nil {
			return nil, nil, err
		}
		return fetcher(fetch), func(ctx *runCtx, _, _ int) { call(slots, ctx.chunk) }, nil
	}
}

// spanSystem sets s's init for an entity system (EachN, BatchN and their
// P variants) of components comps: seg runs the system's function on one
// span of q, the system's query, with slots[c] as its params (slots is
// the []P, one per chunk slot, in an interface; ptr is the type *P, nil
// for a system of no params, whose seg gets nil). Not generic, as
// paramsSystem: each instance is its constructor and seg, the loop over
// a span, so the build, the fetch and the body that walks the segments
// are compiled once (issue #40).
//
//go:noinline
func (s *System) spanSystem(comps []*world.Type, writes []bool, ptr reflect.Type, seg func(q *world.Query, sp world.Span, slots any, c int)) {
	s.init = func(b *builder) (func(*runCtx) error, func(*runCtx, int, int), error) {
		q := b.query(comps, writes, s.with, s.without)
		fetch := noFetch
		var slots any
		if ptr != nil {
			sl, f, err := initSlots(b, ptr)
			if err != nil {
				return nil, nil, err
			}
			slots, fetch = sl, fetcher(f)
		}
		body := func(ctx *runCtx, lo, hi int) {
			c := ctx.chunk
			q.Segments(lo, hi, sched.Segment, &ctx.at, func(sp world.Span) { seg(q, sp, slots, c) })
		}
		return fetch, body, nil
	}
}

// noFetch is the fetch of a system of no params.
func noFetch(*runCtx) error { return nil }

// collectParams initialises the params in v (a param or a struct of
// params), recording their field paths.
func collectParams(b *builder, v reflect.Value, path []int, where string, paths *[][]int) error {
	t := v.Type()
	if isTypedParam(t) {
		p, elem := typedParamOf(v)
		if err := p.initTyped(b, elem); err != nil {
			return err
		}
		*paths = append(*paths, append([]int(nil), path...))
		return nil
	}
	if p, ok := v.Addr().Interface().(param); ok {
		if err := p.initParam(b); err != nil {
			return err
		}
		*paths = append(*paths, append([]int(nil), path...))
		return nil
	}
	_, positional := v.Addr().Interface().(positionalParams)
	// A system of no params takes struct{}; a named empty struct is more
	// likely a tag component meant as "each entity with it".
	if t.Kind() == reflect.Struct && (positional || hasParams(t) || t.NumField() == 0 && t.Name() == "") {
		for i := range t.NumField() {
			f := t.Field(i)
			name := where + "." + f.Name
			switch {
			case positional:
				name = fmt.Sprintf("parameter %d", i+1)
			case where == "":
				name = f.Name
			}
			if !f.IsExported() {
				return fmt.Errorf("param field %s of %s is unexported; params are exported fields (rename it %s)", f.Name, t, strings.ToUpper(f.Name[:1])+f.Name[1:])
			}
			if err := collectParams(b, v.Field(i), append(path, i), name, paths); err != nil {
				return err
			}
		}
		return nil
	}
	what := "the parameter"
	if strings.HasPrefix(where, "parameter ") {
		what = where
	} else if where != "" {
		what = "param field " + where
	}
	hint := ""
	if base := t; base.Kind() == reflect.Pointer || base.Kind() == reflect.Struct {
		if base.Kind() == reflect.Pointer {
			base = base.Elem()
		}
		hint = fmt.Sprintf("; to use the resource %s, take glue.Res[%s] (read) or glue.ResMut[%s] (write)", base, base, base)
		switch {
		case t.Kind() == reflect.Pointer && isParam(base):
			// *glue.Query1[*Pos]: not a resource (a stranger, 30 Nov).
			hint = fmt.Sprintf("; take %s itself, not a pointer to it", shortTypeName(base))
		case base.PkgPath() == "github.com/gluekit/glue" && (strings.HasPrefix(base.Name(), "View[") || strings.HasPrefix(base.Name(), "Column[")):
			hint = "; glue.View, glue.Column and glue.Entities are the params of a BatchN system's function (glue.Batch1(func(ids glue.Entities, v glue.View[Vel])), not of a system made with Func or EachN"
		}
		if t.Kind() == reflect.Struct && t.NumField() == 0 {
			n := shortTypeName(t)
			hint = fmt.Sprintf("; to visit the entities that have the component %s, take glue.Query1[%s] or make the system with glue.Each1(func(glue.Entity, %s)); a system of no params takes struct{}", n, n, n)
		}
	}
	return fmt.Errorf("%s has type %s, which is not a system param%s; a system takes %s", what, t, hint, paramKinds)
}

// hasParams reports whether a struct type has a param field, directly or
// in a nested struct.
func hasParams(t reflect.Type) bool {
	for i := range t.NumField() {
		ft := t.Field(i).Type
		if isParam(ft) || ft.Kind() == reflect.Struct && hasParams(ft) {
			return true
		}
	}
	return false
}

// fetchAll fetches a slot's params.
// fetcher returns the fetch step of a system whose params are fetch, one
// list per chunk slot. It is made here, not as a closure in each generic
// system constructor, so that it is compiled once rather than once per
// system's param type.
func fetcher(fetch [][]paramFetch) func(*runCtx) error {
	return func(ctx *runCtx) error { return fetchAll(fetch[ctx.chunk], ctx) }
}

func fetchAll(ps []paramFetch, ctx *runCtx) error {
	for _, p := range ps {
		if err := p.fetchParam(ctx); err != nil {
			return err
		}
	}
	return nil
}

// resSlot holds the app's one resource of a type.
type resSlot struct {
	rtype reflect.Type
	name  string
	val   any // a *T, or nil when the resource does not exist
	// local tells that the type is [MachineLocal]: no checkpoint saves,
	// restores or hashes it.
	local bool
}

// slotFor returns the resource slot of a type, creating an empty one.
func (a *App) slotFor(t reflect.Type) *resSlot {
	if s, ok := a.resources[t]; ok {
		return s
	}
	s := &resSlot{rtype: t, name: shortTypeName(t), local: isMachineLocal(t)}
	a.resources[t] = s
	a.ckpt.slots = append(a.ckpt.slots, s)
	return s
}

// InsertResource adds a resource before the app is built. There is at most
// one resource per type: inserting a second of the same type is reported
// by [App.Build]. Pass a value, not a pointer: glue keeps a copy and hands
// systems a pointer to it. To replace a resource while the app runs, use
// [Commands.InsertResource].
//
// Panics if the app was already built.
func (a *App) InsertResource(v any) *App {
	a.mustNotBeBuilt("InsertResource")
	if err := checkResource(v); err != nil {
		a.setupErrs = append(a.setupErrs, err)
		return a
	}
	if slot, ok := a.resources[reflect.TypeOf(v)]; ok && slot.val != nil {
		a.errorf("glue: duplicate resource %s: the app already has one; a resource type can be inserted once%s", slot.name, duplicateHint(v, slot.name))
		return a
	}
	a.setResource(v)
	return a
}

// checkResource reports a value that cannot be a resource.
func checkResource(v any) error {
	if v == nil {
		return fmt.Errorf("glue: InsertResource(nil): a resource is a value of its own type, e.g. InsertResource(Score{})")
	}
	if t := reflect.TypeOf(v); t.Kind() == reflect.Pointer {
		return fmt.Errorf("glue: InsertResource(%s): resources are values, not pointers; pass a %s (systems then take glue.Res[%s] and get a pointer to glue's copy)", t, t.Elem(), t.Elem())
	}
	return nil
}

// setResource stores a copy of v in the slot of v's type.
func (a *App) setResource(v any) {
	rv := reflect.ValueOf(v)
	slot := a.slotFor(rv.Type())
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	slot.val = p.Interface()
}

// Resource returns the app's resource of type T, or nil. It is for
// drivers, tests and tools between ticks; systems take [Res] or [ResMut].
func Resource[T any](a *App) *T {
	if s, ok := a.resources[reflect.TypeFor[T]()]; ok && s.val != nil {
		return s.val.(*T)
	}
	return nil
}

// Provided is implemented by resource types that a plugin inserts. When a
// system needs such a resource ([Res] or [ResMut]) and the plugin was not
// added, [App.Build] reports it and names the plugin to add. ProvidedBy
// returns the plugin's name as [App.AddPlugins] records it, e.g.
// "render.Plugin".
type Provided interface {
	ProvidedBy() string
}

var providedType = reflect.TypeFor[Provided]()

// MachineLocal is implemented by resource types that hold a machine's own
// state rather than the game's: the input devices and their state, key
// bindings, the audio device, mute and volume, the screen, the camera, a
// draw list, a diagnostics overlay — what differs between a native host
// and a browser page playing the same game, or between a muted player and
// an unmuted one. A [Checkpoint] neither saves nor restores nor hashes
// them ([Checkpoint.Digest] leaves them out), so a rollback never takes
// back a key pressed or a volume set, and a player's preferences never
// show as a desync. The method does nothing; its presence is the mark:
//
//	// MachineLocal marks Overlay as this machine's.
//	func (Overlay) MachineLocal() {}
//
// Rules must not read machine-local state (it differs between the
// players); [Checkpoint.Keep] does the same for types a game cannot
// mark.
type MachineLocal interface {
	MachineLocal()
}

var machineLocalType = reflect.TypeFor[MachineLocal]()

// isMachineLocal reports whether t or *t implements MachineLocal.
func isMachineLocal(t reflect.Type) bool {
	return t.Implements(machineLocalType) || reflect.PointerTo(t).Implements(machineLocalType)
}

// MachineLocalTypes returns the types of the app's resources marked
// [MachineLocal], in the order the app first saw them: for drivers that
// keep them around a re-run of ticks (rollback netcode puts them back
// afterwards). Call it after [App.Build].
func (a *App) MachineLocalTypes() []Type {
	var out []Type
	for _, s := range a.ckpt.slots {
		if s.local {
			out = append(out, Type{world.TypeOf(reflect.Zero(s.rtype).Interface())})
		}
	}
	return out
}

// Configurable is implemented by resource types a plugin inserts whose
// first value the game sets through one of the plugin's options.
// ConfiguredBy names the option, e.g. "render.Plugin.Camera": a game that
// inserts the resource itself gets a duplicate-resource error that names
// it, and [Res]/[ResMut] as the other way.
type Configurable interface {
	ConfiguredBy() string
}

// duplicateHint is the end of a duplicate-resource error for v: how to
// set the resource the plugin inserts, if v's type says which plugin
// does ([Provided]) or which option sets it ([Configurable]).
func duplicateHint(v any, name string) string {
	resMut := fmt.Sprintf("change it from a startup system with glue.ResMut[%s]", name)
	if c, ok := v.(Configurable); ok {
		return fmt.Sprintf(". Set its first value with %s instead, or %s", c.ConfiguredBy(), resMut)
	}
	if p, ok := v.(Provided); ok {
		return fmt.Sprintf(". %s inserts it: configure it through %s's options, or %s", p.ProvidedBy(), p.ProvidedBy(), resMut)
	}
	return ""
}

// checkProviders reports resources a system needs whose plugin is missing.
func (a *App) checkProviders(r *sysRun) []error {
	var errs []error
	for _, slot := range r.needs {
		t := slot.rtype
		var p Provided
		if t.Implements(providedType) {
			p = reflect.Zero(t).Interface().(Provided)
		} else if reflect.PointerTo(t).Implements(providedType) {
			p = reflect.New(t).Interface().(Provided)
		} else {
			continue
		}
		if name := p.ProvidedBy(); !a.HasPlugin(name) && slot.val == nil {
			errs = append(errs, fmt.Errorf("glue: system %s needs resource %s, which %s inserts, but the app has no %s; add it with app.AddPlugins(%s{})", r.name, slot.name, name, name, name))
		}
	}
	return errs
}

// Res gives a system read access to the resource of type T. Systems that
// only read a resource may run in parallel. The system fails with an error
// naming it, its stage and T if the resource does not exist when it runs.
type Res[T any] struct {
	_   [0]*T // names T for the build: see typedParam
	res resRead
}

// Get returns the resource. The pointer is valid during this run of the
// system; the resource must not be modified through it.
func (r Res[T]) Get() *T { p, _ := r.res.val.(*T); return p }

// ResMut gives a system read and write access to the resource of type T.
// No other system that uses T runs at the same time. The system fails with
// an error naming it, its stage and T if the resource does not exist when
// it runs.
type ResMut[T any] struct {
	_   [0]*T
	res resWrite
}

// Get returns the resource for reading and writing during this run.
func (r ResMut[T]) Get() *T { p, _ := r.res.val.(*T); return p }

// Opt gives a system read access to the resource of type T if it exists:
// unlike [Res], a missing resource is not an error.
type Opt[T any] struct {
	_   [0]*T
	res resOpt
}

// Get returns the resource, or nil if there is none.
func (r Opt[T]) Get() *T { p, _ := r.res.val.(*T); return p }

// resParam is what [Res], [ResMut] and [Opt] hold: the resource's slot
// and, while the system runs, the resource. The kind of access is the
// field's type (resRead, resWrite, resOpt).
type resParam struct {
	slot *resSlot
	val  any // the resource, a *T, while the system runs
}

type (
	resRead  resParam // Res: reads, needed
	resWrite resParam // ResMut: writes, needed
	resOpt   resParam // Opt: reads, optional
)

func (r *resRead) initTyped(b *builder, t reflect.Type) error {
	return initRes(b, &r.slot, t, false, true)
}

func (r *resWrite) initTyped(b *builder, t reflect.Type) error {
	return initRes(b, &r.slot, t, true, true)
}

func (r *resOpt) initTyped(b *builder, t reflect.Type) error {
	return initRes(b, &r.slot, t, false, false)
}

// typedParam is the part of a generic param that does not depend on its
// type argument: [Res], [ResMut], [Opt] and [Local] are a zero-size field
// of type [0]*T, which names T for the build, and a typedParam, which is
// built with T's reflect.Type. Their build and fetch are then compiled
// once, not once per type — the generic types only assert their *T in
// Get (issue #40: the browser compiles each function a game runs before
// its first frame, and Breakout ran about 280 copies of these and of the
// system adapters). A typedParam that implements [paramFetch] is fetched
// before each run.
type typedParam interface {
	initTyped(b *builder, t reflect.Type) error
}

var typedParamType = reflect.TypeFor[typedParam]()

// isTypedParam reports whether t is a param of a typedParam: [Res],
// [ResMut], [Opt] or [Local].
func isTypedParam(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.NumField() != 2 {
		return false
	}
	tag := t.Field(0).Type
	return tag.Kind() == reflect.Array && tag.Len() == 0 && tag.Elem().Kind() == reflect.Pointer &&
		reflect.PointerTo(t.Field(1).Type).Implements(typedParamType)
}

// typedParamOf returns the typedParam that v (addressable, of a type
// isTypedParam accepts) holds, and its type argument T.
func typedParamOf(v reflect.Value) (typedParam, reflect.Type) {
	return world.FieldAddr(v, 1).(typedParam), v.Type().Field(0).Type.Elem().Elem()
}

// isParam reports whether a value of type t is a system param.
func isParam(t reflect.Type) bool {
	return reflect.PointerTo(t).Implements(paramType) || isTypedParam(t)
}

func (r *resRead) fetchParam(ctx *runCtx) error { return (*resParam)(r).fetch(ctx) }

func (r *resWrite) fetchParam(ctx *runCtx) error { return (*resParam)(r).fetch(ctx) }

// fetch fills in the resource, or returns the error naming the system,
// its stage and the type if there is none.
func (r *resParam) fetch(ctx *runCtx) error {
	if r.val = r.slot.val; r.val == nil {
		return ctx.app.missingResource(ctx.run, r.slot)
	}
	return nil
}

func (r *resOpt) fetchParam(*runCtx) error {
	r.val = r.slot.val
	return nil
}

func initRes(b *builder, slot **resSlot, t reflect.Type, write, needed bool) error {
	if t.Kind() == reflect.Pointer {
		return fmt.Errorf("resource type %s is a pointer; resources are values: take the resource as %s", t, t.Elem())
	}
	*slot = b.app.slotFor(t)
	b.run.access.Add(*slot, write)
	if write {
		b.run.chunkSafe = false
	}
	if needed {
		b.run.needs = append(b.run.needs, *slot)
	}
	return nil
}

func (a *App) missingResource(r *sysRun, slot *resSlot) error {
	msg := fmt.Sprintf("needs resource %s, but the app has none; insert it with App.InsertResource or Commands.InsertResource before this system runs", slot.name)
	if pt, ok := a.resources[reflect.PointerTo(slot.rtype)]; ok && pt.val != nil {
		msg = fmt.Sprintf("needs resource %s, but the app has a *%s instead; insert the value, not a pointer", slot.name, slot.name)
	}
	if slot.rtype.Implements(stateResourceType) {
		// InsertResource is not the fix: the state machine's systems
		// come with AddState (a stranger followed the hint, 30 Nov).
		msg = fmt.Sprintf("needs resource %s, but the app has no state machine of that type; add it with glue.AddState(app, initial), which inserts its State and NextState", slot.name)
	}
	if by := a.pendingInsert(slot.rtype, r); by != "" {
		msg = fmt.Sprintf("needs resource %s, which system %s inserts by a command in this stage; commands apply when the stage ends, so run this system in a later stage", slot.name, by)
	}
	return &SystemError{System: r.name, Stage: r.stageName(), Err: fmt.Errorf("%s", msg)}
}

// pendingInsert returns the system of the running stage that has a
// command inserting a resource of type t not yet applied, or "". It looks
// at the systems of the levels before r's, which have finished: reading
// the buffers of r's own level would race with their systems.
func (a *App) pendingInsert(t reflect.Type, r *sysRun) string {
	if a.current == nil || a.current.plan == nil {
		return ""
	}
	for _, lv := range a.current.plan.plan.Levels {
		for _, n := range lv {
			if n == r.node {
				return ""
			}
		}
		for _, n := range lv {
			o := n.Data.(*sysRun)
			for c := range o.bufs {
				buf := &o.bufs[c]
				for _, cmd := range buf.cmds {
					if cmd.kind == cmdInsertResource && reflect.TypeOf(buf.vals[cmd.off]) == t {
						return o.name
					}
				}
			}
		}
	}
	return ""
}

// Local is state private to one system that persists between its runs,
// like a static variable. T starts as its zero value. A system with a
// Local is never split across workers.
type Local[T any] struct {
	_   [0]*T // names T for the build: see typedParam
	loc localParam
}

// Get returns the system's state.
func (l Local[T]) Get() *T { p, _ := l.loc.val.(*T); return p }

// localParam is what a [Local] holds: its state, made when the app is
// built.
type localParam struct {
	val any // a *T
}

func (l *localParam) initTyped(b *builder, t reflect.Type) error {
	l.val = reflect.New(t).Interface()
	b.run.chunkSafe = false
	b.app.ckpt.locals = append(b.app.ckpt.locals, l.val)
	return nil
}

// Commands queues changes to the world — spawning and despawning entities,
// adding and removing components and resources, ending the app. Commands
// are applied when every system of the current stage has finished, in the
// order the systems run and, within a system, in the order they were
// issued; their effects are visible from the next stage on. Taking
// Commands does not stop a system from running in parallel.
type Commands struct {
	buf *cmdBuffer
}

func (c *Commands) initParam(b *builder) error { return nil }

func (c *Commands) fetchParam(ctx *runCtx) error {
	c.buf = ctx.cmds
	return nil
}

// Added lists the entities that gained a component of type T — by being
// spawned with it or by having it inserted — since the system last ran
// (for its first run: since the app started), within the last
// [ChangeWindow] ticks. An entity may have lost T again since;
// [Query1.Get] tells. A system with Added is never split across workers.
type Added[T any] struct {
	reader
}

// ChangeWindow is how many ticks [Added] and [Removed] keep a change for a
// system that has not run: a reader that runs less often than that misses
// the oldest changes, so that a reader that never runs (a draw system of
// an app that is never drawn) holds no memory.
const ChangeWindow = 120

func (a *Added[T]) initParam(b *builder) error {
	t := world.TypeFor[T]()
	if err := checkComponentType(t.RType); err != nil {
		return err
	}
	a.init(b.app.changes(b.app.addedLogs, t))
	b.run.access.Add(t, false)
	b.run.chunkSafe = false
	return nil
}

// Removed lists the entities that lost a component of type T — by having it
// removed or by being despawned — since the system last ran, within the
// last [ChangeWindow] ticks. The components are gone; the entities may be
// too. A system with Removed is never split across workers.
type Removed[T any] struct {
	reader
}

func (r *Removed[T]) initParam(b *builder) error {
	t := world.TypeFor[T]()
	if err := checkComponentType(t.RType); err != nil {
		return err
	}
	r.init(b.app.changes(b.app.removedLogs, t))
	b.run.chunkSafe = false
	return nil
}

// reader is a cursor into a change log.
type reader struct {
	log    *changeLog
	cursor *int
	list   []Entity
}

func (r *reader) init(l *changeLog) {
	r.log = l
	r.cursor = l.reader()
}

// Entities returns the entities, oldest change first; an entity changed
// several times is listed each time.
func (r reader) Entities() []Entity { return r.list }

func (r *reader) fetchParam(*runCtx) error {
	r.list = r.log.read(r.cursor)
	return nil
}

func (a *App) changes(logs map[*world.Type]*changeLog, t *world.Type) *changeLog {
	if l, ok := logs[t]; ok {
		return l
	}
	l := &changeLog{}
	logs[t] = l
	a.ckpt.logs = append(a.ckpt.logs, l)
	a.watchChanges()
	return l
}

// watchChanges has the world report added (removed) components once some
// Added (Removed) param reads them: until then changes cost no callback.
func (a *App) watchChanges() {
	w := a.world
	if len(a.addedLogs) > 0 && w.OnAdd == nil {
		w.OnAdd = func(t *world.Type, e world.Entity) { a.logChange(a.addedLogs, t, e) }
	}
	if len(a.removedLogs) > 0 && w.OnRemove == nil {
		w.OnRemove = func(t *world.Type, e world.Entity) { a.logChange(a.removedLogs, t, e) }
	}
}

func (a *App) logChange(logs map[*world.Type]*changeLog, t *world.Type, e world.Entity) {
	if l, ok := logs[t]; ok {
		l.list = append(l.list, Entity(e))
	}
}

func (a *App) trimLogs() {
	for _, l := range a.addedLogs {
		l.trim()
	}
	for _, l := range a.removedLogs {
		l.trim()
	}
}

// changeLog records entities that gained (or lost) one component type, for
// the Added (or Removed) params that read it. Each reader keeps a cursor;
// entries every reader has passed, or older than ChangeWindow ticks, are
// dropped at the end of each tick.
type changeLog struct {
	base    int // absolute position of list[0]
	list    []Entity
	cursors []*int
	ticks   []int // absolute end position of each of the last ticks
}

func (l *changeLog) reader() *int {
	c := new(int)
	*c = l.base + len(l.list)
	l.cursors = append(l.cursors, c)
	return c
}

func (l *changeLog) read(cursor *int) []Entity {
	if *cursor < l.base {
		*cursor = l.base // the reader missed changes older than the window
	}
	n := len(l.list)
	out := l.list[*cursor-l.base : n : n]
	*cursor = l.base + n
	return out
}

func (l *changeLog) trim() {
	end := l.base + len(l.list)
	if len(l.ticks) == ChangeWindow {
		copy(l.ticks, l.ticks[1:])
		l.ticks = l.ticks[:ChangeWindow-1]
	}
	l.ticks = append(l.ticks, end)
	low := end
	for _, c := range l.cursors {
		low = min(low, *c)
	}
	if len(l.ticks) == ChangeWindow {
		low = max(low, l.ticks[0])
	}
	drop := low - l.base
	if drop <= 0 {
		return
	}
	n := copy(l.list, l.list[drop:])
	clear(l.list[n:])
	l.list = l.list[:n]
	l.base = low
}
