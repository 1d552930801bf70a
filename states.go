package glue

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/gluekit/glue/internal/world"
)

// StateTransition is the core stage in which state changes take effect,
// after PreUpdate and before Update: see [AddState].
const StateTransition Stage = "StateTransition"

// State is the resource that holds the current value of the state machine
// of type S (a game's phase: serving, playing, paused …). Systems read it
// with Res[State[S]]; they request a change through [NextState].
type State[S comparable] struct {
	current S
	// under are the states paused beneath current by [NextState.Push],
	// bottom first.
	under []S
}

// Get returns the current state: the top of the stack.
func (s State[S]) Get() S { return s.current }

// CopyFrom implements [Copier]: a [Checkpoint] copies the states paused
// beneath the current one, which a later Set or Push rewrites in place.
func (s *State[S]) CopyFrom(src any) {
	o := src.(*State[S])
	s.current, s.under = o.current, append(s.under[:0], o.under...)
}

// stateResource is implemented by State and NextState: a missing one
// is the fault of a missing AddState (missingResource).
type stateResource interface{ stateResource() }

var stateResourceType = reflect.TypeFor[stateResource]()

func (State[S]) stateResource()     {}
func (NextState[S]) stateResource() {}

// StateOf returns a State holding s, for an app that shows a state
// machine running elsewhere — a network watcher inserts the server's
// state with it — and has no [AddState] of its own for S. An app with
// AddState changes state through [NextState] only, so that its OnExit and
// OnEnter systems run.
func StateOf[S comparable](s S) State[S] { return State[S]{current: s} }

// NextState is the resource through which systems request the next state
// of type S, with ResMut[NextState[S]]. The change takes effect in the
// next StateTransition stage (this tick's, if it has not run yet); if
// several requests are made before then, the last one wins.
type NextState[S comparable] struct {
	next S
	set  bool
	op   stackOp
}

// Set requests a change to s: every state on the stack is left, top
// first (see [NextState.Push]), and s entered. Setting the one state the
// app is in does nothing; [NextState.Restart] leaves it and enters it
// again.
func (n *NextState[S]) Set(s S) { n.next, n.set, n.op = s, true, opSet }

// Pending returns the requested state, if any: the state a Set or a Push
// asks for. A Pop or a Restart reports the zero S and true; see
// [NextState.Popping] and [NextState.Restarting].
func (n NextState[S]) Pending() (S, bool) { return n.next, n.set }

// StateScoped is a component that ties an entity to a state: the entity
// is despawned when the app leaves that state. [SpawnIn2] and the other
// SpawnInN spawn an entity with it in one call:
// glue.SpawnIn2(cmds, Playing, Bullet{…}, body).
type StateScoped[S comparable] struct {
	State S
}

// AddState adds a state machine of type S that starts in initial: the
// [State] and [NextState] resources and its transitions. In the
// StateTransition stage of each tick, after that stage's systems, a
// requested change to a different state runs, in this order: the systems
// added to [OnExit] of the old state (their commands applied), the
// despawning of the entities scoped to it ([StateScoped]), the change of
// [State], and the systems added to [OnEnter] of the new state (their
// commands applied). OnEnter of the initial state runs in the first tick.
// Machines of several types change in the order they were added.
//
// Panics if the app was already built.
func AddState[S comparable](app *App, initial S) *App {
	app.mustNotBeBuilt("AddState")
	t := reflect.TypeFor[S]()
	for _, m := range app.states {
		if m.stateType() == t {
			app.errorf("glue: state %s added twice; add each state type once", t)
			return app
		}
	}
	app.InsertResource(State[S]{current: initial})
	app.InsertResource(NextState[S]{})
	app.states = append(app.states, &machine[S]{initial: initial})
	return app
}

// OnEnter names the transition stage whose systems run when the app enters
// state s (see [AddState]). Add systems to it with [App.AddSystems].
func OnEnter[S comparable](s S) Stage { return transitionStage("OnEnter", s) }

// OnExit names the transition stage whose systems run when the app leaves
// state s (see [AddState]).
func OnExit[S comparable](s S) Stage { return transitionStage("OnExit", s) }

// transitionStages maps the names made by OnEnter and OnExit to their
// state type, so that AddSystems can make the stage on first use.
var transitionStages sync.Map // Stage -> reflect.Type

func transitionStage[S comparable](kind string, s S) Stage {
	t := reflect.TypeFor[S]()
	name := Stage(kind + "(" + stateName(s) + ")")
	transitionStages.Store(name, t)
	return name
}

// stateName shows a state value with its type: "breakout.Phase.Playing"
// when the type has a String method, "breakout.Phase(1)" otherwise (give
// the type a String method to see names).
func stateName[S comparable](s S) string {
	t := reflect.TypeFor[S]()
	if str, ok := any(s).(fmt.Stringer); ok {
		return fmt.Sprintf("%s.%s", t, str.String())
	}
	return fmt.Sprintf("%s(%v)", t, s)
}

// InState is a condition that holds while the state of type S is s.
func InState[S comparable](s S) Condition {
	return Condition{name: "InState(" + stateName(s) + ")", init: func(b *builder) (func(*runCtx) bool, error) {
		slot := b.app.slotFor(reflect.TypeFor[State[S]]())
		b.run.access.Add(slot, false)
		if err := b.app.checkStateType(reflect.TypeFor[S](), slot, "InState("+stateName(s)+")"); err != nil {
			return nil, err
		}
		return func(*runCtx) bool {
			st, ok := slot.val.(*State[S])
			return ok && st.current == s
		}, nil
	}}
}

// checkStateType says why cond, a condition on states of type t, could
// never hold: the app has neither a state machine of type t nor the
// State resource.
func (a *App) checkStateType(t reflect.Type, slot *resSlot, cond string) error {
	if a.hasMachine(t) || slot.val != nil {
		return nil
	}
	return fmt.Errorf("its condition %s names a state of type %s, which the app does not have, so it never holds; add the state machine with glue.AddState(app, initial) (or, for a state run elsewhere, insert glue.StateOf(s))", cond, t)
}

// hasMachine reports whether the app has a state machine of type t.
func (a *App) hasMachine(t reflect.Type) bool {
	for _, m := range a.states {
		if m.stateType() == t {
			return true
		}
	}
	return false
}

// stateMachine is an app's state machine of one type.
type stateMachine interface {
	stateType() reflect.Type
	// transition runs a requested change (or the initial OnEnter).
	transition(a *App) error
	// startedFlag is what a Checkpoint keeps of the machine.
	startedFlag() *bool
}

type machine[S comparable] struct {
	initial S
	started bool
	scoped  *world.Query
}

func (m *machine[S]) stateType() reflect.Type { return reflect.TypeFor[S]() }

func (m *machine[S]) startedFlag() *bool { return &m.started }

func (m *machine[S]) transition(a *App) error {
	st := Resource[State[S]](a)
	next := Resource[NextState[S]](a)
	if st == nil || next == nil {
		return nil // removed by a command: no machine to run
	}
	if !m.started {
		m.started = true
		return a.runTransitionStage(OnEnter(st.current))
	}
	if !next.set {
		return nil
	}
	to, op := next.next, next.op
	*next = NextState[S]{}
	switch op {
	case opPush:
		return m.push(a, st, to)
	case opPop:
		return m.pop(a, st)
	case opRestart:
		if err := a.runTransitionStage(OnExit(st.current)); err != nil {
			return err
		}
		m.despawnScoped(a, st.current)
		return a.runTransitionStage(OnEnter(st.current))
	}
	if to == st.current && len(st.under) == 0 {
		return nil
	}
	// Leave the whole stack, top first.
	for {
		if err := a.runTransitionStage(OnExit(st.current)); err != nil {
			return err
		}
		m.despawnScoped(a, st.current)
		if len(st.under) == 0 {
			break
		}
		st.current = st.under[len(st.under)-1]
		st.under = st.under[:len(st.under)-1]
	}
	st.current = to
	return a.runTransitionStage(OnEnter(to))
}

// despawnScoped despawns the entities scoped to state s.
func (m *machine[S]) despawnScoped(a *App, s S) {
	if m.scoped == nil {
		m.scoped = a.world.NewQuery([]*world.Type{world.TypeFor[StateScoped[S]]()}, nil, nil)
	}
	m.scoped.Refresh()
	var doomed []world.Entity
	m.scoped.Spans(0, m.scoped.Len(), func(sp world.Span) {
		col := world.Col[StateScoped[S]](&sp, 0)
		for i, e := range sp.Ents {
			if col[i].State == s {
				doomed = append(doomed, e)
			}
		}
	})
	for _, e := range doomed {
		a.world.Despawn(e)
	}
}

// runTransitionStage runs the systems added to a transition stage, if
// any, and applies their commands.
func (a *App) runTransitionStage(name Stage) error {
	st, ok := a.stageIdx[name]
	if !ok {
		return nil
	}
	return a.runStage(st)
}

// runTransitions runs every state machine's transition, after the
// StateTransition stage's systems.
func (a *App) runTransitions() error {
	for _, m := range a.states {
		if err := m.transition(a); err != nil {
			return err
		}
	}
	return nil
}
