package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"

	"github.com/gluekit/glue/internal/pool"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// Stage names one step of a tick. Any comparable value can be a stage; a
// game usually declares its stages as constants of its own type with a
// String method, which names them in errors and in [App.Describe]:
//
//	type Stage int
//	const (BeforeRound Stage = iota; Update; AfterRound)
type Stage any

type stageDef struct {
	key     Stage
	name    string
	systems []*System // registration order
	plan    [2]*plan  // per thread, built by Build
	// conflicts lists pairs of systems that touch the same data, for
	// Describe and Options.Strict.
	conflicts [][2]*System
}

// Options tune how an app runs. The zero value is the default.
type Options struct {
	// Sequential runs every system on the calling goroutine, one after
	// another in registration order, for debugging. The default (false)
	// runs systems that do not conflict in parallel. Results are the same.
	Sequential bool
	// Workers is the number of goroutines that run systems, including the
	// caller's. The default (0) is runtime.GOMAXPROCS(0).
	Workers int
	// Strict makes [App.Build] report every pair of systems of a stage that
	// conflict (one writes what the other reads or writes) and are not
	// ordered with [System.After]. The default (false) runs them in
	// registration order and lists them in [App.Describe].
	Strict bool
	// ParallelThreshold, if set, is the least number of entities the
	// systems of a group must visit together before the group is spread
	// over workers. The default (0) decides by time instead: glue measures
	// each system's time per entity as it runs and spreads a group only
	// when running its systems side by side is expected to save about
	// 20 µs — well over the ~1 µs a hand-off to a worker costs — so light
	// systems stay on one goroutine at sizes where heavy ones already go
	// parallel.
	ParallelThreshold int
	// ChunkSize, if set, is the least number of entities given to one
	// worker when an entity system is split across workers. The default
	// (0) splits a system into chunks of about 25 µs of its measured work,
	// at most one per worker, and only while its split runs are measurably
	// faster than its whole runs: light, memory-bound loops often gain
	// nothing from a second core.
	ChunkSize int
}

// App is a game: its world of entities, its resources, its stages and
// their systems. Build one with [NewApp], add systems, resources and
// plugins, then drive it with [App.Run] (headless) or a renderer's runner.
//
// An App is not concurrent-safe: call its methods from one goroutine. It
// runs its systems on several.
type App struct {
	stages   []*stageDef
	stageIdx map[Stage]*stageDef
	startup  []*System
	opts     Options
	world    donburi.World

	resources   map[reflect.Type]*resSlot
	addedLogs   map[component.IComponentType]*eventLog
	removedLogs map[component.IComponentType]*eventLog
	plugins     map[string]bool
	seeded      map[string]bool // archetypes donburi has counted (see seedArchetype)
	onClose     []func()
	inBuild     int

	setupErrs []error
	built     bool
	buildErr  error
	started   bool
	ending    bool
	ended     bool
	tick      uint64

	pool   *pool.Pool
	failed error
}

// NewApp returns an app whose ticks run the given stages in the given
// order. Stages must be distinct.
func NewApp(stages ...Stage) *App {
	worldMu.Lock()
	world := donburi.NewWorld() // donburi numbers worlds with an unguarded global
	worldMu.Unlock()
	a := &App{
		stageIdx:    map[Stage]*stageDef{},
		world:       world,
		resources:   map[reflect.Type]*resSlot{},
		addedLogs:   map[component.IComponentType]*eventLog{},
		removedLogs: map[component.IComponentType]*eventLog{},
		plugins:     map[string]bool{},
		seeded:      map[string]bool{},
	}
	if err := checkStorageLayout(); err != nil {
		a.setupErrs = append(a.setupErrs, err)
	}
	for _, s := range stages {
		a.addStage(len(a.stages), s)
	}
	return a
}

// worldMu serialises donburi.NewWorld, so that apps can be made on
// several goroutines at once.
var worldMu sync.Mutex

// AddError records a setup mistake that [App.Build] reports with the
// others. Plugins use it for invalid options; start the message with the
// plugin's package name and say how to fix it:
//
//	app.AddError(errors.New("physics: Plugin.Stage is required; pass the stage physics runs in"))
func (a *App) AddError(err error) {
	if err != nil {
		a.setupErrs = append(a.setupErrs, err)
	}
}

func stageName(s Stage) string { return fmt.Sprint(s) }

func (a *App) addStage(at int, s Stage) {
	if s == nil || !reflect.TypeOf(s).Comparable() {
		a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: stage %v is not a comparable value; use constants of your own stage type", s))
		return
	}
	if _, dup := a.stageIdx[s]; dup {
		a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: stage %s declared twice", stageName(s)))
		return
	}
	def := &stageDef{key: s, name: stageName(s)}
	a.stageIdx[s] = def
	a.stages = slices.Insert(a.stages, at, def)
}

// InsertStageAfter adds a stage right after an existing one. Plugins use it
// to add stages of their own.
func (a *App) InsertStageAfter(existing, stage Stage) *App {
	return a.insertStage(existing, stage, 1)
}

// InsertStageBefore adds a stage right before an existing one.
func (a *App) InsertStageBefore(existing, stage Stage) *App {
	return a.insertStage(existing, stage, 0)
}

func (a *App) insertStage(existing, stage Stage, off int) *App {
	a.mustNotBeBuilt("InsertStageAfter/InsertStageBefore")
	def, ok := a.stageIdx[existing]
	if !ok {
		a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: cannot insert stage %s next to unknown stage %s; declare it in NewApp first", stageName(stage), stageName(existing)))
		return a
	}
	a.addStage(slices.Index(a.stages, def)+off, stage)
	return a
}

// HasStage reports whether the app has the stage.
func (a *App) HasStage(stage Stage) bool {
	if stage == nil || !reflect.TypeOf(stage).Comparable() {
		return false
	}
	_, ok := a.stageIdx[stage]
	return ok
}

// InsertStageFirst adds a stage before all others, unless the app already
// has it. Plugins use it for a stage of their own that runs before the
// game's (timer.Tick, input.Read).
func (a *App) InsertStageFirst(stage Stage) *App {
	if !a.HasStage(stage) {
		a.mustNotBeBuilt("InsertStageFirst")
		a.addStage(0, stage)
	}
	return a
}

// InsertStageLast adds a stage after all others, unless the app already
// has it. Plugins use it for a stage of their own that runs after the
// game's (render.Draw, audio.Play).
func (a *App) InsertStageLast(stage Stage) *App {
	if !a.HasStage(stage) {
		a.mustNotBeBuilt("InsertStageLast")
		a.addStage(len(a.stages), stage)
	}
	return a
}

// Stages returns the app's stages in tick order.
func (a *App) Stages() []Stage {
	out := make([]Stage, len(a.stages))
	for i, s := range a.stages {
		out[i] = s.key
	}
	return out
}

// Configure sets the app's options. Call it before the app is built.
func (a *App) Configure(opts Options) *App {
	a.opts = opts
	return a
}

// AddSystems adds systems to a stage. Systems run in registration order
// unless they do not conflict, in which case they may run in parallel.
// Mistakes (an unknown stage, a system added twice) are reported by
// [App.Build].
//
// Panics if the app was already built.
func (a *App) AddSystems(stage Stage, systems ...*System) *App {
	a.mustNotBeBuilt("AddSystems")
	def, ok := a.stageIdx[stage]
	for _, s := range systems {
		if s == nil {
			a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: nil system added to stage %s", stageName(stage)))
			continue
		}
		if !ok {
			a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: system %s added to unknown stage %s; declare the stage in NewApp or with InsertStageAfter", s.name, stageName(stage)))
			continue
		}
		if s.added {
			a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: system %s added twice (stage %s); make a new System value for each registration", s.name, def.name))
			continue
		}
		s.added = true
		for _, o := range def.systems {
			if o.name == s.name {
				a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: system %s added twice to stage %s; give one of them another name with Named", s.name, def.name))
			}
		}
		s.stage = def
		s.seq = len(def.systems)
		def.systems = append(def.systems, s)
	}
	return a
}

// AddStartup adds startup systems: they run once, before the first tick,
// ordered by [System.Priority]. Commands of a startup system are applied
// before the next startup system runs. An entity startup system runs once
// for every matching entity that exists when it runs.
//
// Panics if the app was already built.
func (a *App) AddStartup(systems ...*System) *App {
	a.mustNotBeBuilt("AddStartup")
	for _, s := range systems {
		if s == nil {
			a.setupErrs = append(a.setupErrs, errors.New("glue: nil startup system"))
			continue
		}
		if s.added {
			a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: startup system %s added twice; make a new System value for each registration", s.name))
			continue
		}
		s.added = true
		for _, o := range a.startup {
			if o.name == s.name {
				a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: startup system %s added twice; give one of them another name with Named", s.name))
			}
		}
		s.seq = len(a.startup)
		a.startup = append(a.startup, s)
	}
	return a
}

// InsertResource adds a resource at setup. There is at most one resource
// per type: inserting a second of the same type is reported by
// [App.Build]. To replace a resource while the app runs, use
// [Commands.InsertResource].
func (a *App) InsertResource(v any) *App {
	if v == nil {
		a.setupErrs = append(a.setupErrs, errors.New("glue: InsertResource(nil)"))
		return a
	}
	if slot, ok := a.resources[reflect.TypeOf(v)]; ok && slot.ptr != nil {
		a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: duplicate resource %s: the app already has one; a resource type can be inserted once", slot.name))
		return a
	}
	a.setResource(v)
	return a
}

// slotFor returns the resource slot of a type, creating an empty one.
func (a *App) slotFor(t reflect.Type) *resSlot {
	if s, ok := a.resources[t]; ok {
		return s
	}
	s := &resSlot{rtype: t, name: t.String()}
	a.resources[t] = s
	return s
}

// setResource stores v (a T) in T's slot, copied into a fresh *T so that
// systems get a stable pointer; a pointer value *T is stored as is.
func (a *App) setResource(v any) {
	rv := reflect.ValueOf(v)
	slot := a.slotFor(rv.Type())
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	slot.ptr, slot.keep = p.UnsafePointer(), p.Interface()
}

// Resource returns the app's resource of type T, or nil. It is for
// drivers, tests and tools between ticks; systems take [Res] or [ResMut].
func Resource[T any](a *App) *T {
	if s, ok := a.resources[reflect.TypeFor[T]()]; ok {
		return (*T)(s.ptr)
	}
	return nil
}

// Plugin is a reusable piece of an app: a module's resources and systems.
// Build adds them; it runs once, when the plugin is added.
type Plugin interface {
	Build(app *App)
}

// PluginFunc adapts a function to [Plugin].
type PluginFunc func(app *App)

// Build calls f(app).
func (f PluginFunc) Build(app *App) { f(app) }

// AddPlugins builds each plugin into the app. Adding the same plugin type
// twice is reported by [App.Build]; a [PluginFunc] is identified by its
// function's name.
//
// Panics if the app was already built.
func (a *App) AddPlugins(plugins ...Plugin) *App {
	a.mustNotBeBuilt("AddPlugins")
	for _, p := range plugins {
		name := reflect.TypeOf(p).String()
		if f, ok := p.(PluginFunc); ok {
			name, _ = funcName(f)
		}
		if a.plugins[name] {
			a.setupErrs = append(a.setupErrs, fmt.Errorf("glue: plugin %s added twice", name))
			continue
		}
		a.plugins[name] = true
		a.inBuild++
		p.Build(a)
		a.inBuild--
	}
	return a
}

// logs returns the change logs of added (or removed) components.
func (a *App) logs(added bool) map[component.IComponentType]*eventLog {
	if added {
		return a.addedLogs
	}
	return a.removedLogs
}

func (a *App) events(t *typeInfo, added bool) *eventLog {
	logs := a.logs(added)
	if l, ok := logs[t.comp]; ok {
		return l
	}
	l := &eventLog{}
	logs[t.comp] = l
	return l
}

// Tick returns the number of ticks the app has completed.
func (a *App) Tick() uint64 { return a.tick }

// Ended reports whether the app has ended: a system called
// [Commands.End] or [Commands.Fail], or a system failed.
func (a *App) Ended() bool { return a.ended }

// Len returns the number of entities in the world.
func (a *App) Len() int { return a.world.Len() }

// Close stops the app's worker goroutines and runs the functions given to
// [App.OnClose], once. [App.Run] closes the app itself; drivers that call
// [App.Update] must call Close when done.
func (a *App) Close() {
	if a.pool != nil {
		a.pool.Close()
		a.pool = nil
	}
	fns := a.onClose
	a.onClose = nil
	for i := len(fns) - 1; i >= 0; i-- {
		fns[i]()
	}
}

// OnClose registers fn to run when the app is closed, in reverse order of
// registration: plugins use it to release what they hold — servers,
// connections, files.
func (a *App) OnClose(fn func()) *App {
	a.onClose = append(a.onClose, fn)
	return a
}

// mustNotBeBuilt panics when the app's pipeline is changed after it was
// built: the change would be silently ignored otherwise.
func (a *App) mustNotBeBuilt(what string) {
	if a.built {
		panic("glue: " + what + " called after the app was built (by Build, Update or Run); declare the whole app before running it")
	}
}

// Run builds the app, runs its startup systems and then its ticks (the
// update thread only) until a system ends the app. It returns nil when the
// app ends normally, or the first error: a build error, a failed or
// panicking system. Run closes the app.
func (a *App) Run() error {
	defer a.Close()
	for {
		if err := a.Update(); err != nil {
			if errors.Is(err, ErrEnded) {
				return nil
			}
			return err
		}
	}
}

// Update runs one tick of the update thread: the startup systems first, if
// they have not run yet, then every stage's update systems in stage order.
// It returns [ErrEnded] if the app had already ended, or the error that
// ended it.
func (a *App) Update() error {
	if a.failed != nil {
		return a.failed
	}
	if a.ended {
		return ErrEnded
	}
	if err := a.Build(); err != nil {
		return a.fail(err)
	}
	if !a.started {
		a.started = true
		if err := a.runStartup(); err != nil {
			return a.fail(err)
		}
		if a.ending {
			a.ended = true
			return nil
		}
	}
	for _, st := range a.stages {
		if err := a.runStage(st, UpdateThread); err != nil {
			return a.fail(err)
		}
	}
	for _, l := range a.addedLogs {
		l.trim()
	}
	for _, l := range a.removedLogs {
		l.trim()
	}
	a.tick++
	if a.ending {
		a.ended = true
	}
	return nil
}

// Draw runs every stage's render-thread systems in stage order. Renderers
// call it from their draw callback after [App.Update]. It returns
// [ErrEnded] once the app has ended.
func (a *App) Draw() error {
	if a.failed != nil {
		return a.failed
	}
	if a.ended {
		return ErrEnded
	}
	if !a.started {
		return nil // nothing to draw before the first update
	}
	for _, st := range a.stages {
		if err := a.runStage(st, RenderThread); err != nil {
			return a.fail(err)
		}
	}
	if a.ending {
		a.ended = true
	}
	return nil
}

func (a *App) fail(err error) error {
	a.failed = err
	a.ended = true
	return err
}

func (a *App) workers() int {
	if a.opts.Sequential {
		return 1
	}
	if a.opts.Workers > 0 {
		return a.opts.Workers
	}
	return runtime.GOMAXPROCS(0)
}
