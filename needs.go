package glue

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/gluekit/glue/internal/world"
)

// RunBy records that components of type T do nothing unless the plugin
// named plugin runs them ("physics.Plugin" for physics.Collider): a game
// that spawns one without that plugin would see nothing happen — a ball
// that never collides, a timer that never runs out — so when such a
// component first appears in an app's world and the app has no plugin of
// that name ([App.HasPlugin]), the tick fails naming the component and
// the plugin. A module calls it in its init for each such component:
//
//	func init() { glue.RunBy[Collider]("physics.Plugin") }
//
// The check is made in native builds, where a game is developed; in the
// browser's RunBy does nothing and costs nothing.
func RunBy[T any](plugin string) {
	if runtime.GOOS == "js" {
		return
	}
	runBy.Store(reflect.TypeFor[T](), plugin)
}

// RunBySystem is implemented by component types that do nothing unless
// a system runs them, one per type argument — tween.Tween[T] and
// tween.Group[T] by tween.Update[T] —, which [RunBy]'s plugin names cannot
// say: RunBy returns that system (a new one; its [System.Name] is what
// counts). When such a component first appears in an app's world and no
// stage has a system of that name, the tick fails naming the component
// and the system to add. Native builds only, as for RunBy.
type RunBySystem interface {
	RunBy() *System
}

// runBy holds the plugin that runs each component type RunBy named.
var runBy sync.Map // reflect.Type -> string

// watchNeeds makes the world report the types of each new archetype to
// the app, which checks what each component type needs the first time it
// appears (RunBy, and StateScoped's state): native builds only. Called by
// Build, once the plugins and states are known.
func (a *App) watchNeeds() {
	var seen []bool // by world.Type.Index
	see := func(types []*world.Type) {
		for _, t := range types {
			if t.Index < len(seen) && seen[t.Index] {
				continue
			}
			for len(seen) <= t.Index {
				seen = append(seen, false)
			}
			seen[t.Index] = true
			if err := a.unmetNeed(t.RType); err != nil {
				if st := a.current; st != nil {
					err = fmt.Errorf("%w (spawned in stage %s)", err, st.name)
				}
				a.failures = append(a.failures, err)
				a.ending = true
			}
		}
	}
	a.world.OnNewArchetype = see
	a.world.ArchetypeTypes(see)
}

// unmetNeed says what component type t needs and the app has not.
func (a *App) unmetNeed(t reflect.Type) error {
	if v, ok := runBy.Load(t); ok {
		if plugin := v.(string); !a.HasPlugin(plugin) {
			return fmt.Errorf("glue: a %s was spawned, and the app has no %s to run it, so it would do nothing; add the plugin (app.AddPlugins(%s{…}))", shortTypeName(t), plugin, plugin)
		}
	}
	if r, ok := runBySystem(t); ok {
		name := r.RunBy().Name()
		if !hasSystem(a, name) {
			return fmt.Errorf("glue: a %s was spawned, and no stage runs %s, so it would do nothing; add that system to an update stage (app.AddSystems(glue.Update, %s()))", shortTypeName(t), name, name)
		}
	}
	// StateScoped[S], whose field State is an S.
	if t.PkgPath() == reflect.TypeFor[App]().PkgPath() && strings.HasPrefix(t.Name(), "StateScoped[") {
		s := t.Field(0).Type
		for _, m := range a.states {
			if m.stateType() == s {
				return nil
			}
		}
		return fmt.Errorf("glue: an entity was spawned into a state of type %s (%s), and the app has no such state, so it would never be despawned; add it with glue.AddState(app, …)", shortTypeName(s), shortTypeName(t))
	}
	return nil
}

// hasSystem reports whether a stage of app a (a transition stage, or
// startup) has a system named name. A function, not a method: a method
// of App costs the browser's download its name in App's method table,
// even unused there.
func hasSystem(a *App, name string) bool {
	for _, list := range [][]*stageDef{a.stages, a.transStages} {
		for _, st := range list {
			for _, r := range st.runs {
				if r.spec.name == name {
					return true
				}
			}
		}
	}
	for _, r := range a.startup {
		if r.spec.name == name {
			return true
		}
	}
	return false
}

// runBySystem returns a value of component type t as a RunBySystem, if
// t or *t is one (native builds).
func runBySystem(t reflect.Type) (RunBySystem, bool) {
	if runtime.GOOS == "js" {
		return nil, false
	}
	rt := reflect.TypeFor[RunBySystem]()
	switch {
	case t.Implements(rt):
		return reflect.Zero(t).Interface().(RunBySystem), true
	case reflect.PointerTo(t).Implements(rt):
		return reflect.New(t).Interface().(RunBySystem), true
	}
	return nil, false
}
