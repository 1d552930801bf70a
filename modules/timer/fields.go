package timer

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/gluekit/glue"
)

// Ticks is a plugin that advances the [Timer]s inside every entity's T
// component, as [Plugin] advances Timer components: once per tick, in
// glue.First after the clock ([TimersSystem]), by the tick's
// [Time.Delta] — so they stand still while the clock is paused and
// follow its scale — and finishing them for every later system of the
// tick ([Timer.JustFinished], [Timer.Finished]). T is a component type
// with Timer fields:
//
//	type Player struct {
//		Coyote, Buffer, Hurt timer.Timer
//		Left                 bool
//	}
//
//	app.AddPlugins(timer.Plugin{}, timer.Ticks[Player]{})
//
// Every Timer held in T's memory is advanced: its fields, those of its
// struct fields (embedded or not) and the elements of its arrays, in
// field order. Timers behind pointers, slices and maps are not T's own
// and are left to their owner. The fields are found once, when the
// plugin is built; a tick costs no reflection and allocates nothing.
//
// T must hold at least one Timer, and be neither Timer itself (Plugin
// advances Timer components already) nor a type added twice: each is a
// Build error. Ticks needs [Plugin] for the clock.
type Ticks[T any] struct{}

// Build finds T's Timer fields and adds the system that advances them,
// named "timer.Ticks[T]", to glue.First after [AdvanceSystem], in
// [TimersSystem].
func (Ticks[T]) Build(app *glue.App) {
	t := reflect.TypeFor[T]()
	offsets := timerOffsets(t, 0, nil)
	switch {
	case t == reflect.TypeFor[Timer]():
		app.AddError(fmt.Errorf("timer: Ticks[timer.Timer], but timer.Plugin advances Timer components already; remove Ticks[timer.Timer], or use it for a component type that has Timer fields"))
		return
	case len(offsets) == 0:
		app.AddError(fmt.Errorf("timer: Ticks[%v], but %v holds no timer.Timer (fields, struct fields and arrays are searched; not pointers, slices or maps); give it a Timer field, or remove Ticks[%[1]v]", t, t))
		return
	}
	tick := func(_ glue.Entity, v *T, tm glue.Res[Time]) {
		d, p := tm.Get().delta, unsafe.Pointer(v)
		for _, off := range offsets {
			(*Timer)(unsafe.Add(p, off)).Tick(d)
		}
	}
	if len(offsets) == 1 { // the common case, without the loop
		off := offsets[0]
		tick = func(_ glue.Entity, v *T, tm glue.Res[Time]) {
			(*Timer)(unsafe.Add(unsafe.Pointer(v), off)).Tick(tm.Get().delta)
		}
	}
	app.AddSystems(glue.First, glue.Each1P(tick).Named("timer.Ticks").TypeArgs(t).After(AdvanceSystem).In(TimersSystem))
}

// timerOffsets appends to dst the offsets, from base, of every Timer held
// in a value of type t.
func timerOffsets(t reflect.Type, base uintptr, dst []uintptr) []uintptr {
	switch {
	case t == reflect.TypeFor[Timer]():
		return append(dst, base)
	case t.Kind() == reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			dst = timerOffsets(f.Type, base+f.Offset, dst)
		}
	case t.Kind() == reflect.Array:
		for i := range t.Len() {
			dst = timerOffsets(t.Elem(), base+uintptr(i)*t.Elem().Size(), dst)
		}
	}
	return dst
}
