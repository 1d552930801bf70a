package glue

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

// Thread names the driver that runs a system. A tick runs every stage twice
// at most: once on the update thread ([App.Update]) and once on the render
// thread ([App.Draw]); each pass runs only the systems bound to its thread.
// Headless drivers ([App.Run]) run only the update thread.
type Thread uint8

const (
	// UpdateThread runs game logic. It is the default thread.
	UpdateThread Thread = iota
	// RenderThread runs drawing systems inside the renderer's draw
	// callback (Ebitengine's Game.Draw). Systems of the render thread
	// always run one after another, never in parallel.
	RenderThread
)

// String returns "update" or "render".
func (t Thread) String() string {
	switch t {
	case UpdateThread:
		return "update"
	case RenderThread:
		return "render"
	}
	return fmt.Sprintf("Thread(%d)", int(t))
}

type systemKind uint8

const (
	globalSystem systemKind = iota
	entitySystem
)

// System is a system ready to be added to an [App]: a function plus what it
// reads and writes. Make one with the typed constructors — [System0] …
// [System6] for global systems (run once per tick), [Each1] … [Each4] and
// their P1…P3 variants for entity systems (run once per matching entity) —
// then refine it with the methods below, which return the System for
// chaining:
//
//	glue.Each2P1(MoveBall).With(glue.TypeOf[Ball]()).Named("MoveBall")
//
// A System value may be added to one app once.
type System struct {
	name     string
	module   string
	kind     systemKind
	thread   Thread
	priority int
	hasPrio  bool
	after    []string
	seq      int // registration index within its stage (or startup list)
	stage    *stageDef

	comps    []*typeInfo // entity systems: queried components, in order
	with     []*typeInfo
	without  []*typeInfo
	readOnly []*typeInfo

	// filled by init
	access    access
	queries   []*queryState // own query first for entity systems
	chunkSafe bool

	init func(b *builder) error
	// run runs a global system, or an entity system over its entities in
	// positions [lo, hi).
	run func(ctx *runCtx, lo, hi int) error

	added bool
	bufs  []*cmdBuffer // command buffers, one per chunk
	used  int          // buffers used by the current stage run
	ctx   runCtx       // the run context of unsplit runs

	// nsPerItem is the system's measured time per entity visited (per run
	// for global systems without queries), a moving average: the
	// scheduler's estimate of what the next run will cost.
	nsPerItem float64
	runs      uint32 // unsplit runs, to time one in eight
	// nsSplit is the wall time per entity of the system's split runs;
	// splitProbe counts the runs it was not split because splitting did
	// not pay.
	nsSplit    float64
	splitProbe uint32
}

func newSystem(fn any, kind systemKind) *System {
	name, module := funcName(fn)
	return &System{name: name, module: module, kind: kind, chunkSafe: kind == entitySystem}
}

// funcName derives a system's name and module from its function:
// "github.com/gluekit/glue/modules/render.DrawBox[...]" gives name
// "render.DrawBox[...]" and module "github.com/gluekit/glue/modules/render".
// Reflection runs once, when the system is made, never per tick.
func funcName(fn any) (name, module string) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "<nil>", ""
	}
	full := runtime.FuncForPC(v.Pointer()).Name()
	// Strip the generic instantiation "[...]" for splitting.
	base := full
	if i := strings.Index(base, "["); i >= 0 {
		base = base[:i]
	}
	slash := strings.LastIndex(base, "/")
	dot := strings.Index(base[slash+1:], ".")
	if dot < 0 {
		return full, ""
	}
	module = base[:slash+1+dot]
	name = full[slash+1:]
	name = strings.TrimSuffix(name, "-fm")
	if i := strings.Index(name, "[...]"); i >= 0 {
		name = name[:i] + name[i+5:]
	}
	return name, module
}

// Name returns the system's name: by default the package-qualified function
// name ("coinflip.StartRound"), or what [System.Named] set.
func (s *System) Name() string { return s.name }

// Module returns the import path of the package the system's function is
// declared in, or what [System.FromModule] set.
func (s *System) Module() string { return s.module }

// Named sets the system's name, used in errors, in [App.Describe] and by
// [System.After]. Names must be unique within a stage.
func (s *System) Named(name string) *System {
	s.name = name
	return s
}

// FromModule sets the module the system is reported under in
// [App.Describe]. Module plugins call it so that a generic system
// instantiated by a game still shows the module it came from.
func (s *System) FromModule(module string) *System {
	s.module = module
	return s
}

// With restricts an entity system to entities that also have every given
// component type. The components are not passed to the system and do not
// count as access.
func (s *System) With(types ...Type) *System {
	for _, t := range types {
		s.with = append(s.with, t.info)
	}
	return s
}

// Without restricts an entity system to entities that have none of the
// given component types.
func (s *System) Without(types ...Type) *System {
	for _, t := range types {
		s.without = append(s.without, t.info)
	}
	return s
}

// ReadOnly declares that the system only reads the given component types,
// which it would otherwise be assumed to write. Systems that only read a
// type may run in parallel with each other. Writing a type declared
// read-only is a data race the scheduler cannot see.
func (s *System) ReadOnly(types ...Type) *System {
	for _, t := range types {
		s.readOnly = append(s.readOnly, t.info)
	}
	return s
}

// OnThread binds the system to a thread; the default is [UpdateThread].
func (s *System) OnThread(t Thread) *System {
	s.thread = t
	return s
}

// Priority orders startup systems: lower priorities run first, systems
// without a priority run last, ties run in registration order. It has no
// effect on systems of a stage.
func (s *System) Priority(p int) *System {
	s.priority, s.hasPrio = p, true
	return s
}

// After makes the system run after the named systems of the same stage,
// even if it was registered before them. Ordering two systems explicitly
// also tells [Options.Strict] that their conflict is intended.
func (s *System) After(names ...string) *System {
	s.after = append(s.after, names...)
	return s
}

// builder collects a system's access and query states while its params
// are initialised.
type builder struct {
	app *App
	sys *System
}

// access is the set of component and resource types a system reads and
// writes. Keys are *typeInfo for components and *resSlot for resources.
type access struct {
	reads, writes []any
}

func (a *access) add(key any, write bool) {
	if write {
		a.reads = removeKey(a.reads, key)
		if !containsKey(a.writes, key) {
			a.writes = append(a.writes, key)
		}
		return
	}
	if !containsKey(a.writes, key) && !containsKey(a.reads, key) {
		a.reads = append(a.reads, key)
	}
}

func containsKey(ks []any, k any) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func removeKey(ks []any, k any) []any {
	for i, x := range ks {
		if x == k {
			return append(ks[:i], ks[i+1:]...)
		}
	}
	return ks
}

// conflictsWith reports whether a and b touch a type and at least one of
// them writes it.
func (a *access) conflictsWith(b *access) bool {
	for _, w := range a.writes {
		if containsKey(b.writes, w) || containsKey(b.reads, w) {
			return true
		}
	}
	for _, w := range b.writes {
		if containsKey(a.reads, w) {
			return true
		}
	}
	return false
}

// component records access to a component type, honouring ReadOnly.
func (b *builder) component(t *typeInfo, readOnly bool) {
	write := !readOnly
	for _, r := range b.sys.readOnly {
		if r == t {
			write = false
		}
	}
	b.sys.access.add(t, write)
}

// query makes a query state over comps, records read (readOnly) or write
// access to them and registers it for refreshing before each stage.
func (b *builder) query(comps, with, without []*typeInfo, readOnly bool) *queryState {
	for _, c := range comps {
		b.component(c, readOnly)
	}
	qs := newQueryState(b.app.world, comps, with, without)
	b.sys.queries = append(b.sys.queries, qs)
	return qs
}

// queryWrites marks an entity system as unsafe to split across workers if
// an extra query of it touches a component type the system writes: chunks
// would then write what other chunks read.
func (b *builder) queryWrites(qs *queryState) {
	for _, c := range qs.infos {
		if containsKey(b.sys.access.writes, c) {
			b.sys.chunkSafe = false
		}
	}
}

// runCtx is what a system run sees: the app, the system and the command
// buffer for this run (entity systems split across workers get one buffer
// per chunk).
type runCtx struct {
	app   *App
	sys   *System
	cmds  *cmdBuffer
	chunk int // which of the system's param slots this run uses
}

// slots is the number of concurrent runs a system can have: one per
// worker, since a split system has at most one chunk per worker.
func (b *builder) slots() int { return max(1, b.app.workers()) }

func (ctx *runCtx) stageName() string {
	if ctx.sys.stage == nil {
		return "startup"
	}
	return ctx.sys.stage.name
}
