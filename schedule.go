package glue

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"time"

	"github.com/gluekit/glue/internal/pool"
)

// plan is how one stage runs on one thread: its systems in execution order
// (registration order adjusted by After), grouped into levels. Systems of
// a level do not conflict with each other and may run in parallel; each
// level waits for the one before.
type plan struct {
	order  []*System
	levels [][]*System
	tasks  []task
	ptrs   []pool.Task
	// stats learn, per level, whether running it on the workers pays.
	stats []levelStat
}

// levelStat is what a level's parallel runs achieved: their wall time,
// a moving average, and a counter to probe again now and then.
type levelStat struct {
	parWall time.Duration
	probe   uint32
}

// task is one system run, or one chunk of an entity system's entities.
type task struct {
	ctx    runCtx
	lo, hi int
	err    error
	dur    time.Duration
}

// Run runs the task, turning a panic into a SystemError, and times it.
func (t *task) Run() {
	t0 := time.Now()
	t.err = runSystem(&t.ctx, t.lo, t.hi)
	t.dur = time.Since(t0)
}

// runSystem runs ctx.sys over entities [lo, hi). ctx is owned by the
// caller and outlives the call, so that a tick allocates nothing.
func runSystem(ctx *runCtx, lo, hi int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &SystemError{System: ctx.sys.name, Stage: ctx.stageName(), Err: fmt.Errorf("panic: %v", r), Panic: r, Stack: debug.Stack()}
		}
	}()
	return ctx.sys.run(ctx, lo, hi)
}

// runWhole runs a system over all its entities on the calling goroutine,
// with its first command buffer.
//
// With a worker pool, one run in eight is timed, for runLevel's
// estimates (a clock read costs about as much as an empty system); a
// sequential app spends nothing on timing.
func (a *App) runWhole(s *System) error {
	s.ctx = runCtx{app: a, sys: s, cmds: s.buffer(0)}
	s.runs++
	if a.pool == nil || s.thread == RenderThread || (s.nsPerItem != 0 && s.runs%8 != 0) {
		return runSystem(&s.ctx, 0, s.total())
	}
	t0 := time.Now()
	err := runSystem(&s.ctx, 0, s.total())
	s.observe(time.Since(t0))
	return err
}

// Build checks the app and prepares its schedule. It reports every problem
// at once — unknown stages, systems added twice, duplicate resources,
// unknown or cyclic After names, unordered conflicts under
// [Options.Strict] — joined in one error, each line naming the system,
// stage or type at fault. Build runs once; later calls return the same
// result. [App.Run] and [App.Update] call it.
func (a *App) Build() error {
	if a.built {
		return a.buildErr
	}
	if a.inBuild > 0 {
		return errors.New("glue: App.Build called from within Plugin.Build; plugins only add resources and systems")
	}
	a.built = true
	errs := slices.Clone(a.setupErrs)
	initSys := func(s *System) {
		s.access = access{}
		b := &builder{app: a, sys: s}
		if s.kind == entitySystem && len(s.comps) == 0 {
			errs = append(errs, fmt.Errorf("glue: entity system %s has no components", s.name))
			return
		}
		if err := s.init(b); err != nil {
			errs = append(errs, fmt.Errorf("glue: system %s: %w", s.name, err))
		}
	}
	for _, s := range a.startup {
		initSys(s)
	}
	sort.SliceStable(a.startup, func(i, j int) bool {
		si, sj := a.startup[i], a.startup[j]
		if si.hasPrio != sj.hasPrio {
			return si.hasPrio
		}
		return si.hasPrio && si.priority < sj.priority
	})
	for _, st := range a.stages {
		for _, s := range st.systems {
			initSys(s)
		}
		order, err := orderSystems(st)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		st.conflicts = nil
		for i, x := range order {
			for _, y := range order[i+1:] {
				if x.thread == y.thread && x.access.conflictsWith(&y.access) {
					st.conflicts = append(st.conflicts, [2]*System{x, y})
					if a.opts.Strict && !ordered(x, y, order) {
						errs = append(errs, fmt.Errorf("glue: systems %s and %s of stage %s conflict (%s) and are not ordered; add After(%q) to %s", x.name, y.name, st.name, conflictWhat(x, y), x.name, y.name))
					}
				}
			}
		}
		for th := range st.plan {
			st.plan[th] = makePlan(order, Thread(th))
		}
	}
	a.buildErr = errors.Join(errs...)
	if a.buildErr == nil && a.workers() > 1 {
		a.pool = pool.New(a.workers())
	}
	return a.buildErr
}

// orderSystems sorts a stage's systems topologically by After, keeping
// registration order where After says nothing.
func orderSystems(st *stageDef) ([]*System, error) {
	byName := map[string]*System{}
	for _, s := range st.systems {
		byName[s.name] = s
	}
	deps := map[*System][]*System{}
	var errs []error
	for _, s := range st.systems {
		for _, n := range s.after {
			d, ok := byName[n]
			if !ok {
				errs = append(errs, fmt.Errorf("glue: system %s of stage %s runs After(%q), but stage %s has no such system", s.name, st.name, n, st.name))
				continue
			}
			deps[s] = append(deps[s], d)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	var order []*System
	state := map[*System]int{} // 1 visiting, 2 done
	var visit func(s *System) error
	visit = func(s *System) error {
		switch state[s] {
		case 1:
			return fmt.Errorf("glue: systems of stage %s are ordered in a cycle through %s; remove one After", st.name, s.name)
		case 2:
			return nil
		}
		state[s] = 1
		for _, d := range deps[s] {
			if err := visit(d); err != nil {
				return err
			}
		}
		state[s] = 2
		order = append(order, s)
		return nil
	}
	for _, s := range st.systems {
		if err := visit(s); err != nil {
			return nil, err
		}
	}
	for i, s := range order {
		s.seq = i
	}
	return order, nil
}

// ordered reports whether y runs After x, directly or through others.
func ordered(x, y *System, order []*System) bool {
	if slices.Contains(y.after, x.name) {
		return true
	}
	for _, n := range y.after {
		for _, z := range order {
			if z.name == n && z != y && ordered(x, z, order) {
				return true
			}
		}
	}
	return false
}

func conflictWhat(x, y *System) string {
	var what []string
	for _, k := range x.access.writes {
		if containsKey(y.access.writes, k) || containsKey(y.access.reads, k) {
			what = append(what, fmt.Sprint(keyName(k)))
		}
	}
	for _, k := range y.access.writes {
		if containsKey(x.access.reads, k) {
			what = append(what, fmt.Sprint(keyName(k)))
		}
	}
	return joinNames(what)
}

func keyName(k any) string {
	switch k := k.(type) {
	case *typeInfo:
		return k.name
	case *resSlot:
		return "resource " + k.name
	}
	return fmt.Sprint(k)
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

// makePlan groups the systems of one thread into levels: a system goes one
// level after the last earlier system it conflicts with or runs After.
func makePlan(order []*System, th Thread) *plan {
	p := &plan{}
	level := map[*System]int{}
	for i, s := range order {
		if s.thread != th {
			continue
		}
		lv := 0
		for _, x := range order[:i] {
			if x.thread != th {
				continue
			}
			if x.access.conflictsWith(&s.access) || slices.Contains(s.after, x.name) {
				lv = max(lv, level[x]+1)
			}
		}
		level[s] = lv
		for len(p.levels) <= lv {
			p.levels = append(p.levels, nil)
		}
		p.levels[lv] = append(p.levels[lv], s)
		for len(p.stats) < len(p.levels) {
			p.stats = append(p.stats, levelStat{})
		}
		p.order = append(p.order, s)
	}
	// A system's level may exceed that of a later system it must precede
	// only through After, which makePlan already respects; levels hold
	// systems in execution order.
	return p
}

// work is the number of entities a system will visit: its own and its
// queries'.
func (s *System) work() int {
	n := 0
	for _, q := range s.queries {
		n += q.count
	}
	return n
}

func (s *System) buffer(i int) *cmdBuffer {
	for len(s.bufs) <= i {
		s.bufs = append(s.bufs, &cmdBuffer{})
	}
	return s.bufs[i]
}

func (s *System) total() int {
	if s.kind == entitySystem {
		return s.queries[0].count
	}
	return 0
}

// runStage runs one stage's systems of one thread and applies their
// commands.
func (a *App) runStage(st *stageDef, th Thread) error {
	p := st.plan[th]
	if p == nil || len(p.order) == 0 {
		return nil
	}
	for _, s := range p.order {
		for _, q := range s.queries {
			q.refresh()
		}
		s.used = 0
	}
	for li := range p.levels {
		if err := a.runLevel(p, li, th); err != nil {
			return err
		}
	}
	var errs []error
	for _, s := range p.order {
		for _, b := range s.bufs[:s.used] {
			if err := a.apply(s, b); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	return nil
}

// Costs of parallel work on this kind of machine, measured by
// BenchmarkParallelThreshold and the bench module's parallel sweep: handing
// a task to a worker and waiting for it costs about 1 µs, so a level goes
// parallel only when that saves clearly more, and a chunk of a split
// system should take long enough to dwarf its hand-off.
const (
	minParallelGain = 20 * time.Microsecond
	targetChunk     = 25 * time.Microsecond
)

// runLevel runs one level of a plan: systems that do not conflict. They
// run on the calling goroutine, one after another, unless running them on
// the worker pool is expected to pay: either the level's systems are
// expected to save minParallelGain by running side by side, or a
// splittable entity system is long enough to split into chunks of about
// targetChunk. Expectations come from each system's measured time per
// entity on its previous runs (see System.observe), so light systems stay
// on one goroutine at sizes where heavy ones are already split.
// Options.ParallelThreshold and Options.ChunkSize, when set, replace the
// estimates with entity counts.
func (a *App) runLevel(p *plan, li int, th Thread) error {
	lv, st := p.levels[li], &p.stats[li]
	w := a.workers()
	if w == 1 || a.pool == nil || th == RenderThread || !a.worthParallel(lv, st) {
		for _, s := range lv {
			s.used = 1
			if err := a.runWhole(s); err != nil {
				return err
			}
		}
		return nil
	}
	p.tasks = p.tasks[:0]
	for _, s := range lv {
		n := s.total()
		chunks := 1
		if s.kind == entitySystem && s.chunkSafe {
			chunks = a.chunks(s, n, w)
		}
		s.used = chunks
		for c := range chunks {
			p.tasks = append(p.tasks, task{ctx: runCtx{app: a, sys: s, cmds: s.buffer(c), chunk: c}, lo: n * c / chunks, hi: n * (c + 1) / chunks})
		}
	}
	p.ptrs = p.ptrs[:0]
	for i := range p.tasks {
		p.ptrs = append(p.ptrs, &p.tasks[i])
	}
	t0 := time.Now()
	if len(p.ptrs) == 1 {
		p.ptrs[0].Run()
	} else {
		a.pool.Run(p.ptrs)
	}
	if wall := time.Since(t0); st.parWall == 0 {
		st.parWall = wall
	} else {
		st.parWall += (wall - st.parWall) / 4
	}
	for i := 0; i < len(p.tasks); {
		s, d, wall := p.tasks[i].ctx.sys, time.Duration(0), time.Duration(0)
		for ; i < len(p.tasks) && p.tasks[i].ctx.sys == s; i++ {
			if err := p.tasks[i].err; err != nil {
				return err
			}
			d += p.tasks[i].dur
			wall = max(wall, p.tasks[i].dur)
		}
		if s.used > 1 {
			s.observeSplit(wall)
		} else {
			s.observe(d)
		}
	}
	return nil
}

// worthParallel reports whether a level should run on the worker pool: if
// its systems are expected to gain enough side by side or split, and if
// its parallel runs so far have actually been clearly faster than running
// it on one goroutine is expected to be (probing again every 64th tick).
func (a *App) worthParallel(lv []*System, st *levelStat) bool {
	if a.opts.ParallelThreshold > 0 {
		work := 0
		for _, s := range lv {
			work += s.work()
		}
		return work >= a.opts.ParallelThreshold
	}
	var total, longest time.Duration
	split := false
	for _, s := range lv {
		e := s.estimate()
		total += e
		longest = max(longest, e)
		if s.kind == entitySystem && s.chunkSafe && e >= 2*targetChunk {
			split = true // worth splitting by itself
		}
	}
	if !split && total-longest < minParallelGain {
		return false
	}
	if st.parWall > 0 && float64(st.parWall) > 0.8*float64(total) {
		st.probe++
		return st.probe%64 == 0
	}
	return true
}

// chunks returns how many chunks to split an entity system of n entities
// into, at most one per worker. A system whose split runs have not been
// clearly faster than its whole runs (light loops bound by memory gain
// nothing from a second core) is not split, but tried again every 64th
// run, in case the machine or the world changed.
func (a *App) chunks(s *System, n, workers int) int {
	if a.opts.ChunkSize > 0 {
		return max(1, min(workers, n/a.opts.ChunkSize))
	}
	k := max(1, min(workers, int(s.estimate()/targetChunk)))
	if k > 1 && s.nsSplit > 0 && s.nsSplit > 0.8*s.nsPerItem {
		if s.splitProbe++; s.splitProbe%64 != 0 {
			return 1
		}
	}
	return k
}

// estimate is the time the system's next run is expected to take: its
// measured time per entity times the entities it will visit.
func (s *System) estimate() time.Duration {
	return time.Duration(s.nsPerItem * float64(max(s.work(), 1)))
}

// observeSplit records the wall time of a split run (its longest chunk),
// per entity, a moving average: what splitting the system achieves.
func (s *System) observeSplit(wall time.Duration) {
	x := float64(wall) / float64(max(s.work(), 1))
	if s.nsSplit == 0 {
		s.nsSplit = x
		return
	}
	s.nsSplit += (x - s.nsSplit) / 4
}

// observe records the duration of a whole (unsplit) run in the system's
// time per entity, a moving average.
func (s *System) observe(d time.Duration) {
	x := float64(d) / float64(max(s.work(), 1))
	if s.nsPerItem == 0 {
		s.nsPerItem = x
		return
	}
	s.nsPerItem += (x - s.nsPerItem) / 4
}

// runStartup runs the startup systems in priority order, applying each
// one's commands before the next runs.
func (a *App) runStartup() error {
	for _, s := range a.startup {
		for _, q := range s.queries {
			q.refresh()
		}
		if err := a.runWhole(s); err != nil {
			return err
		}
		if err := a.apply(s, s.buffer(0)); err != nil {
			return err
		}
	}
	return nil
}
