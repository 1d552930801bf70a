package glue

import (
	"errors"
	"fmt"
)

// This file is glue's undo/redo history for turn-based games: a ring of
// [Checkpoint]s, and the request resource through which systems ask for a
// step to be recorded, undone or redone between ticks.

// DefaultHistorySize is the number of states a [History] keeps when its
// size is zero: the current state and 63 steps back.
const DefaultHistorySize = 64

// History is an undo/redo history of an app's states: a ring of
// [Checkpoint]s. [History.Push] records the state after a move;
// [History.Undo] restores the state before it and [History.Redo] the
// one after, until a Push after an Undo drops the states that could be
// redone. When the ring is full a Push forgets the oldest state.
//
// A restored state is the world, the resources, the events in flight and
// the systems' Locals, as a Checkpoint restores them, with three
// exceptions: resources marked [MachineLocal] (devices, preferences) and
// those given to [History.Keep] stay as they are, and so do the app's tick
// count ([App.Tick] only grows) and whether the startup systems have run.
// A game clock resource (timer.Time) is the game's state and goes back
// with the rest unless kept.
//
// Its methods take the app and run between ticks, from a driver or a
// test; systems ask for them through the [HistoryRequest] resource that
// [HistoryPlugin] inserts and applies at the end of the tick. A History
// belongs to the app it first recorded. The zero History keeps
// [DefaultHistorySize] states; [NewHistory] sets another size. Once its
// ring is full and its checkpoints have grown, it allocates nothing.
type History struct {
	size  int
	keep  []Type
	ring  []*Checkpoint
	first int // ring index of the oldest state
	n     int // states held
	cur   int // position of the current state, 0 … n-1
}

// NewHistory returns a History that keeps size states (the current one
// included). Panics if size is below 2, which could undo nothing.
func NewHistory(size int) *History {
	if size < 2 {
		panic(fmt.Sprintf("glue: NewHistory(%d): a history keeps at least 2 states (the current one and one to undo to)", size))
	}
	return &History{size: size}
}

// Keep makes Undo and Redo leave the resources of the given types alone,
// beside the [MachineLocal] ones: settings, a high-score table, anything
// a player would not expect an undo to take back. Call it before the
// first Push.
func (h *History) Keep(types ...Type) { h.keep = append(h.keep, types...) }

// Len returns the number of states held, the current one included.
func (h *History) Len() int { return h.n }

// CanUndo reports whether there is a state before the current one.
func (h *History) CanUndo() bool { return h.cur > 0 }

// CanRedo reports whether an Undo can be redone.
func (h *History) CanRedo() bool { return h.cur < h.n-1 }

// Clear forgets every state; the next Push records the first one.
func (h *History) Clear() { h.n, h.cur = 0, 0 }

// Push records the app's current state as the newest, after the current
// one; states that could have been redone are dropped. It returns an
// error if it is called while a stage runs (a system asks through
// [HistoryRequest] instead), the app is not built, or the history
// belongs to another app.
func (h *History) Push(a *App) error {
	if err := h.between(a, "Push"); err != nil {
		return err
	}
	if h.size == 0 {
		h.size = DefaultHistorySize
	}
	if h.ring == nil {
		h.ring = make([]*Checkpoint, h.size)
	}
	if h.n > 0 {
		h.n = h.cur + 1 // drop the redo states
	}
	if h.n == h.size { // full: forget the oldest
		h.first = (h.first + 1) % h.size
		h.n--
	}
	i := (h.first + h.n) % h.size
	c := h.ring[i]
	if c == nil {
		c = &Checkpoint{}
		c.Keep(h.keep...)
		h.ring[i] = c
	}
	if err := c.Save(a); err != nil {
		return err
	}
	h.n++
	h.cur = h.n - 1
	return nil
}

// Undo restores the state before the current one and reports whether
// there was one (false leaves the app as it is). Errors as for
// [History.Push].
func (h *History) Undo(a *App) (bool, error) {
	if err := h.between(a, "Undo"); err != nil || !h.CanUndo() {
		return false, err
	}
	return true, h.restore(a, h.cur-1)
}

// Redo restores the state an Undo left and reports whether there was
// one. Errors as for [History.Push].
func (h *History) Redo(a *App) (bool, error) {
	if err := h.between(a, "Redo"); err != nil || !h.CanRedo() {
		return false, err
	}
	return true, h.restore(a, h.cur+1)
}

// restore makes the state at position pos the app's, keeping the tick
// count and the startup flag.
func (h *History) restore(a *App, pos int) error {
	tick, started := a.tick, a.started
	if err := h.ring[(h.first+pos)%h.size].Restore(a); err != nil {
		return err
	}
	a.tick, a.started = tick, started
	h.cur = pos
	return nil
}

// between refuses a call from inside a stage.
func (h *History) between(a *App, op string) error {
	if a != nil && a.current != nil {
		return fmt.Errorf("glue: History.%s called while stage %s runs; a system asks with glue.ResMut[glue.HistoryRequest] (added by glue.HistoryPlugin), which the app applies at the end of the tick", op, a.current.name)
	}
	if a == nil {
		return errors.New("glue: History." + op + " of a nil app; pass the app made with NewApp")
	}
	return nil
}

// HistoryOp is one request a system makes of the history.
type HistoryOp uint8

// The requests of a [HistoryRequest].
const (
	HistoryPush HistoryOp = iota + 1 // record the state (History.Push)
	HistoryUndo                      // go one state back (History.Undo)
	HistoryRedo                      // go one state forward (History.Redo)
)

// String returns "Push", "Undo" or "Redo".
func (o HistoryOp) String() string {
	switch o {
	case HistoryPush:
		return "Push"
	case HistoryUndo:
		return "Undo"
	case HistoryRedo:
		return "Redo"
	}
	return fmt.Sprintf("HistoryOp(%d)", uint8(o))
}

// HistoryRequest is the resource through which systems use the app's
// [History]: [HistoryPlugin] inserts it and, at the end of every tick
// (after glue.Last, between ticks), applies the requests of the tick in
// the order they were made. A move system calls Push after the move; an
// undo key's system calls Undo:
//
//	func undoKey(in glue.Res[input.State], h glue.ResMut[glue.HistoryRequest]) {
//		if in.Get().JustPressed(ebiten.KeyZ) {
//			h.Get().Undo()
//		}
//	}
//
// It is [MachineLocal]: an undo does not take back its own request.
// CanUndo and CanRedo tell what the history held at the start of the tick
// (to grey out a button).
type HistoryRequest struct {
	ops              []HistoryOp
	canUndo, canRedo bool
}

// Push asks for the state at the end of this tick to be recorded.
func (r *HistoryRequest) Push() { r.ops = append(r.ops, HistoryPush) }

// Undo asks for the state before the current one to be restored at the
// end of this tick.
func (r *HistoryRequest) Undo() { r.ops = append(r.ops, HistoryUndo) }

// Redo asks for the state an Undo left to be restored at the end of this
// tick.
func (r *HistoryRequest) Redo() { r.ops = append(r.ops, HistoryRedo) }

// Pending returns the requests made in this tick so far, in order.
func (r *HistoryRequest) Pending() []HistoryOp { return r.ops }

// CanUndo reports whether the history had a state to undo to at the start
// of the tick.
func (r *HistoryRequest) CanUndo() bool { return r.canUndo }

// CanRedo reports whether the history had a state to redo at the start of
// the tick.
func (r *HistoryRequest) CanRedo() bool { return r.canRedo }

// MachineLocal marks HistoryRequest as outside the game's state: a
// Checkpoint neither saves nor restores it.
func (HistoryRequest) MachineLocal() {}

// ProvidedBy returns "glue.HistoryPlugin".
func (HistoryRequest) ProvidedBy() string { return "glue.HistoryPlugin" }

// HistoryPlugin gives an app an undo/redo [History] that its systems use
// through the [HistoryRequest] resource. It records the first state at
// the end of the first tick (after the startup systems), so a game's
// first move can be undone; then it applies each tick's requests when the
// tick ends. It runs the app's ticks through [App.Drive], so it cannot be
// combined with rollback netcode (a rollback game undoes by its inputs).
type HistoryPlugin struct {
	// Size is the number of states kept, the current one included. The
	// default (zero) value is DefaultHistorySize (64).
	Size int
	// Keep lists resource types an undo leaves alone, beside the
	// MachineLocal ones (see History.Keep). The default (nil) keeps
	// only those.
	Keep []Type
	// History, if set, is the history the plugin uses, for a driver or a
	// test that reads it between ticks. The default (nil) is a new one.
	History *History
}

// Build inserts the [HistoryRequest] resource and drives the app's ticks
// to apply it. Size below 2 (but zero) is reported by [App.Build].
func (p HistoryPlugin) Build(app *App) {
	if p.Size < 0 || p.Size == 1 {
		app.errorf("glue: HistoryPlugin.Size must be at least 2 (or zero for %d), got %d", DefaultHistorySize, p.Size)
		return
	}
	h := p.History
	if h == nil {
		h = &History{}
	}
	if p.Size != 0 && h.ring == nil { // a history in use keeps its ring
		h.size = p.Size
	}
	h.Keep(p.Keep...)
	app.InsertResource(HistoryRequest{ops: make([]HistoryOp, 0, 4)})
	app.Drive(func(tick func() error) error {
		if err := tick(); err != nil {
			return err
		}
		return applyHistory(app, h)
	})
}

// applyHistory records the first state, then applies the tick's
// requests, between ticks.
func applyHistory(a *App, h *History) error {
	r := Resource[HistoryRequest](a)
	if r == nil {
		return errors.New("glue: the HistoryRequest resource was removed; glue.HistoryPlugin needs it")
	}
	var err error
	if h.Len() == 0 && (len(r.ops) == 0 || r.ops[0] != HistoryPush) {
		err = h.Push(a) // the first state, to undo the first move to
	}
	for _, op := range r.ops {
		if err != nil {
			break
		}
		switch op {
		case HistoryPush:
			err = h.Push(a)
		case HistoryUndo:
			_, err = h.Undo(a)
		case HistoryRedo:
			_, err = h.Redo(a)
		}
	}
	r.ops = r.ops[:0]
	r.canUndo, r.canRedo = h.CanUndo(), h.CanRedo()
	if err != nil {
		return a.fail(err)
	}
	return nil
}
