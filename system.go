package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/gluekit/glue/internal/sched"
	"github.com/gluekit/glue/internal/world"
)

type systemKind uint8

const (
	globalSystem systemKind = iota
	entitySystem
)

// System describes a system: its function, its name, its filters and
// what it reads and writes. Make one with the typed constructors —
// [Func] for global systems (run once per tick), [Each2] and the other
// EachN for entity systems (run once per matching entity), [Batch2] and
// the other BatchN for entity systems that loop themselves — then refine
// it with the methods below, which return the System for chaining:
//
//	glue.Each2(MoveBall).With(glue.TypeOf[Ball]())
//
// A System is a spec: it holds no run state, so one value may be added to
// several apps, and to several stages of one app. Its methods change the
// spec; call them before adding it.
type System struct {
	name     string
	module   string
	kind     systemKind
	priority int
	hasPrio  bool
	after    []Target
	labels   []Label
	// line is the source line of the function literal the system was
	// made from (0 for a named function, or once Named was called).
	line int
	// named: the name was given with Named (cycle.go's namedAlike).
	named bool

	comps   []*world.Type // entity systems: queried components, in order
	writes  []bool        // per comp: the system writes it (its type argument is a pointer)
	with    []*world.Type
	without []*world.Type
	conds   []Condition
	// withDisabled: the system's queries match disabled entities too
	// (IncludeDisabled, disabled.go).
	withDisabled bool
	// typeErrs are mistakes found when the spec was made (a pointer or
	// interface used as a component), reported by Build.
	typeErrs []error

	// init prepares one run state of the system in an app: it declares
	// the system's access through b and returns the functions that fetch
	// its params (once per run, per chunk) and run its body over entities
	// [lo, hi) of its own query.
	init func(b *builder) (fetch func(ctx *runCtx) error, body func(ctx *runCtx, lo, hi int), err error)
}

func newSystem(fn any, kind systemKind, comps []*world.Type, writes []bool) *System {
	s := &System{kind: kind, comps: comps, writes: writes}
	// Frames: funcName's caller (newSystem), Func or EachN, the code
	// that made the system.
	s.name, s.module, s.line = funcName(fn, 2)
	s.checkNil()
	return s
}

// checkNil records, for Build, that the system was made of a nil
// function (it would fail its first tick, or the first that has entities).
// It is not inlined: every generic constructor's instance calls it.
//
//go:noinline
func (s *System) checkNil() {
	if strings.HasPrefix(s.name, nilFuncName) { // funcName's name for a nil function
		s.typeErrs = append(s.typeErrs, errors.New("glue: system "+s.name+": the function given to Func, Func2 … Func8 or Each1 … Each8 is nil; pass the system's function"))
	}
}

// shortTypeName returns a type's name with its packages' last path
// elements: "render.Plugin", "main.Brick", "glue.Res[breakout.Game]".
func shortTypeName(t reflect.Type) string { return world.ShortName(t) }

// Name returns the system's name: by default the package-qualified name of
// its function or of the constructor that made it ("render.Animate"), with
// the type arguments given to [System.TypeArgs]
// ("render.DrawBox[main.Brick]"), or what [System.Named] set. See
// names.go for the rules; a name is the same under go run, go test and in
// the browser.
func (s *System) Name() string { return s.name }

// Module returns the import path of the package the system's function is
// declared in.
func (s *System) Module() string { return s.module }

// Named sets the system's name, used in errors, in [App.Describe] and by
// [System.After]. Names must be unique within a stage.
func (s *System) Named(name string) *System {
	s.name, s.line, s.named = name, 0, true
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

// Priority orders startup systems: lower priorities run first, systems
// without a priority run last, ties run in registration order. It has no
// effect on systems of a stage.
func (s *System) Priority(p int) *System {
	s.priority, s.hasPrio = p, true
	return s
}

// sysRun is one registration of a System in an app: its run state.
type sysRun struct {
	spec *System
	// name is the system's name in this app: the spec's, with the line
	// of its function literal when two literals of one function meet in
	// a stage (nameRuns).
	name   string
	stage  *stageDef // nil for startup systems
	access sched.Access
	// noPlugin: a resource it needs comes from a plugin the app lacks
	// (reported): its After targets, the missing plugin's, are not.
	noPlugin bool
	// queries are the system's own query (first, for entity systems) and
	// those of its query params, refreshed before each stage.
	queries   []*world.Query
	chunkSafe bool
	fetch     func(ctx *runCtx) error
	body      func(ctx *runCtx, lo, hi int)
	ctxs      []runCtx    // one per chunk
	bufs      []cmdBuffer // one per chunk
	node      *sched.Node
	needs     []*resSlot // resources the system cannot run without
	events    []eventUse
	conds     []func(*runCtx) bool
	// flushes move chunk c's written events to their queues (keep) or
	// drop them, when the stage ends.
	flushes []func(c int, keep bool)
}

// flush moves (or drops) the events the system's chunks wrote.
func (r *sysRun) flush(chunks int, keep bool) {
	for _, f := range r.flushes {
		for c := range chunks {
			f(c, keep)
		}
	}
}

// runCtx is what one run (or chunk) of a system sees.
type runCtx struct {
	app   *App
	run   *sysRun
	cmds  *cmdBuffer
	chunk int
	at    int // position of the span being visited, for restarts
	// condErr is why a condition (If) could not be evaluated: a resource
	// it reads is missing. The system's tick fails with it.
	condErr error
}

func (r *sysRun) stageName() string {
	if r.stage == nil {
		return "startup"
	}
	return string(r.stage.name)
}

// builder collects a system's access and queries while its params are
// initialised.
type builder struct {
	app   *App
	run   *sysRun
	slots int
	errs  []error
}

// query makes a query over comps, records access to them — a write where
// writes says so, a read otherwise — and registers it for refreshing
// before each stage.
func (b *builder) query(comps []*world.Type, writes []bool, with, without []*world.Type) *world.Query {
	for i, c := range comps {
		if err := checkComponentType(c.RType); err != nil {
			b.errs = append(b.errs, err)
		}
		if containsType(comps[:i], c) {
			b.errs = append(b.errs, fmt.Errorf("its query (EachN, BatchN or QueryN) names component type %s twice; name each type once (both would be the one component: a write through one changes the other)", c.Name))
		}
		b.run.access.Add(c, writes[i])
	}
	q := b.app.world.NewQuery(comps, with, hideDisabled(b.run.spec, comps, with, without))
	q.SetPtrs(writes)
	b.run.queries = append(b.run.queries, q)
	return q
}

// paramQuery is query for a query param: a splittable entity system whose
// extra query touches a type the system writes cannot be split, since
// chunks would write what other chunks read.
func (b *builder) paramQuery(comps []*world.Type, writes []bool) *world.Query {
	q := b.query(comps, writes, nil, nil)
	for _, c := range comps {
		if b.run.access.WritesKey(c) {
			b.run.chunkSafe = false
		}
	}
	return q
}

// initRun initialises one registration of a system for the app.
func (a *App) initRun(r *sysRun) []error {
	s := r.spec
	var errs []error
	if strings.TrimSpace(r.name) == "" {
		errs = append(errs, fmt.Errorf("glue: a system in stage %s has a blank name; give it one with Named", r.stageName()))
	}
	errs = append(errs, s.typeErrs...)
	r.chunkSafe = s.kind == entitySystem
	b := &builder{app: a, run: r, slots: a.exec.Workers()}
	if s.kind == entitySystem {
		if err := checkFilters(s); err != nil {
			errs = append(errs, err)
		}
	}
	fetch, body, err := s.init(b)
	if err != nil {
		errs = append(errs, fmt.Errorf("glue: system %s: %w", r.name, err))
	}
	for _, e := range b.errs {
		errs = append(errs, fmt.Errorf("glue: system %s: %w", r.name, e))
	}
	errs = append(errs, a.initConds(r, b)...)
	missing := a.checkProviders(r)
	r.noPlugin = len(missing) > 0
	errs = append(errs, missing...)
	errs = append(errs, a.checkRun(r)...)
	r.fetch, r.body = fetch, body
	r.ctxs = make([]runCtx, b.slots)
	r.bufs = make([]cmdBuffer, b.slots)
	for c := range r.ctxs {
		r.bufs[c].w = a.world
		r.ctxs[c] = runCtx{app: a, run: r, cmds: &r.bufs[c], chunk: c}
	}
	r.node = &sched.Node{
		Name:       r.name,
		Access:     r.access,
		Splittable: s.kind == entitySystem && r.chunkSafe,
		Len:        r.total,
		Work:       r.work,
		Run:        r.runChunk,
		Data:       r,
	}
	for c := range r.bufs {
		r.bufs[c].node, r.bufs[c].chunk = r.node, c
	}
	return errs
}

// checkFilters reports a filter that can never match.
func checkFilters(s *System) error {
	for _, w := range s.without {
		for _, c := range append(append([]*world.Type(nil), s.comps...), s.with...) {
			if c == w {
				return fmt.Errorf("glue: system %s can never run: it needs %s and is filtered Without(%s); remove one of them", s.name, w.Name, w.Name)
			}
		}
	}
	return nil
}

// checkComponentType reports a type that cannot be a component.
func checkComponentType(t reflect.Type) error {
	switch t.Kind() {
	case reflect.Pointer:
		return fmt.Errorf("component type %s is a pointer; components are values: use %s (glue hands out pointers to it)", t, t.Elem())
	case reflect.Interface:
		return fmt.Errorf("component type %s is an interface; components are concrete types: use the struct types that implement it, each as its own component", t)
	}
	return nil
}

// total is the number of entities of the system's own query.
func (r *sysRun) total() int {
	if r.spec.kind == entitySystem {
		return r.queries[0].Len()
	}
	return 0
}

// work is the number of entities the system visits: its own and its
// queries'.
func (r *sysRun) work() int {
	n := 0
	for _, q := range r.queries {
		n += q.Len()
	}
	return n
}

// runChunk runs chunk c of the system over entities [lo, hi): it fetches
// the params once, then runs the body segment by segment
// (sched.Segment entities each), so that a panic ends only its segment
// and a failing system visits the same entities in parallel and
// sequential runs. It returns the first failure.
func (r *sysRun) runChunk(c, lo, hi int) error {
	ctx := &r.ctxs[c]
	if err := r.guard(ctx, -1, 0); err != nil {
		return err
	}
	if r.spec.kind != entitySystem || hi <= lo {
		if r.spec.kind != entitySystem {
			return r.guard(ctx, 0, 0)
		}
		return nil
	}
	// One pass in the normal case; after a panic, go on from the next
	// segment.
	var first error
	more := 0
	for s := lo; s < hi; {
		ctx.at = s
		err := r.guard(ctx, s, hi)
		if err == nil {
			break
		}
		if first == nil {
			first = err
		} else {
			more++
		}
		s = (ctx.at/sched.Segment + 1) * sched.Segment
	}
	if more > 0 {
		var se *SystemError
		if errors.As(first, &se) {
			se.Err = fmt.Errorf("%w (and in %d more segments of %d entities)", se.Err, more, sched.Segment)
		}
	}
	return first
}

// guard runs the fetch (lo < 0) or the body over [lo, hi), turning a
// panic into a *SystemError.
func (r *sysRun) guard(ctx *runCtx, lo, hi int) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &SystemError{System: r.name, Stage: r.stageName(), Err: fmt.Errorf("panic: %v", p), Panic: p, Stack: debug.Stack()}
		}
	}()
	if lo < 0 {
		return r.fetch(ctx)
	}
	r.body(ctx, lo, hi)
	return nil
}
