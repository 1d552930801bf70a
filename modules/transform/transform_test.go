package transform_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/transform"
)

// Name names a test entity.
type Name string

// Parent names the parent a linking system gives an entity.
type Parent string

// pose is a world pose read back from an app.
type pose struct{ x, y, rot float64 }

// world is the resource a test's Last system fills: every named entity's
// world pose after the tick.
type world struct {
	poses map[Name]pose
}

// record (glue.Last) copies every named entity's GlobalTransform.
func record(p struct {
	Q glue.Query2[*Name, *transform.GlobalTransform]
	W glue.ResMut[world]
}) {
	w := p.W.Get()
	clear(w.poses)
	p.Q.Each(func(_ glue.Entity, n *Name, g *transform.GlobalTransform) {
		x, y, r := g.Pose()
		w.poses[*n] = pose{x, y, r}
	})
}

// link (glue.Update) gives every entity with a Parent name its ChildOf,
// once: the way a game links entities known after they are spawned.
func link(p struct {
	Kids  glue.Query1[*Parent]
	Names glue.Query1[*Name]
	Cmds  glue.Commands
}) {
	p.Kids.Each(func(e glue.Entity, want *Parent) {
		p.Names.Each(func(parent glue.Entity, n *Name) {
			if string(*n) == string(*want) {
				p.Cmds.Modify(e, []glue.Type{glue.TypeOf[Parent]()}, transform.ChildOf{Parent: parent})
			}
		})
	})
}

// newApp makes an app with the transform plugin, the linking system and
// the recorder; spawn lists the entities its startup spawns.
func newApp(t testing.TB, opts glue.Options, spawn ...[]any) *glue.App {
	app := glue.NewApp().Configure(opts)
	app.AddPlugins(transform.Plugin{})
	app.InsertResource(world{poses: map[Name]pose{}})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for _, comps := range spawn {
			c.Spawn(comps...)
		}
	}))
	app.AddSystems(glue.Update, glue.Func(link))
	app.AddSystems(glue.Last, glue.Func(record))
	t.Cleanup(app.Close)
	return app
}

func tick(t testing.TB, app *glue.App) map[Name]pose {
	t.Helper()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	return glue.Resource[world](app).poses
}

func near(a, b pose) bool {
	const eps = 1e-9
	return math.Abs(a.x-b.x) < eps && math.Abs(a.y-b.y) < eps && math.Abs(a.rot-b.rot) < eps
}

func TestPropagation(t *testing.T) {
	rootT := transform.At(100, 50)
	rootT.Rotation = math.Pi / 2 // x axis points down the screen
	rootT.ScaleX, rootT.ScaleY = 2, 2
	arm := transform.At(10, 0)
	arm.Rotation = math.Pi / 2
	// The grandchild is listed first, so that storage order puts it
	// before its ancestors.
	app := newApp(t, glue.Options{},
		[]any{Name("hand"), Parent("arm"), transform.At(0, 5)},
		[]any{Name("arm"), Parent("root"), arm},
		[]any{Name("root"), rootT},
	)
	tick(t, app) // links made at the end of Update; poses in PostUpdate
	got := tick(t, app)
	// root at (100,50), rotated 90° and scaled 2: its local (10,0) is the
	// world (100, 70); the arm's rotation adds 90°: 180°. The hand's local
	// (0,5) in the arm is (-5,0) rotated by the arm, scaled by 2, then by
	// the root's 90°: the arm's frame maps (0,5) to (-10,0) in world axes…
	want := map[Name]pose{
		"root": {100, 50, math.Pi / 2},
		"arm":  {100, 70, math.Pi},
		"hand": {100 + 0, 70 - 10, math.Pi},
	}
	// Check the hand by composing maps by hand as well.
	h := transform.At(0, 5).Affine().Then(arm.Affine()).Then(rootT.Affine())
	if hx, hy := h.Apply(0, 0); math.Abs(hx-want["hand"].x) > 1e-9 || math.Abs(hy-want["hand"].y) > 1e-9 {
		t.Fatalf("test arithmetic: hand by composition at (%v, %v), want (%v, %v)", hx, hy, want["hand"].x, want["hand"].y)
	}
	for n, w := range want {
		if !near(got[n], w) {
			t.Errorf("%s: world pose %+v, want %+v", n, got[n], w)
		}
	}
}

// TestGlobalInsertedWithItsPose checks that an entity spawned with a
// Transform only gets a GlobalTransform that already holds its world pose
// in the tick it is inserted, parent included.
func TestGlobalInsertedWithItsPose(t *testing.T) {
	app := newApp(t, glue.Options{}, []any{Name("root"), transform.At(3, 4)})
	got := tick(t, app)
	if p, ok := got["root"]; !ok || !near(p, pose{3, 4, 0}) {
		t.Fatalf("after the first tick: root %+v (present %v), want (3, 4, 0)", p, ok)
	}
}

// moveRoot (glue.Update) moves the entity named "root" right by 1.
func moveRoot(_ glue.Entity, n *Name, tr *transform.Transform) {
	if *n == "root" {
		tr.X++
	}
}

func TestChildrenFollowTheirParent(t *testing.T) {
	app := newApp(t, glue.Options{},
		[]any{Name("root"), transform.At(0, 0)},
		[]any{Name("kid"), Parent("root"), transform.At(5, 0), transform.GlobalTransform{}},
	)
	app.AddSystems(glue.Update, glue.Each2(moveRoot))
	var xs []float64
	for range 4 {
		xs = append(xs, tick(t, app)["kid"].x)
	}
	// Tick 1: the link is made at the end of Update, before PostUpdate
	// propagates: the kid is at the root's 1 + 5, then follows it.
	if want := []float64{6, 7, 8, 9}; !slices.Equal(xs, want) {
		t.Errorf("kid's world x per tick = %v, want %v", xs, want)
	}
}

// despawner despawns the entity named victim when the app's tick is at.
func despawner(victim Name, at uint64, stage string) func(glue.Entity, *Name, glue.Commands) {
	return func(e glue.Entity, n *Name, c glue.Commands) {
		if *n == victim && ticks[stage] == at {
			c.Despawn(e)
		}
	}
}

// ticks counts the runs of each stage, set by counter systems: tests run
// one at a time.
var ticks = map[string]uint64{}

func counter(stage string) *glue.System {
	return glue.Func(func(glue.Commands) { ticks[stage]++ }).Named("count" + stage)
}

// family is a root with a child and a grandchild, and a bystander.
func family(t *testing.T) *glue.App {
	clear(ticks)
	return newApp(t, glue.Options{Sequential: true},
		[]any{Name("root"), transform.At(0, 0)},
		[]any{Name("kid"), Parent("root"), transform.At(1, 0)},
		[]any{Name("grandkid"), Parent("kid"), transform.At(1, 0)},
		[]any{Name("other"), transform.At(9, 9)},
	)
}

func names(app *glue.App) []string {
	var out []string
	for n := range glue.Resource[world](app).poses {
		out = append(out, string(n))
	}
	slices.Sort(out)
	return out
}

// TestDespawnParent despawns a parent by a command in several stages and
// checks when its descendants go.
func TestDespawnParent(t *testing.T) {
	for _, c := range []struct {
		stage glue.Stage
		// ticks after which the descendants must still exist, and be gone
		keep, gone int
		kept       int // entities after tick keep
	}{
		{glue.Update, 1, 2, 4},     // gone at the end of PostUpdate, tick 2
		{glue.PostUpdate, 1, 2, 4}, // despawned in the propagation stage itself: gone at the end of Last
		{glue.Last, 2, 3, 3},       // root gone at the end of tick 2, its descendants at the end of First, tick 3
	} {
		t.Run(string(c.stage), func(t *testing.T) {
			app := family(t)
			st := string(c.stage)
			count := counter(st)
			app.AddSystems(c.stage, count, glue.Each1P(despawner("root", 2, st)).After(count))
			tick(t, app)
			if got, want := names(app), []string{"grandkid", "kid", "other", "root"}; !slices.Equal(got, want) {
				t.Fatalf("after tick 1: %v, want %v", got, want)
			}
			for i := 2; i <= c.keep; i++ {
				tick(t, app)
			}
			if n := app.Len(); n != c.kept {
				t.Errorf("after tick %d: %d entities, want %d", c.keep, n, c.kept)
			}
			for i := c.keep + 1; i <= c.gone; i++ {
				tick(t, app)
			}
			if app.Len() != 1 {
				t.Errorf("after tick %d: %d entities, want 1 (the bystander)", c.gone, app.Len())
			}
		})
	}
}

// TestDespawnTimingWithinTheTick checks that children of a parent
// despawned in Update are gone before Last (propagation stage end) and
// those of a parent despawned in Last are gone before the next Update.
func TestDespawnTimingWithinTheTick(t *testing.T) {
	clear(ticks)
	app := family(t)
	seen := map[string]int{}
	look := func(stage string) *glue.System {
		return glue.Func(func(q glue.Query1[*Name]) { seen[stage] = q.Len() }).Named("look" + stage)
	}
	count := counter("Update")
	app.AddSystems(glue.Update, count, glue.Each1P(despawner("kid", 2, "Update")).After(count), look("Update"))
	app.AddSystems(glue.Last, look("Last"))
	tick(t, app)
	tick(t, app)
	// Tick 2: kid despawned at the end of Update, grandkid at the end of
	// PostUpdate: Last sees root and other.
	if seen["Update"] != 4 || seen["Last"] != 2 {
		t.Errorf("tick 2: Update saw %d named entities, Last %d; want 4 and 2", seen["Update"], seen["Last"])
	}
}

// TestUnlinkAndReparent removes a child's ChildOf (it becomes a root at
// its local pose) and links another child to a new parent.
func TestUnlinkAndReparent(t *testing.T) {
	app := newApp(t, glue.Options{},
		[]any{Name("a"), transform.At(100, 0)},
		[]any{Name("b"), transform.At(200, 0)},
		[]any{Name("x"), Parent("a"), transform.At(1, 0)},
		[]any{Name("y"), Parent("a"), transform.At(2, 0)},
	)
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Q    glue.Query2[*Name, *transform.ChildOf]
		N    glue.Query1[*Name]
		Tick glue.Local[int]
		Cmds glue.Commands
	}) {
		if *p.Tick.Get()++; *p.Tick.Get() != 2 {
			return
		}
		var b glue.Entity
		p.N.Each(func(e glue.Entity, n *Name) {
			if *n == "b" {
				b = e
			}
		})
		p.Q.Each(func(e glue.Entity, n *Name, _ *transform.ChildOf) {
			switch *n {
			case "x":
				p.Cmds.Remove(e, glue.TypeOf[transform.ChildOf]())
			case "y":
				p.Cmds.Insert(e, transform.ChildOf{Parent: b})
			}
		})
	}).Named("relink"))
	tick(t, app)
	if got := tick(t, app); got["x"].x != 1 || got["y"].x != 202 {
		t.Errorf("after unlinking x and moving y to b: x at %v, y at %v; want 1 and 202", got["x"].x, got["y"].x)
	}
}

func TestCycleFails(t *testing.T) {
	app := newApp(t, glue.Options{},
		[]any{Name("a"), Parent("b"), transform.At(0, 0)},
		[]any{Name("b"), Parent("a"), transform.At(0, 0)},
	)
	_ = app.Update()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "transform: the ChildOf links through") || !strings.Contains(err.Error(), "cycle") {
		t.Fatalf("a ChildOf cycle: error %v, want one naming the cycle", err)
	}
}

func TestPluginBadStage(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(transform.Plugin{Stage: "Nope"})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), `transform: Plugin.Stage "Nope"`) {
		t.Fatalf("Build error %v, want one naming the stage", err)
	}
}

func TestPluginAfterUnknownSystem(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(transform.Plugin{After: []glue.Target{glue.NewLabel("game.nope")}})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), `After(label game.nope)`) {
		t.Fatalf("Build error %v, want one naming the unknown system", err)
	}
}

// Ship is a game component with a pose.
type Ship struct{ X, Y, Heading float64 }

// Pose makes Ship an IPose.
func (s Ship) Pose() (x, y, rotation float64) { return s.X, s.Y, s.Heading }

func TestFollow(t *testing.T) {
	follow := transform.Follow[Ship]()
	if follow.Name() != "transform.Follow[transform_test.Ship]" {
		t.Errorf("Follow[Ship] named %q", follow.Name())
	}
	app := newApp(t, glue.Options{},
		[]any{Name("ship"), Ship{10, 20, math.Pi}, transform.At(0, 0)},
		[]any{Name("flag"), Parent("ship"), transform.At(3, 0)},
	)
	app.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, s *Ship) { s.X++ }))
	app.AddSystems(glue.PostUpdate, follow)
	// Follow is registered after the plugin: without After, propagation
	// would read the Transform before Follow wrote it. The plugin was
	// added by newApp; a game passes After: []string{follow.Name()}.
	tick(t, app)
	got := tick(t, app)
	// Tick 2: the ship at x 12; propagation ran before Follow (registration
	// order), so it shows the pose Follow copied in tick 1: x 11.
	if !near(got["ship"], pose{11, 20, math.Pi}) || !near(got["flag"], pose{11 - 3, 20, math.Pi}) {
		t.Errorf("without After: ship %+v, flag %+v; want them one tick behind", got["ship"], got["flag"])
	}
}

func TestFollowWithAfter(t *testing.T) {
	follow := transform.Follow[Ship]()
	app := glue.NewApp()
	app.AddSystems(glue.PostUpdate, follow)
	app.AddPlugins(transform.Plugin{After: []glue.Target{follow}})
	app.InsertResource(world{poses: map[Name]pose{}})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Name("ship"), Ship{10, 20, 0}, transform.At(0, 0)) }))
	app.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, s *Ship) { s.X++ }))
	app.AddSystems(glue.Last, glue.Func(record))
	t.Cleanup(app.Close)
	tick(t, app)
	if got := tick(t, app)["ship"]; !near(got, pose{12, 20, 0}) {
		t.Errorf("with After: ship %+v, want the pose of this tick (12, 20, 0)", got)
	}
}

// Level tags the entities of a generated hierarchy with their depth.
type Level struct{ N int }

// treeApp builds a hierarchy of 10 roots, 90 children, 900 grandchildren
// and 9000 great-grandchildren (10,000 entities, 4 levels), each child
// linked by a startup system that queries the level above — the parents
// are known once spawned.
func treeApp(opts glue.Options, spin bool) *glue.App {
	app := glue.NewApp().Configure(opts)
	app.AddPlugins(transform.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 10 {
			c.Spawn(Level{0}, transform.At(float64(i)*100, 0), transform.GlobalTransform{})
		}
	}).Priority(0))
	fanout := []int{0, 9, 10, 10}
	for lv := 1; lv <= 3; lv++ {
		app.AddStartup(glue.Func(func(p struct {
			Q    glue.Query1[*Level]
			Cmds glue.Commands
		}) {
			p.Q.Each(func(e glue.Entity, l *Level) {
				if l.N != lv-1 {
					return
				}
				for i := range fanout[lv] {
					tr := transform.At(float64(i), 1)
					tr.Rotation = 0.1 * float64(i)
					tr.ScaleX = 1 + 0.01*float64(i)
					tr.ScaleY = tr.ScaleX
					p.Cmds.Spawn(Level{lv}, tr, transform.GlobalTransform{}, transform.ChildOf{Parent: e})
				}
			})
		}).Priority(lv).Named(fmt.Sprintf("level%d", lv)))
	}
	if spin {
		// Every tick, turn the roots a little so that all poses change.
		app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, l *Level, tr *transform.Transform) {
			if l.N == 0 {
				tr.Rotation += 0.01
			}
		}))
	}
	return app
}

// poses (glue.Last) collects every GlobalTransform in storage order.
type poses struct{ list []transform.Affine }

func collectPoses(p struct {
	Q   glue.Query1[*transform.GlobalTransform]
	Out glue.ResMut[poses]
}) {
	out := p.Out.Get()
	out.list = out.list[:0]
	p.Q.Each(func(_ glue.Entity, g *transform.GlobalTransform) { out.list = append(out.list, g.Affine()) })
}

func TestTreeParallelEqualsSequential(t *testing.T) {
	run := func(opts glue.Options) []transform.Affine {
		app := treeApp(opts, true)
		// 3,000 more roots, so that RootsSystem is split across workers.
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 3000 {
				tr := transform.At(float64(i), -1)
				tr.Rotation = float64(i)
				c.Spawn(tr, transform.GlobalTransform{})
			}
		}).Priority(10).Named("moreRoots"))
		app.InsertResource(poses{})
		app.AddSystems(glue.Last, glue.Func(collectPoses))
		defer app.Close()
		for range 5 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if app.Len() != 13000 {
			t.Fatalf("app has %d entities, want 13000", app.Len())
		}
		return slices.Clone(glue.Resource[poses](app).list)
	}
	seq := run(glue.Options{Sequential: true})
	par := run(glue.Options{Workers: 4, ChunkSize: 64, ParallelThreshold: 1})
	if !slices.Equal(seq, par) {
		t.Fatal("parallel propagation differs from sequential")
	}
	if seq[len(seq)-1] == (transform.Affine{}) {
		t.Fatal("the last entity's GlobalTransform was never computed")
	}
}

func TestTreeAllocatesNothing(t *testing.T) {
	app := treeApp(glue.Options{}, true)
	defer app.Close()
	for range 20 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(20, func() { _ = app.Update() }); n != 0 {
		t.Errorf("a tick propagating 10,000 entities allocates %v times, want 0", n)
	}
}

// BenchmarkPropagate measures a tick that propagates the 10,000-entity,
// 4-level tree, next to a tick with 10,000 roots (no hierarchy) for
// scale, sequential and parallel.
func BenchmarkPropagate(b *testing.B) {
	flat := func(opts glue.Options) *glue.App {
		app := glue.NewApp().Configure(opts)
		app.AddPlugins(transform.Plugin{})
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 10000 {
				c.Spawn(Level{0}, transform.At(float64(i), 0), transform.GlobalTransform{})
			}
		}))
		return app
	}
	for _, shape := range []struct {
		name string
		make func(glue.Options) *glue.App
	}{{"tree4", func(o glue.Options) *glue.App { return treeApp(o, false) }}, {"flat", flat}} {
		for _, mode := range []struct {
			name string
			opts glue.Options
		}{{"seq", glue.Options{Sequential: true}}, {"par", glue.Options{}}} {
			b.Run(shape.name+"/"+mode.name, func(b *testing.B) {
				app := shape.make(mode.opts)
				defer app.Close()
				for range 100 {
					_ = app.Update()
				}
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					_ = app.Update()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/entity")
			})
		}
	}
}

// TestDespawnRecursiveInTheSameStage despawns a parent with
// DespawnRecursive in the propagation stage: parent, child and grandchild
// are gone when that stage ends, before Last runs.
func TestDespawnRecursiveInTheSameStage(t *testing.T) {
	app := family(t)
	seen := -1
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Names glue.Query1[*Name]
		Links glue.Query1[transform.ChildOf]
		Tick  glue.Local[int]
		Cmds  glue.Commands
	}) {
		if *p.Tick.Get()++; *p.Tick.Get() != 2 {
			return
		}
		p.Names.Each(func(e glue.Entity, n *Name) {
			if *n == "root" {
				transform.DespawnRecursive(p.Cmds, p.Links, e)
			}
		})
	}).Named("killRoot"))
	app.AddSystems(glue.Last, glue.Func(func(q glue.Query1[*Name]) { seen = q.Len() }).Named("countInLast"))
	tick(t, app)
	tick(t, app)
	if seen != 1 {
		t.Errorf("Last saw %d named entities after the root was despawned recursively in PostUpdate, want 1 (the bystander)", seen)
	}
}

// TestAncestorWithoutGlobalYet checks a grandchild spawned with a
// GlobalTransform under a child that has none yet: its pose is right in
// the first tick it is linked.
func TestAncestorWithoutGlobalYet(t *testing.T) {
	app := newApp(t, glue.Options{},
		[]any{Name("root"), transform.At(100, 0)},
		[]any{Name("kid"), Parent("root"), transform.At(10, 0)},
		[]any{Name("grandkid"), Parent("kid"), transform.At(1, 0), transform.GlobalTransform{}},
	)
	if got := tick(t, app)["grandkid"]; !near(got, pose{111, 0, 0}) {
		t.Errorf("grandkid in tick 1 at %+v, want (111, 0, 0)", got)
	}
}

// TestParentThatNeverExisted links a child to an entity that is not
// there: the child is despawned, at the end of the propagation stage.
func TestParentThatNeverExisted(t *testing.T) {
	app := newApp(t, glue.Options{},
		[]any{Name("lost"), transform.At(0, 0), transform.ChildOf{Parent: glue.Entity(1<<40 | 7)}},
		[]any{Name("other"), transform.At(0, 0)},
	)
	tick(t, app)
	if app.Len() != 1 {
		t.Errorf("%d entities, want 1: a child of no entity is despawned", app.Len())
	}
}
