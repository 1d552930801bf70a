package glue

import (
	"fmt"
	"reflect"
	"slices"
)

// stackOp is the kind of change a NextState requests.
type stackOp uint8

const (
	opSet stackOp = iota
	opPush
	opPop
	opRestart
)

// Push requests that s be entered over the current state, which stays
// beneath it, paused: its entities ([StateScoped]) live on, its OnExit
// does not run, and [InState] of it stops holding while [InStack] still
// does. In the next StateTransition stage, the systems of [OnPause] of
// the current state run, then those of [OnEnter] of s. A pause menu over
// a running game, an options menu over the pause menu:
//
//	next.Push(Paused)  // Playing → Playing, Paused
//	next.Push(Options) // → Playing, Paused, Options
//	next.Pop()         // → Playing, Paused
//	next.Pop()         // → Playing, without OnEnter(Playing)
//	next.Set(Title)    // leaves every state on the stack, enters Title
//
// Pushing a state already on the stack fails the tick.
func (n *NextState[S]) Push(s S) { n.next, n.set, n.op = s, true, opPush }

// Pop requests that the current state be left and the one beneath it,
// paused by [NextState.Push], resumed: in the next StateTransition
// stage, the systems of [OnExit] of the current state run, the entities
// scoped to it are despawned, and the systems of [OnResume] — not
// OnEnter — of the state beneath run. Popping the only state on the
// stack fails the tick.
func (n *NextState[S]) Pop() {
	var zero S
	n.next, n.set, n.op = zero, true, opPop
}

// Popping reports whether the pending request is a [NextState.Pop].
func (n NextState[S]) Popping() bool { return n.set && n.op == opPop }

// Restart requests that the current state be left and entered again —
// what [NextState.Set] of the state the app is in does not do: in the
// next StateTransition stage the systems of [OnExit] of the current
// state run, the entities scoped to it ([StateScoped]) are despawned,
// and the systems of [OnEnter] of it run. The states paused beneath it
// stay. A game's "play again" after a game over, or R to restart a level:
//
//	next.Restart() // Playing → Playing, from its OnEnter
func (n *NextState[S]) Restart() {
	var zero S
	n.next, n.set, n.op = zero, true, opRestart
}

// Restarting reports whether the pending request is a
// [NextState.Restart].
func (n NextState[S]) Restarting() bool { return n.set && n.op == opRestart }

// Under returns the states paused beneath the current one by
// [NextState.Push], bottom first; nil when there are none. The slice is
// the state's own: do not change it.
func (s State[S]) Under() []S { return s.under }

// Has reports whether st is the current state or one paused beneath it.
func (s State[S]) Has(st S) bool { return s.current == st || slices.Contains(s.under, st) }

// StateAfter returns the state of type S the app will be in once the
// pending [NextState] request takes effect: the state a Set or a Push
// asks for, the state beneath the current one for a Pop, else the
// current state. Between ticks it is the state the last tick's systems
// chose, which enters in the next tick's [StateTransition] stage — what
// a headless run prints and stops on. It returns the zero S when the app
// has no [State] of type S.
func StateAfter[S comparable](a *App) S {
	st := Resource[State[S]](a)
	if st == nil {
		var zero S
		return zero
	}
	if n := Resource[NextState[S]](a); n != nil && n.set {
		if n.op == opRestart {
			return st.current
		}
		if n.op != opPop {
			return n.next
		}
		if len(st.under) > 0 {
			return st.under[len(st.under)-1]
		}
	}
	return st.current
}

// OnPause names the transition stage whose systems run when state s is
// paused: another state is pushed over it ([NextState.Push]).
func OnPause[S comparable](s S) Stage { return transitionStage("OnPause", s) }

// OnResume names the transition stage whose systems run when state s
// is resumed: the state over it is popped ([NextState.Pop]). OnEnter of s
// does not run again.
func OnResume[S comparable](s S) Stage { return transitionStage("OnResume", s) }

// InStack is a condition that holds while s is the state of type S or a
// state paused beneath it ([NextState.Push]): the game's drawing, or
// anything that goes on under a pause menu, runs if InStack(Playing).
func InStack[S comparable](s S) Condition {
	name := "InStack(" + stateName(s) + ")"
	return Condition{name: name, init: func(b *builder) (func(*runCtx) bool, error) {
		slot := b.app.slotFor(reflect.TypeFor[State[S]]())
		b.run.access.Add(slot, false)
		if err := b.app.checkStateType(reflect.TypeFor[S](), slot, name); err != nil {
			return nil, err
		}
		return func(*runCtx) bool {
			st, ok := slot.val.(*State[S])
			return ok && st.Has(s)
		}, nil
	}}
}

// push enters to over the current state.
func (m *machine[S]) push(a *App, st *State[S], to S) error {
	if st.Has(to) {
		return fmt.Errorf("glue: NextState[%s].Push(%v), but %v is already on the state stack %v; Pop back to it, or Set it to start over", reflect.TypeFor[S](), to, to, append(slices.Clone(st.under), st.current))
	}
	if err := a.runTransitionStage(OnPause(st.current)); err != nil {
		return err
	}
	st.under = append(st.under, st.current)
	st.current = to
	return a.runTransitionStage(OnEnter(to))
}

// pop leaves the current state and resumes the one beneath.
func (m *machine[S]) pop(a *App, st *State[S]) error {
	if len(st.under) == 0 {
		return fmt.Errorf("glue: NextState[%s].Pop in %v, which has no state beneath it; Push the state you pop, or Set the next state", reflect.TypeFor[S](), st.current)
	}
	if err := a.runTransitionStage(OnExit(st.current)); err != nil {
		return err
	}
	m.despawnScoped(a, st.current)
	st.current = st.under[len(st.under)-1]
	st.under = st.under[:len(st.under)-1]
	return a.runTransitionStage(OnResume(st.current))
}
