package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"time"

	"github.com/gluekit/glue/internal/sched"
	"github.com/gluekit/glue/internal/world"
)

// Options tune how an app runs. The zero value is the default.
type Options struct {
	// Sequential runs every system on the calling goroutine, one after
	// another, for debugging. The default (false) runs systems that do
	// not conflict in parallel. Results are the same.
	Sequential bool
	// Workers is the number of goroutines that run systems, including the
	// caller's, fixed when the app is built. The default (0) is
	// runtime.GOMAXPROCS(0) at that moment.
	Workers int
	// Strict makes [App.Build] report every pair of systems of a stage that
	// conflict (one writes what the other reads or writes) and are not
	// ordered with [System.After]. The default (false) runs them in
	// registration order and lists them in [App.Describe].
	Strict bool
	// ParallelThreshold, if set, is the least number of entities the
	// systems of a group must visit together before the group is spread
	// over workers. The default (0) decides by measured time (see the
	// package documentation, # Concurrency).
	ParallelThreshold int
	// ChunkSize, if set, is the least number of entities given to one
	// worker when an entity system is split across workers. The default
	// (0) decides by measured time.
	ChunkSize int
	// StallAfter is how long one tick ([App.Update]) or frame
	// ([App.Draw]) may run before the app writes to stderr that it has
	// stalled, naming the stage and the functions of the systems still
	// running: a system that never returns (a channel no one sends on, a
	// lock never released, select {}) cannot be stopped, and would hang
	// the game without a word. The default (0) is [DefaultStallAfter]; a
	// negative value turns the report off (a debugger stopped in a system
	// also stalls a tick). The browser build has no report (it is left out
	// of the page's download): run the game natively to find a stall.
	StallAfter time.Duration
}

// DefaultStallAfter is how long a tick or a frame may run before the app
// reports it stalled, when [Options.StallAfter] is 0.
const DefaultStallAfter = 10 * time.Second

// App is a game: its world of entities, its resources, its stages and
// their systems. Make one with [NewApp], add plugins, stages, systems and
// resources, then drive it with [App.Run] (headless) or a renderer's
// runner.
//
// An App is not concurrent-safe: call its methods from one goroutine. It
// runs its systems on several.
type App struct {
	stages   []*stageDef
	stageIdx map[Stage]*stageDef
	startup  []*sysRun
	opts     Options
	world    *world.World
	exec     *sched.Executor

	resources   map[reflect.Type]*resSlot
	addedLogs   map[*world.Type]*changeLog
	removedLogs map[*world.Type]*changeLog
	plugins     map[string]string // the plugins added, each with who added it ("the app", "plugin render.Plugin")
	building    []string          // the plugins whose Build is running, innermost last
	onClose     []func()
	onBuild     []func() error
	inBuild     int

	setupErrs []error
	built     bool
	buildErr  error
	started   bool
	ending    bool
	failures  []error // from Commands.Fail, reported when the tick ends
	ended     bool
	closed    bool
	failed    error
	tick      uint64
	current   *stageDef // the stage running, for error hints

	states      []stateMachine
	transStages []*stageDef
	eventQueues map[reflect.Type]any // *eventQueue[E] by E
	eventTicks  []func()             // their endTick

	insp inspectState // pause, step and profiling (inspect.go)

	ckpt   ckptIndex                     // what a Checkpoint copies (checkpoint.go)
	driver func(tick func() error) error // see App.Drive
	watch  stallWatch                    // reports a tick that does not end (Options.StallAfter)
	inTick bool                          // the driver is running
	tickFn func() error                  // a.Update, made once
}

// NewApp returns an app with the core stages (see [Stage]) and nothing
// else.
func NewApp() *App {
	a := &App{
		stageIdx:    map[Stage]*stageDef{},
		resources:   map[reflect.Type]*resSlot{},
		addedLogs:   map[*world.Type]*changeLog{},
		removedLogs: map[*world.Type]*changeLog{},
		plugins:     map[string]string{},
		eventQueues: map[reflect.Type]any{},
	}
	w, err := world.New()
	if err != nil {
		a.setupErrs = append(a.setupErrs, err)
		w = nil
	}
	a.world = w
	for _, s := range coreUpdate {
		a.addCore(s, updateThread)
	}
	for _, s := range coreDraw {
		a.addCore(s, renderThread)
	}
	return a
}

func (a *App) addCore(s Stage, th thread) {
	d := &stageDef{name: s, thread: th, core: true}
	a.stages = append(a.stages, d)
	a.stageIdx[s] = d
}

// AddError records a setup mistake that [App.Build] reports with the
// others. Plugins use it for invalid options; start the message with the
// plugin's package name and say how to fix it:
//
//	app.AddError(errors.New("net: ServerPlugin.Addr is required; set it to the address to listen on, e.g. 127.0.0.1:8090"))
//
// An error added after the app was built (by a system, a driver) is not
// lost: Build returns it from then on, and the next [App.Update] fails
// with it.
func (a *App) AddError(err error) {
	if err == nil {
		return
	}
	a.setupErrs = append(a.setupErrs, err)
	if a.built {
		a.buildErr = joinErrors(append(a.buildErrs(), err))
	}
}

// buildErrs returns the errors of the build so far, as a list.
func (a *App) buildErrs() []error {
	if a.buildErr == nil {
		return nil
	}
	if j, ok := a.buildErr.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{a.buildErr}
}

// Configure sets the app's options.
//
// Panics if the app was already built.
func (a *App) Configure(opts Options) *App {
	a.mustNotBeBuilt("Configure")
	a.opts = opts
	return a
}

// AddSystems adds systems to a stage. Systems that do not conflict may run
// in parallel; systems that conflict run in registration order unless
// [System.After] says otherwise. One System value may be added to several
// apps, and to several stages of one app, but names must be unique within
// a stage. Mistakes are reported by [App.Build].
//
// Panics if the app was already built.
func (a *App) AddSystems(stage Stage, systems ...*System) *App {
	a.mustNotBeBuilt("AddSystems")
	def, ok := a.stageIdx[stage]
	for _, s := range systems {
		if s == nil {
			a.errorf("glue: nil system added to stage %s", stage)
			continue
		}
		if !ok {
			if _, isTrans := transitionStages.Load(stage); isTrans {
				def = &stageDef{name: stage, thread: updateThread, transition: true}
				a.stageIdx[stage] = def
				a.transStages = append(a.transStages, def)
				ok = true
			}
		}
		if !ok {
			a.errorf("glue: system %s added to unknown stage %q; add the stage first with App.AddStagesAfter, or use a core stage (glue.Update, glue.Draw, …)", s.name, stage)
			continue
		}
		def.runs = append(def.runs, &sysRun{spec: s, stage: def})
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
			a.errorf("glue: nil startup system")
			continue
		}
		a.startup = append(a.startup, &sysRun{spec: s})
	}
	return a
}

// Plugin is a reusable piece of an app: a module's resources and systems.
// Build adds them; it runs once, when the plugin is added. Build only
// inserts resources, adds systems to stages and reports invalid options
// with [App.AddError].
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
		if p == nil {
			a.errorf("glue: nil plugin")
			continue
		}
		name := pluginName(p)
		by := "the app"
		if n := len(a.building); n > 0 {
			by = "plugin " + a.building[n-1]
		}
		if first, ok := a.plugins[name]; ok {
			if first == by {
				a.errorf("glue: plugin %s added twice by %s; add each plugin once", name, by)
			} else {
				a.errorf("glue: plugin %s added twice, by %s and by %s; add each plugin once (a plugin that adds another needs no second)", name, first, by)
			}
			continue
		}
		a.plugins[name] = by
		a.inBuild++
		a.building = append(a.building, name)
		p.Build(a)
		a.building = a.building[:len(a.building)-1]
		a.inBuild--
	}
	return a
}

func pluginName(p Plugin) string {
	if f, ok := p.(PluginFunc); ok {
		name, _, _ := funcName(f, 2)
		return name
	}
	t := reflect.TypeOf(p)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return shortTypeName(t)
}

// HasPlugin reports whether a plugin of the given name ("render.Plugin")
// was added.
func (a *App) HasPlugin(name string) bool {
	_, ok := a.plugins[name]
	return ok
}

// Tick returns the number of ticks the app has completed.
func (a *App) Tick() uint64 { return a.tick }

// Ended reports whether the app has ended: a system called
// [Commands.End] or [Commands.Fail], or a system failed.
func (a *App) Ended() bool { return a.ended }

// Len returns the number of entities in the world.
func (a *App) Len() int {
	if a.world == nil {
		return 0
	}
	return a.world.Len()
}

// Archetypes returns the number of archetypes in the world: the distinct
// sets of component types its entities have had.
func (a *App) Archetypes() int {
	if a.world == nil {
		return 0
	}
	return a.world.Archetypes()
}

// Close stops the app's worker goroutines and runs the functions given to
// [App.OnClose], once. [App.Run] closes the app itself; drivers that call
// [App.Update] must call Close when done. After Close, Update, Draw and Run
// return [ErrClosed].
func (a *App) Close() {
	a.closed = true
	a.watch.stop()
	if a.exec != nil {
		a.exec.Close()
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

// OnBuild registers check to run when the app is built, after every
// system is initialised: an error it returns is reported by [App.Build]
// with the others. Plugins use it for what they can only check once the
// whole app is declared — that a resource they need was inserted, that a
// type they were given was registered somewhere else.
func (a *App) OnBuild(check func() error) *App {
	a.mustNotBeBuilt("OnBuild")
	a.onBuild = append(a.onBuild, check)
	return a
}

// HasResource reports whether the app has a resource of type t: inserted
// with [App.InsertResource], or by a command that has been applied.
func (a *App) HasResource(t Type) bool {
	if t.info == nil {
		return false
	}
	s, ok := a.resources[t.info.RType]
	return ok && s.val != nil
}

// mustNotBeBuilt panics when the app's pipeline is changed after it was
// built: the change would be silently ignored otherwise.
func (a *App) mustNotBeBuilt(what string) {
	if a.built {
		panic("glue: " + what + " called after the app was built (by Build, Update or Run); declare the whole app before running it, or change a running app with Commands")
	}
}

// Run builds the app, runs its startup systems and then its ticks (the
// update stages only) until a system ends the app. It returns nil when the
// app ends normally, or the first error: a build error, a failed or
// panicking system. Run closes the app.
func (a *App) Run() error {
	if a.closed {
		return ErrClosed
	}
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

// Update runs one tick of the update stages: the startup systems first, if
// they have not run yet, then every update stage in order. It returns
// [ErrEnded] if the app had already ended normally, the error that ended
// it, or [ErrClosed] after [App.Close].
//
// A tick fails when a system fails (it panics, needs a missing resource or
// ends its goroutine) or a command cannot be applied: see the package
// documentation, # Failed ticks.
//
// While the app is paused ([App.Pause]) Update runs no update stage and
// returns nil, except for the ticks [App.Step] lets through.
func (a *App) Update() error {
	if a.driver != nil && !a.inTick {
		a.inTick = true
		defer func() { a.inTick = false }()
		return a.driver(a.tickFn)
	}
	if a.failed != nil {
		return a.failed
	}
	if a.ended {
		return ErrEnded
	}
	if a.closed {
		return ErrClosed
	}
	if err := a.Build(); err != nil {
		return a.fail(err)
	}
	a.watch.start(a.opts.StallAfter)
	a.watch.enter(a.tick)
	defer a.watch.leave()
	if !a.started {
		a.started = true
		if err := a.runStartup(); err != nil {
			return a.fail(err)
		}
		if a.ending {
			return a.end()
		}
	}
	if a.insp.hold() { // paused (App.Pause)
		return nil
	}
	for _, st := range a.stages {
		if st.thread != updateThread {
			continue
		}
		if err := a.runStage(st); err != nil {
			return a.fail(err)
		}
		if st.name == StateTransition {
			if err := a.runTransitions(); err != nil {
				return a.fail(err)
			}
		}
	}
	a.trimLogs()
	for _, end := range a.eventTicks {
		end()
	}
	a.tick++
	if a.ending {
		return a.end()
	}
	return nil
}

// Draw runs the draw stages in order. Renderers call it from their draw
// callback after [App.Update]. It returns [ErrEnded] once the app has
// ended, and [ErrClosed] after [App.Close].
func (a *App) Draw() error {
	if a.failed != nil {
		return a.failed
	}
	if a.ended {
		return ErrEnded
	}
	if a.closed {
		return ErrClosed
	}
	if !a.started {
		return nil // nothing to draw before the first update
	}
	a.watch.enter(a.tick)
	defer a.watch.leave()
	for _, st := range a.stages {
		if st.thread != renderThread {
			continue
		}
		if err := a.runStage(st); err != nil {
			return a.fail(err)
		}
	}
	if a.ending {
		return a.end()
	}
	return nil
}

// end ends the app after a tick in which End or Fail was called.
func (a *App) end() error {
	a.ended = true
	if len(a.failures) > 0 {
		a.failed = joinErrors(a.failures)
		return a.failed
	}
	return nil
}

func (a *App) fail(err error) error {
	a.failed = err
	a.ended = true
	return err
}

// joinErrors returns the one error of errs as it is, so that a caller can
// type-assert a *SystemError, or several joined (use errors.As).
// reported reports whether errs holds an error that says what err says
// (two plugins' OnBuild checks of one shared thing).
func reported(errs []error, err error) bool {
	for _, e := range errs {
		if e.Error() == err.Error() {
			return true
		}
	}
	return false
}

func joinErrors(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

func (a *App) workers() int {
	if a.exec != nil {
		return a.exec.Workers()
	}
	if a.opts.Sequential {
		return 1
	}
	if a.opts.Workers > 0 {
		return a.opts.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Build checks the app and prepares its schedule. It reports every problem
// at once — unknown stages, duplicate names, wrong param types, duplicate
// resources, unknown or cyclic After names, filters that can never match,
// module systems without their plugin, unordered conflicts under
// [Options.Strict] — joined in one error, each line naming the system,
// stage or type at fault and how to fix it. Build runs once; later calls
// return the same result. [App.Run] and [App.Update] call it.
func (a *App) Build() error {
	if a.built {
		return a.buildErr
	}
	if a.inBuild > 0 {
		return errors.New("glue: App.Build called from within Plugin.Build; plugins only add resources and systems")
	}
	a.built = true
	errs := append([]error(nil), a.setupErrs...)
	if a.world == nil {
		a.buildErr = joinErrors(errs)
		return a.buildErr
	}
	var policy sched.Policy
	if a.opts.ParallelThreshold > 0 || a.opts.ChunkSize > 0 {
		policy = sched.Fixed(a.opts.ParallelThreshold, a.opts.ChunkSize)
	}
	a.exec = sched.NewExecutor(a.workers(), policy)
	// One worker: every system runs on the app's goroutine, so spawns
	// reserve their ids without a lock.
	a.world.Solo = a.exec.Workers() == 1
	a.exec.Profile = a.insp.profiling
	seen := map[string]bool{}
	nameRuns(a.startup)
	for _, r := range a.startup {
		if seen[r.name] {
			errs = append(errs, fmt.Errorf("glue: startup system %s added twice; to run a function twice, add a second System with another name (Named)", r.name))
		}
		seen[r.name] = true
		if len(r.spec.after) > 0 {
			errs = append(errs, fmt.Errorf("glue: startup system %s is ordered with After; startup systems are ordered by Priority: use .Priority(n) (lower runs first)", r.name))
		}
		errs = append(errs, a.initRun(r)...)
	}
	sort.SliceStable(a.startup, func(i, j int) bool {
		si, sj := a.startup[i].spec, a.startup[j].spec
		if si.hasPrio != sj.hasPrio {
			return si.hasPrio
		}
		return si.hasPrio && si.priority < sj.priority
	})
	for _, st := range a.stages {
		errs = append(errs, a.buildStage(st)...)
	}
	for _, st := range a.transStages {
		errs = append(errs, a.buildStage(st)...)
		t, _ := transitionStages.Load(st.name)
		if !a.hasMachine(t.(reflect.Type)) {
			errs = append(errs, fmt.Errorf("glue: systems added to %s, but the app has no state %s; add it with glue.AddState(app, initial)", st.name, t))
		}
	}
	for _, check := range a.onBuild {
		if err := check(); err != nil && !(runtime.GOOS != "js" && reported(errs, err)) {
			errs = append(errs, err)
		}
	}
	a.buildErr = joinErrors(errs)
	if a.buildErr != nil {
		a.exec.Close()
		a.exec = nil
		return a.buildErr
	}
	if runtime.GOOS != "js" {
		a.watchNeeds() // needs.go: native builds only
	}
	return nil
}
