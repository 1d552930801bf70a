package glue

import (
	"reflect"
	"sort"
	"time"

	"github.com/gluekit/glue/internal/world"
)

// This file is glue's inspection API: what a diagnostics overlay or an
// entity inspector (modules/diag) reads of a running app — entities,
// archetypes, component and resource values, stage and system timings —
// and the pause and single-step of its ticks. Reading uses reflection
// and allocates: call it when something is shown, not every tick. None
// of it is concurrent-safe; call it between ticks or from a draw stage's
// system, like every other App method.

// inspectState is the App's state for pause, step and profiling.
type inspectState struct {
	paused bool
	steps  int
	// profiling turns timing on; stages holds the stages' times.
	profiling bool
	stages    map[*stageDef]*stageTime
}

type stageTime struct {
	spent time.Duration
	runs  uint64
}

// hold reports whether App.Update holds the tick: the app is paused and
// no step is left. A step is used up by the tick it lets run.
func (s *inspectState) hold() bool {
	if !s.paused {
		return false
	}
	if s.steps > 0 {
		s.steps--
		return false
	}
	return true
}

// Pause holds the app's ticks: from the next [App.Update] on, Update
// runs no update stage, does not count a tick and returns nil, until
// [App.Resume] (or, one tick at a time, [App.Step]). The draw stages
// still run ([App.Draw]), so a paused game is still drawn and the
// systems of its draw stages — a diagnostics overlay — still work.
// Startup systems run at the first Update even when paused.
//
// Pause is for apps driven by a renderer, whose draw stages go on and
// can resume them; [App.Run] of a paused app would never return. A
// fixed-step clock (timer.Plugin's default) stands still while paused
// and advances exactly one step per [App.Step]; a variable-step clock
// counts at most its largest delta for the first tick after a pause.
func (a *App) Pause() { a.insp.paused = true }

// Resume lets the app's ticks run again after [App.Pause], and drops the
// steps not yet taken.
func (a *App) Resume() { a.insp.paused, a.insp.steps = false, 0 }

// Paused reports whether the app is paused ([App.Pause]).
func (a *App) Paused() bool { return a.insp.paused }

// Step lets exactly one more tick run while the app is paused: the next
// [App.Update] runs it, and the one after holds again. Steps add up: two
// Steps before an Update let the next two Updates run. Step does nothing
// when the app is not paused.
func (a *App) Step() {
	if a.insp.paused {
		a.insp.steps++
	}
}

// Entities appends the ids of every entity of the world to dst and
// returns it: archetype by archetype, in the order the archetypes were
// created, and within one in storage order (which changes as entities
// come and go).
func (a *App) Entities(dst []Entity) []Entity {
	if a.world == nil {
		return dst
	}
	n := len(dst)
	ids := a.world.Entities(nil)
	dst = append(dst, make([]Entity, len(ids))...)
	for i, e := range ids {
		dst[n+i] = Entity(e)
	}
	return dst
}

// Alive reports whether e is an entity of the world: spawned and not
// despawned since.
func (a *App) Alive(e Entity) bool {
	return a.world != nil && a.world.Valid(world.Entity(e))
}

// ComponentTypes returns the types of e's components, in its
// archetype's layout order, or nil if e is not alive.
func (a *App) ComponentTypes(e Entity) []Type {
	if a.world == nil {
		return nil
	}
	ts := a.world.Types(world.Entity(e))
	if ts == nil {
		return nil
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = Type{t}
	}
	return out
}

// Component returns a copy of e's component of type t, boxed for display
// (fmt prints it), or false if e is not alive or has no t. It uses
// reflection: for tools, not for a game's rules.
func (a *App) Component(e Entity, t Type) (any, bool) {
	if a.world == nil || t.info == nil {
		return nil, false
	}
	p := a.world.Value(world.Entity(e), t.info) // a *T into storage
	if p == nil {
		return nil, false
	}
	return reflect.ValueOf(p).Elem().Interface(), true
}

// Archetype describes one archetype of the world: a set of component
// types and the number of entities that have exactly those.
type Archetype struct {
	// Types are the component types, in layout order.
	Types []Type
	// Len is the number of entities.
	Len int
}

// ArchetypeList returns the world's archetypes in the order they were
// created, empty ones included (archetypes are never removed).
// [App.Archetypes] counts them without allocating.
func (a *App) ArchetypeList() []Archetype {
	if a.world == nil {
		return nil
	}
	infos := a.world.ArchetypeInfos(nil)
	out := make([]Archetype, len(infos))
	for i, info := range infos {
		ts := make([]Type, len(info.Types))
		for k, t := range info.Types {
			ts[k] = Type{t}
		}
		out[i] = Archetype{Types: ts, Len: info.Len}
	}
	return out
}

// ResourceValue is a resource of the app, for display.
type ResourceValue struct {
	// Name is the resource's type name, e.g. "breakout.Game".
	Name string
	// Value is a copy of the resource, boxed.
	Value any
}

// Resources returns a copy of every resource of the app, sorted by name.
// Copies share what the resources point to (slices, maps).
func (a *App) Resources() []ResourceValue {
	var out []ResourceValue
	for _, s := range a.resources {
		if s.val == nil {
			continue
		}
		out = append(out, ResourceValue{Name: s.name, Value: reflect.ValueOf(s.val).Elem().Interface()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// SetProfiling turns the timing of stages and systems on or off. While
// it is on, every stage run and every system run is timed (two clock
// reads each) and added to what [App.Timings] reports; off (the
// default), a stage pays one test. Turning it off keeps the totals;
// turning it on again adds to them.
func (a *App) SetProfiling(on bool) {
	a.insp.profiling = on
	if on && a.insp.stages == nil {
		a.insp.stages = map[*stageDef]*stageTime{}
	}
	if a.exec != nil {
		a.exec.Profile = on
	}
}

// Profiling reports whether stages and systems are timed
// ([App.SetProfiling]).
func (a *App) Profiling() bool { return a.insp.profiling }

// StageTiming is what one stage's runs took while profiling was on
// ([App.SetProfiling]).
type StageTiming struct {
	// Stage is the stage's name.
	Stage Stage
	// Draw tells a draw stage ([App.Draw]) from an update stage.
	Draw bool
	// Spent is the wall time of the stage's runs: its systems and the
	// application of their commands. Runs counts them: stages without
	// systems are not run and not counted.
	Spent time.Duration
	Runs  uint64
	// Systems are the stage's systems in execution order.
	Systems []SystemTiming
}

// SystemTiming is what one system's runs took while profiling was on.
type SystemTiming struct {
	// Name is the system's name ([System.Name]).
	Name string
	// Spent is the time of the system's runs; a run split over workers
	// counts the time of every chunk, so Spent can exceed the stage's
	// wall time. Runs counts the runs (skipped by a run condition: not
	// counted).
	Spent time.Duration
	Runs  uint64
}

// Timings appends the totals measured since profiling was first turned
// on, one StageTiming per stage with systems — update stages and draw
// stages in tick order, then state-transition stages (OnEnter, OnExit)
// — and returns it. The totals only grow: diff two readings for what
// happened between them. The Systems slices of dst's elements are
// reused, so reading into the same dst again allocates nothing once it
// has grown. It returns dst[:0] before the app is built.
func (a *App) Timings(dst []StageTiming) []StageTiming {
	dst = dst[:0]
	if a.exec == nil {
		return dst
	}
	add := func(st *stageDef) {
		info := st.plan
		if info == nil || len(info.runs) == 0 {
			return
		}
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
		} else {
			dst = append(dst, StageTiming{})
		}
		t := &dst[len(dst)-1]
		t.Stage, t.Draw = st.name, st.thread == renderThread
		t.Spent, t.Runs = 0, 0
		if s := a.insp.stages[st]; s != nil {
			t.Spent, t.Runs = s.spent, s.runs
		}
		t.Systems = t.Systems[:0]
		for _, r := range info.runs {
			t.Systems = append(t.Systems, SystemTiming{Name: r.name, Spent: r.node.Spent, Runs: r.node.Runs})
		}
	}
	for _, st := range a.stages {
		add(st)
	}
	for _, st := range a.transStages {
		add(st)
	}
	return dst
}

// timeStage adds the time since t0 to a stage's total.
func (a *App) timeStage(st *stageDef, t0 time.Time) {
	s := a.insp.stages[st]
	if s == nil {
		s = &stageTime{}
		a.insp.stages[st] = s
	}
	s.spent += time.Since(t0)
	s.runs++
}
