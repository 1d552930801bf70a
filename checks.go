package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"

	"github.com/gluekit/glue/internal/world"
)

// DrawOnly is implemented by resource types that only systems of draw
// stages ([PreDraw], [Draw], [PostDraw] and stages added next to them) may
// write: a frame's draw list, emptied once per frame by the stage that
// draws it. A system of an update stage (or a startup system) that takes
// such a resource with [ResMut] is a build error, since what it adds would
// pile up for every tick that is not drawn. render.DrawList implements
// it; a module's own per-frame resources may too.
type DrawOnly interface {
	DrawOnly()
}

var drawOnlyType = reflect.TypeFor[DrawOnly]()

func isDrawOnly(t reflect.Type) bool {
	return t.Implements(drawOnlyType) || reflect.PointerTo(t).Implements(drawOnlyType)
}

// TickOnly is implemented by component and resource types that only
// systems of update stages (and startup systems) may write: the game's
// state that ticks advance — timer.Time's clock, physics' Space, a
// tween's progress. A system of a draw stage that writes one
// (with [ResMut], or a query or EachN param that is a pointer) is a
// build error: a draw stage runs once a frame, as often as the screen
// refreshes, so what it advanced would go at the frame rate, differ from
// machine to machine and leave replays and rollback. Native builds check
// it (the browser build leaves the check out, for its download size: a
// game's declaration is the same in both, so run it natively to see the
// error). A module's own
// tick-driven types may implement it too: those that draw systems do not
// take by pointer (an EachN param *T writes T, as draw systems' often
// do only to read it: physics.Body is not TickOnly).
type TickOnly interface {
	TickOnly()
}

var tickOnlyType = reflect.TypeFor[TickOnly]()

func isTickOnly(t reflect.Type) bool {
	return t.Implements(tickOnlyType) || reflect.PointerTo(t).Implements(tickOnlyType)
}

// checkRun reports the misuses of a system that Build can see once its
// params are initialised: filters on a global system, a draw-only type
// written outside the draw stages, and a tick-only one written in them.
func (a *App) checkRun(r *sysRun) []error {
	var errs []error
	s := r.spec
	if s.kind == globalSystem && (len(s.with) > 0 || len(s.without) > 0) {
		errs = append(errs, fmt.Errorf("glue: system %s is a global system (Func) filtered with With or Without, which only entity systems (EachN, BatchN) honour; filter its queries by their component types instead, e.g. give the entity it looks for a component of its own and query that", r.name))
	}
	if runtime.GOOS == "js" {
		return errs // the checks below are the desktop build's (stageChecks)
	}
	draw := r.stage != nil && r.stage.thread != updateThread
	for _, w := range r.access.Writes {
		var t reflect.Type
		switch w := w.(type) {
		case *resSlot:
			t = w.rtype
		case *world.Type:
			t = w.RType
		}
		if t != nil && (!draw && isDrawOnly(t) || draw && isTickOnly(t)) {
			errs = append(errs, stageMisuse(r, w, draw))
		}
	}
	return errs
}

// stageMisuse is the error of a system that writes w, a draw-only type
// in an update stage or startup, or (draw) a tick-only type in a draw
// stage.
//
//go:noinline
func stageMisuse(r *sysRun, w any, draw bool) error {
	name, where, why := keyName(w), r.where(), " is for draw stages only (it is emptied once per frame, so it would grow every tick); add the system to glue.Draw (or another draw stage)"
	if draw {
		where, why = "stage "+string(r.stage.name)+", a draw stage", " is advanced by ticks: a draw stage runs once a frame, as often as the screen refreshes, so the game would run at the frame rate and not replay alike; add the system to an update stage (glue.Update; a plugin's systems: give its Stage option an update stage)"
	} else if slot, ok := w.(*resSlot); ok {
		name = slot.name
	}
	return errors.New("glue: system " + r.name + " writes " + name + " in " + where + ", but " + name + why)
}

// where names the stage of a run for errors.
func (r *sysRun) where() string {
	if r.stage == nil {
		return "startup"
	}
	return fmt.Sprintf("stage %s, an update stage", r.stage.name)
}

// writingParam returns the path of the first param in t (a param, or a
// struct of params) that writes or keeps state — [ResMut], [Local],
// [Commands], [Writer] — or "" if there is none. Conditions only read.
func writingParam(t reflect.Type, where string) string {
	if reflect.PointerTo(t).Implements(writerParamType) {
		if where == "" {
			return shortTypeName(t)
		}
		return where + " (" + shortTypeName(t) + ")"
	}
	if t.Kind() != reflect.Struct || isParam(t) {
		return ""
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Name
		if where != "" {
			name = where + "." + f.Name
		}
		if w := writingParam(f.Type, name); w != "" {
			return w
		}
	}
	return ""
}

// writerParam is implemented by the params a condition may not take.
type writerParam interface {
	writesOrKeeps()
}

var writerParamType = reflect.TypeFor[writerParam]()

func (*ResMut[T]) writesOrKeeps() {}
func (*Local[T]) writesOrKeeps()  {}
func (*Commands) writesOrKeeps()  {}
func (*Writer[E]) writesOrKeeps() {}
