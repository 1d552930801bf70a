package glue

import (
	"fmt"
	"reflect"
)

// Condition decides whether a system runs in a tick: see [System.RunIf].
// Make one with [InState], [ResourceExists] or [If].
type Condition struct {
	name string
	init func(b *builder) (eval func(ctx *runCtx) bool, err error)
}

// String returns the condition's name, as [App.Describe] shows it.
func (c Condition) String() string { return c.name }

// RunIf makes the system run only in ticks in which every condition holds.
// Conditions are evaluated when the system's stage starts, before any of
// its systems runs, on the calling goroutine; a system whose condition is
// false is skipped at the cost of evaluating it, and issues no commands.
// A condition's params count as reads of the system.
func (s *System) RunIf(conds ...Condition) *System {
	s.conds = append(s.conds, conds...)
	return s
}

// If makes a condition from a predicate over params (a param, or a struct
// of params, as for [Func]). Conditions only read: a [ResMut], [Local],
// [Commands] or [Writer] in a condition is a build error.
//
//	glue.Func(Spawn).RunIf(glue.If(func(w glue.Res[Wave]) bool { return w.Get().Left > 0 }))
func If[P any](fn func(P) bool) Condition {
	name, _, _ := funcName(fn, 1)
	return Condition{name: "If(" + name + ")", init: func(b *builder) (func(*runCtx) bool, error) {
		if w := writingParam(reflect.TypeFor[P](), ""); w != "" {
			return nil, fmt.Errorf("condition If(%s) takes %s; conditions only read: take Res, Opt, Reader or a read-only query, and move the writing into a system", name, w)
		}
		before := len(b.run.access.Writes)
		chunkSafe := b.run.chunkSafe
		slots, fetch, err := initParams[P](b)
		if err != nil {
			return nil, err
		}
		if len(b.run.access.Writes) != before {
			return nil, fmt.Errorf("condition %s writes; conditions only read (use Res, Opt or a query declared ReadOnly)", name)
		}
		b.run.chunkSafe = chunkSafe
		return func(ctx *runCtx) bool {
			if err := fetchAll(fetch[0], ctx); err != nil {
				ctx.condFailed(name, err)
				return false
			}
			return fn(slots[0])
		}, nil
	}}
}

// condFailed records why the condition If(name) could not be evaluated,
// for runStage to fail the tick with (not generic: one copy for every If).
func (ctx *runCtx) condFailed(name string, err error) {
	if se, ok := err.(*SystemError); ok {
		err = se.Err // the system is named once, by runStage
	}
	ctx.condErr = fmt.Errorf("condition If(%s): %w", name, err)
}

// ResourceExists is a condition that holds while the app has a resource
// of type T.
func ResourceExists[T any]() Condition {
	t := reflect.TypeFor[T]()
	return Condition{name: "ResourceExists[" + t.String() + "]", init: func(b *builder) (func(*runCtx) bool, error) {
		slot := b.app.slotFor(t)
		b.run.access.Add(slot, false)
		return func(*runCtx) bool { return slot.val != nil }, nil
	}}
}

// Not is a condition that holds while c does not: a clock that runs only
// while playing pauses if Not(InState(Playing)).
//
//	glue.Func(Idle).RunIf(glue.Not(glue.InState(Playing)))
func Not(c Condition) Condition {
	return Condition{name: "Not(" + c.name + ")", init: func(b *builder) (func(*runCtx) bool, error) {
		if c.init == nil {
			return nil, fmt.Errorf("it runs if Not of a zero glue.Condition; make the condition with glue.InState, glue.ResourceExists or glue.If")
		}
		eval, err := c.init(b)
		if err != nil {
			return nil, err
		}
		return func(ctx *runCtx) bool { return !eval(ctx) }, nil
	}}
}

// initConds initialises a system's conditions.
func (a *App) initConds(r *sysRun, b *builder) []error {
	var errs []error
	for _, c := range r.spec.conds {
		if c.init == nil {
			errs = append(errs, fmt.Errorf("glue: system %s: it runs if a zero glue.Condition; make the condition with glue.InState, glue.ResourceExists or glue.If", r.name))
			continue
		}
		eval, err := c.init(b)
		if err != nil {
			errs = append(errs, fmt.Errorf("glue: system %s: %w", r.name, err))
			continue
		}
		r.conds = append(r.conds, eval)
	}
	return errs
}

// check evaluates a system's conditions.
func (r *sysRun) check() bool {
	for _, c := range r.conds {
		if !c(&r.ctxs[0]) {
			return false
		}
	}
	return true
}
