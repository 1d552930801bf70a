package glue

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/gluekit/glue/internal/sched"
)

// planInfo is a stage's plan: the scheduler's, and the systems in
// execution order.
type planInfo struct {
	plan *sched.Plan
	runs []*sysRun // execution order
}

// buildStage initialises a stage's systems and plans it.
func (a *App) buildStage(st *stageDef) []error {
	var errs []error
	names := map[string]bool{}
	var nodes []*sched.Node
	nameRuns(st.runs)
	for _, r := range st.runs {
		if names[r.name] {
			err := fmt.Errorf("glue: system %s added twice to stage %s; to run a function twice, add a second System with another name (Named)", r.name, st.name)
			if runtime.GOOS != "js" && namedAlike(st.runs, r) { // cycle.go
				err = fmt.Errorf("glue: two systems of stage %s are named %s; give each its own name (Named)", st.name, r.name)
			}
			errs = append(errs, err)
			continue
		}
		names[r.name] = true
		errs = append(errs, a.initRun(r)...)
		nodes = append(nodes, r.node)
	}
	errs = append(errs, resolveAfter(st)...)
	p, err := sched.NewPlan(nodes)
	if err != nil {
		if runtime.GOOS != "js" && errors.As(err, new(*sched.CycleError)) { // cycle.go
			if c := cycleOf(nodes); c != "" {
				err = fmt.Errorf("systems are ordered in a cycle: %s; remove one of these After", c)
			}
		}
		return append(errs, fmt.Errorf("glue: stage %s: %w", st.name, err))
	}
	info := &planInfo{plan: p}
	for _, n := range p.Order {
		info.runs = append(info.runs, n.Data.(*sysRun))
	}
	st.plan = info
	if a.opts.Strict {
		for _, c := range p.Conflicts() {
			if !p.Ordered(c[0], c[1]) {
				x, y := c[0].Data.(*sysRun), c[1].Data.(*sysRun)
				errs = append(errs, fmt.Errorf("glue: systems %s and %s of stage %s conflict (%s) and are not ordered; order them, e.g. %s.After(%s) with the System value of %s or a Label it is in", x.name, y.name, st.name, conflictWhat(c[0], c[1]), y.name, x.name, x.name))
			}
		}
	}
	return errs
}

// nameRuns names the runs of a stage (or of startup) after their specs.
// Function literals written in one function share its name ("main.main");
// where two of them meet, each is told apart by its literal's line
// ("breakout.main:42"), which is the same in every build mode.
func nameRuns(runs []*sysRun) {
	count := map[string]int{}
	for _, r := range runs {
		count[r.spec.name]++
	}
	for _, r := range runs {
		r.name = r.spec.name
		if count[r.name] > 1 && r.spec.line > 0 {
			r.name = fmt.Sprintf("%s:%d", r.name, r.spec.line)
		}
	}
}

// runStage runs one stage's systems and applies their commands. If a
// system fails, the stage's commands are discarded (see the package
// documentation, # Failed ticks).
func (a *App) runStage(st *stageDef) error {
	info := st.plan
	if info == nil || len(info.runs) == 0 {
		return nil
	}
	a.current = st
	a.watch.at(st)
	defer func() { a.current = nil }()
	if a.insp.profiling { // App.SetProfiling (inspect.go)
		defer a.timeStage(st, time.Now())
	}
	condFailed := false
	for _, r := range info.runs {
		for _, q := range r.queries {
			q.Refresh()
		}
		r.node.Skip = len(r.conds) > 0 && !r.check()
		condFailed = condFailed || r.ctxs[0].condErr != nil
		if r.node.Skip {
			// A skipped system issues nothing: drop what its conditions
			// may have left in its buffer, so that it does not apply in
			// a later tick the system runs.
			r.bufs[0].discard()
			r.flush(1, false)
		}
	}
	var failed []error
	if condFailed {
		failed = condErrors(info)
	} else {
		failed = a.runPlan(st, info)
	}
	if errs := failed; len(errs) > 0 {
		for _, r := range info.runs {
			for c := range r.bufs {
				r.bufs[c].discard()
			}
			r.flush(len(r.bufs), false)
		}
		return joinErrors(a.systemErrors(errs))
	}
	var errs []error
	for _, r := range info.runs {
		for c := range r.node.Chunks {
			errs = append(errs, a.apply(r, &r.bufs[c])...)
		}
		r.flush(r.node.Chunks, true)
		r.node.Chunks = 0
	}
	return joinErrors(errs)
}

// condErrors returns the errors of the conditions of a stage that could
// not be evaluated (a resource one reads is missing): as the system's own
// params would, they fail the tick rather than skip the system for ever,
// and no system of the stage runs.
func condErrors(info *planInfo) []error {
	var errs []error
	for _, r := range info.runs {
		if err := r.ctxs[0].condErr; err != nil {
			r.ctxs[0].condErr = nil
			errs = append(errs, &SystemError{System: r.name, Stage: r.stageName(), Err: err})
		}
	}
	return errs
}

// runPlan runs a stage's plan. A system that ends the goroutine calling
// App.Update (runtime.Goexit: t.Fatal, t.FailNow) cannot be stopped from
// ending it, as a panic can; runPlan sees the goroutine unwind, and the
// app fails with a SystemError naming the system, said on stderr (no
// caller is left to return it to) and returned by any later Update
// (natively: the browser build leaves the report out, stall_js.go).
func (a *App) runPlan(st *stageDef, info *planInfo) []error {
	done := false
	defer func() {
		if !done {
			a.goexited(st, info)
		}
	}()
	errs := a.exec.Run(info.plan, st.thread == updateThread)
	done = true
	return errs
}

// systemErrors turns the scheduler's errors into *SystemErrors.
func (a *App) systemErrors(errs []error) []error {
	for i, err := range errs {
		if g, ok := err.(*sched.GoexitError); ok {
			errs[i] = &SystemError{System: g.Node, Stage: a.currentStage(), Err: err}
		}
	}
	return errs
}

// currentStage names the stage being run, or "startup".
func (a *App) currentStage() string {
	if a.current != nil {
		return string(a.current.name)
	}
	return "startup"
}

// runStartup runs the startup systems in priority order, applying each
// one's commands before the next runs.
func (a *App) runStartup() error {
	for _, r := range a.startup {
		for _, q := range r.queries {
			q.Refresh()
		}
		if err := r.runChunk(0, 0, r.total()); err != nil {
			r.bufs[0].discard()
			r.flush(1, false)
			return err
		}
		r.flush(1, true)
		if errs := a.apply(r, &r.bufs[0]); len(errs) > 0 {
			return joinErrors(errs)
		}
	}
	return nil
}

func conflictWhat(x, y *sched.Node) string {
	var what []string
	for _, k := range x.Access.Overlap(&y.Access) {
		what = append(what, keyName(k))
	}
	return joinNames(what)
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
