package glue_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// The tests' own stages, after glue.Update.
const (
	First  glue.Stage = "first"
	Middle glue.Stage = "middle"
	Last   glue.Stage = "last"
)

// stagedApp returns an app with the tests' stages.
func stagedApp() *glue.App {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, First, Middle, Last)
	return app
}

// Log is a resource systems append to, to observe order.
type Log struct{ lines []string }

func (l *Log) add(format string, args ...any) {
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

type A struct{ V int }
type B struct{ V int }
type C struct{ V int }
type D struct{ V int }

func newApp(t *testing.T) *glue.App {
	t.Helper()
	app := stagedApp()
	t.Cleanup(app.Close)
	return app
}

func mustUpdate(t *testing.T, app *glue.App, ticks int) {
	t.Helper()
	for range ticks {
		if err := app.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
	}
}

// logger returns a named global system that logs its name.
func logger(name string) *glue.System {
	return glue.Func(func(l glue.ResMut[Log]) { l.Get().add("%s", name) }).Named(name)
}

func TestStagesRunInDeclaredOrder(t *testing.T) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddStagesAfter(glue.Update, Last, First) // declaration order, not name order
	app.AddStagesAfter(glue.Update, Middle)      // after the stages added after Update before
	app.InsertResource(Log{})
	app.AddSystems(First, logger("first"))
	app.AddSystems(Middle, logger("middle"))
	app.AddSystems(Last, logger("last"), logger("last2"))
	app.AddSystems(glue.PostUpdate, logger("post"))
	app.AddSystems(glue.PreUpdate, logger("pre"))
	mustUpdate(t, app, 2)
	got := glue.Resource[Log](app).lines
	want := []string{"pre", "last", "last2", "first", "middle", "post", "pre", "last", "last2", "first", "middle", "post"}
	if !slices.Equal(got, want) {
		t.Fatalf("order = %v, want %v", got, want)
	}
}

func TestAddStages(t *testing.T) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddStagesAfter(glue.Update, First, Last)
	app.AddStagesAfter(First, Middle)
	app.AddStagesBefore(glue.Update, "extra")
	app.AddStagesAfter(glue.Draw, "overlay")
	want := []glue.Stage{glue.First, glue.PreUpdate, glue.StateTransition, "extra", glue.Update, First, Middle, Last, glue.PostUpdate, glue.Last,
		glue.PreDraw, glue.Draw, "overlay", glue.PostDraw}
	if got := app.Stages(); !slices.Equal(got, want) {
		t.Fatalf("stages = %v, want %v", got, want)
	}
}

func TestStartupPriority(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	app.AddStartup(
		logger("p5").Priority(5),
		logger("none-a"),
		logger("p1-a").Priority(1),
		logger("none-b"),
		logger("p1-b").Priority(1),
		logger("neg").Priority(-3),
	)
	app.AddSystems(First, logger("tick"))
	mustUpdate(t, app, 2)
	want := []string{"neg", "p1-a", "p1-b", "p5", "none-a", "none-b", "tick", "tick"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("order = %v, want %v", got, want)
	}
}

func TestStartupCommandsAppliedBetweenStartupSystems(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	app.AddStartup(
		glue.Func(func(c glue.Commands) { c.Spawn(A{1}); c.Spawn(A{2}) }).Priority(0),
		// An entity startup system sees the entities spawned before it.
		glue.Each1P(func(_ glue.Entity, a *A, l glue.ResMut[Log]) { l.Get().add("A%d", a.V) }).Priority(1),
	)
	mustUpdate(t, app, 1)
	if got, want := glue.Resource[Log](app).lines, []string{"A1", "A2"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func spawnABCD(app *glue.App) {
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(A{1})
		c.Spawn(A{2}, B{})
		c.Spawn(A{3}, C{})
		c.Spawn(A{4}, B{}, C{})
		c.Spawn(B{}) // no A
	}))
}

func TestFilters(t *testing.T) {
	cases := []struct {
		name string
		sys  func(*glue.System) *glue.System
		want []int
	}{
		{"all", func(s *glue.System) *glue.System { return s }, []int{1, 2, 3, 4}},
		{"with B", func(s *glue.System) *glue.System { return s.With(glue.TypeOf[B]()) }, []int{2, 4}},
		{"without C", func(s *glue.System) *glue.System { return s.Without(glue.TypeOf[C]()) }, []int{1, 2}},
		{"with B without C", func(s *glue.System) *glue.System {
			return s.With(glue.TypeOf[B]()).Without(glue.TypeOf[C]())
		}, []int{2}},
		{"with B and C", func(s *glue.System) *glue.System {
			return s.With(glue.TypeOf[B](), glue.TypeOf[C]())
		}, []int{4}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := newApp(t)
			spawnABCD(app)
			var seen []int
			app.AddSystems(First, tc.sys(glue.Each1(func(_ glue.Entity, a *A) { seen = append(seen, a.V) })))
			mustUpdate(t, app, 1)
			slices.Sort(seen)
			if !slices.Equal(seen, tc.want) {
				t.Fatalf("visited %v, want %v", seen, tc.want)
			}
		})
	}
}

func TestEntitySystemWritesThroughPointers(t *testing.T) {
	app := newApp(t)
	spawnABCD(app)
	app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) { a.V *= 10 }))
	var got []int
	app.AddSystems(Middle, glue.Each1(func(_ glue.Entity, a *A) { got = append(got, a.V) }))
	mustUpdate(t, app, 2)
	slices.Sort(got)
	if want := []int{10, 20, 30, 40, 100, 200, 300, 400}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestOnlyDeclaredComponentsAreAccessed(t *testing.T) {
	app := newApp(t)
	spawnABCD(app)
	app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) {}).With(glue.TypeOf[B]()).Named("OnlyA"))
	desc := app.Describe()
	i := strings.Index(desc, "OnlyA")
	if i < 0 {
		t.Fatalf("system missing from description:\n%s", desc)
	}
	block := desc[i:]
	if !strings.Contains(block, "writes glue_test.A") {
		t.Errorf("access should list A as written:\n%s", block)
	}
	if strings.Contains(block, "glue_test.B;") || strings.Contains(block, "reads  glue_test.B") || strings.Contains(block, "writes glue_test.B") {
		t.Errorf("a With filter must not count as access to B:\n%s", block)
	}
}

func TestCommandsAreDeferredToTheEndOfTheStage(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	count := func(label string) *glue.System {
		return glue.Func(func(p struct {
			Q glue.Query1[*A]
			L glue.ResMut[Log]
		}) {
			q, l := p.Q, p.L
			l.Get().add("%s:%d", label, q.Len())
		}).Named("count-" + label)
	}
	spawned := false
	app.AddSystems(First,
		glue.Func(func(c glue.Commands) {
			if !spawned {
				c.Spawn(A{7})
				spawned = true
			}
		}).Named("spawn"),
		count("same-stage"),
	)
	app.AddSystems(Middle, count("next-stage"))
	mustUpdate(t, app, 1)
	want := []string{"same-stage:0", "next-stage:1"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestComponentCommands(t *testing.T) {
	app := newApp(t)
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(A{1}) }))
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		Q glue.Query1[*A]
	}) {
		c, q := p.C, p.Q
		tick++
		e, _, _ = q.First()
		switch tick {
		case 1:
			c.Insert(e, B{2})
		case 2:
			c.Modify(e, []glue.Type{glue.TypeOf[B]()}, C{3})
		case 3:
			// Several commands on one entity apply in order.
			c.Insert(e, D{1})
			c.Insert(e, D{2})
			c.Remove(e, glue.TypeOf[C]())
		case 4:
			c.Despawn(e)
			c.Insert(e, B{9}) // skipped: the entity is gone
		}
	}).Named("mutate"))
	type snap struct {
		a, b, c, d bool
		dv         int
	}
	var got []snap
	app.AddSystems(Last, glue.Func(func(p struct {
		Qa glue.Query1[*A]
		Qb glue.Query1[*B]
		Qc glue.Query1[*C]
		Qd glue.Query1[*D]
	}) {
		qa, qb, qc, qd := p.Qa, p.Qb, p.Qc, p.Qd
		var s snap
		_, s.a = qa.Get(e)
		_, s.b = qb.Get(e)
		_, s.c = qc.Get(e)
		var d *D
		d, s.d = qd.Get(e)
		if s.d {
			s.dv = d.V
		}
		got = append(got, s)
	}).Named("observe"))
	mustUpdate(t, app, 4)
	want := []snap{
		{a: true, b: true},
		{a: true, c: true},
		{a: true, d: true, dv: 2},
		{},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if app.Len() != 0 {
		t.Fatalf("world has %d entities, want 0", app.Len())
	}
}

func TestRemovingLastComponentDespawns(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(A{1}) }))
	app.AddSystems(First, glue.Each1P(func(e glue.Entity, _ *A, c glue.Commands) { c.Remove(e, glue.TypeOf[A]()) }))
	mustUpdate(t, app, 1)
	if app.Len() != 0 {
		t.Fatalf("len = %d, want 0", app.Len())
	}
}

func TestEndFinishesTheTick(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	n := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		L glue.ResMut[Log]
	}) {
		c, l := p.C, p.L
		n++
		l.Get().add("first%d", n)
		if n == 2 {
			c.End()
		}
	}))
	app.AddSystems(Last, glue.Func(func(l glue.ResMut[Log]) { l.Get().add("last%d", n) }))
	if err := app.Run(); err != nil {
		t.Fatal(err)
	}
	want := []string{"first1", "last1", "first2", "last2"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if !app.Ended() || app.Tick() != 2 {
		t.Fatalf("ended=%v tick=%d, want true 2", app.Ended(), app.Tick())
	}
	if err := app.Update(); !errors.Is(err, glue.ErrEnded) {
		t.Fatalf("Update after end = %v, want ErrEnded", err)
	}
}

type Gold struct{ N int }

func TestResources(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	tick := 0
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		tick++
		switch tick {
		case 1:
			c.InsertResource(Gold{5})
		case 2:
			c.InsertResource(Gold{6}) // replaces
		case 3:
			c.RemoveResource(glue.TypeOf[Gold]())
		}
	}).Named("manage"))
	app.AddSystems(Middle, glue.Func(func(p struct {
		G glue.Opt[Gold]
		L glue.ResMut[Log]
	}) {
		g, l := p.G, p.L
		if g.Get() == nil {
			l.Get().add("none")
			return
		}
		l.Get().add("gold %d", g.Get().N)
	}).Named("observe"))
	mustUpdate(t, app, 4)
	want := []string{"gold 5", "gold 6", "none", "none"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestMissingResourceNamesSystemStageAndType(t *testing.T) {
	app := newApp(t)
	app.AddSystems(Middle, glue.Func(func(g glue.Res[Gold]) {}).Named("NeedsGold"))
	err := app.Run()
	var se *glue.SystemError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want a *SystemError", err)
	}
	for _, want := range []string{"NeedsGold", "middle", "glue_test.Gold"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestPanicIsReportedWithSystemAndStage(t *testing.T) {
	for _, seq := range []bool{true, false} {
		app := newApp(t)
		app.Configure(glue.Options{Sequential: seq, ParallelThreshold: 1})
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 100 {
				c.Spawn(A{i})
			}
		}))
		app.AddSystems(Last,
			glue.Each1(func(_ glue.Entity, a *A) {
				if a.V == 50 {
					panic("boom")
				}
			}).Named("Exploder"),
			glue.Each1(func(_ glue.Entity, b *B) {}).Named("Other"),
		)
		err := app.Run()
		var se *glue.SystemError
		if !errors.As(err, &se) || se.System != "Exploder" || se.Stage != "last" || se.Panic != "boom" {
			t.Fatalf("sequential=%v: err = %#v, want a SystemError for Exploder in Last", seq, err)
		}
		if !strings.Contains(err.Error(), "Exploder") || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("error text %q lacks system name or panic value", err)
		}
	}
}

func TestFailReturnsError(t *testing.T) {
	app := newApp(t)
	sentinel := errors.New("out of lives")
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Fail(sentinel) }).Named("Judge"))
	err := app.Run()
	if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), "Judge") {
		t.Fatalf("err = %v, want wrapped sentinel naming Judge", err)
	}
}

func TestSpawnAnyType(t *testing.T) {
	// Stray is used by no system: its first sight is the Spawn command.
	type Stray struct{ X int }
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(Stray{41}, A{1}); c.End() }).Named("Spawner"))
	var got []int
	app.AddSystems(Last, glue.Func(func(q glue.Query2[*Stray, *A]) {
		q.Each(func(_ glue.Entity, s *Stray, _ *A) { got = append(got, s.X) })
	}))
	if err := app.Run(); err != nil {
		t.Fatal(err)
	}
	mustUpdateEnded(t, app)
	// Spawned in First, seen in Last of the same tick.
	if !slices.Equal(got, []int{41}) || app.Len() != 1 {
		t.Fatalf("got %v, len %d; want [41], 1", got, app.Len())
	}
}

func TestSpawnErrors(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(A{1}, A{2}) }).Named("Dup"))
	err := app.Run()
	if err == nil || !strings.Contains(err.Error(), "Dup") || !strings.Contains(err.Error(), "given twice") {
		t.Fatalf("err = %v, want duplicate component error naming the system", err)
	}
	app2 := newApp(t)
	app2.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn() }).Named("Empty"))
	if err := app2.Run(); err == nil || !strings.Contains(err.Error(), "at least one component") {
		t.Fatalf("err = %v, want at-least-one-component error", err)
	}
}

func mustUpdateEnded(t *testing.T, app *glue.App) {
	t.Helper()
	if err := app.Update(); !errors.Is(err, glue.ErrEnded) {
		t.Fatalf("Update after end: %v", err)
	}
}

func TestBuildReportsEveryProblemAtOnce(t *testing.T) {
	app := newApp(t)
	shared := logger("Twice")
	app.InsertResource(Log{})
	app.InsertResource(Log{}) // duplicate resource
	app.AddSystems("Unknown", logger("Lost"))
	app.AddSystems(First, shared)
	app.AddSystems(First, shared) // same System value twice in one stage
	app.AddSystems(First, logger("Same"), logger("Same"))
	nobody := logger("Nobody")
	app.AddSystems(Last, logger("Orphan").After(nobody), logger("Other").In(glue.NewLabel("someLabel")))
	app.AddStartup(nil)
	err := app.Build()
	if err == nil {
		t.Fatal("Build succeeded, want errors")
	}
	for _, want := range []string{
		"duplicate resource glue_test.Log",
		`system Lost added to unknown stage "Unknown"`,
		"system Twice added twice to stage first",
		"two systems of stage first are named Same; give each its own name (Named)", // not "to run a function twice"
		"system Orphan runs After(system Nobody), but stage last has no such system; its systems are Orphan, Other; its labels are someLabel.",
		"nil startup system",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("build error lacks %q:\n%v", want, err)
		}
	}
	if err := app.Run(); err == nil {
		t.Fatal("Run of a broken app succeeded")
	}
}

func TestAfterOrdersAndCyclesAreReported(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	a := logger("a")
	app.AddSystems(First, logger("b").After(a), a)
	mustUpdate(t, app, 1)
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("got %v, want [a b]", got)
	}
	app2 := newApp(t)
	app2.InsertResource(Log{})
	x, y := logger("x"), logger("y")
	app2.AddSystems(First, x.After(y), y.After(x))
	// The whole cycle is named, each member with its After (a stranger's
	// two-system cycle named one of them).
	if err := app2.Build(); err == nil || !strings.Contains(err.Error(), "glue: stage first: systems are ordered in a cycle: x runs After y; y runs After x; remove one of these After") {
		t.Fatalf("err = %v, want the cycle x, y named", err)
	}
}

func TestStrictRejectsUnorderedConflicts(t *testing.T) {
	build := func(strict bool, ordered bool) error {
		app := newApp(t)
		app.Configure(glue.Options{Strict: strict})
		app.InsertResource(Log{})
		w1, w2 := logger("w1"), logger("w2")
		if ordered {
			w2.After(w1)
		}
		app.AddSystems(First, w1, w2)
		return app.Build()
	}
	if err := build(false, false); err != nil {
		t.Fatalf("non-strict: %v", err)
	}
	err := build(true, false)
	if err == nil || !strings.Contains(err.Error(), "w1 and w2") || !strings.Contains(err.Error(), "resource glue_test.Log") {
		t.Fatalf("strict: err = %v, want a conflict naming both systems and the resource", err)
	}
	if err := build(true, true); err != nil {
		t.Fatalf("strict but ordered: %v", err)
	}
}

func TestDuplicatePlugin(t *testing.T) {
	app := newApp(t)
	p := glue.PluginFunc(func(a *glue.App) { a.InsertResource(Gold{}) })
	app.AddPlugins(p, p)
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "added twice") {
		t.Fatalf("err = %v, want plugin added twice", err)
	}
}

func TestLocalPersists(t *testing.T) {
	app := newApp(t)
	var seen []int
	app.AddSystems(First, glue.Func(func(n glue.Local[int]) {
		*n.Get()++
		seen = append(seen, *n.Get())
	}))
	mustUpdate(t, app, 3)
	if !slices.Equal(seen, []int{1, 2, 3}) {
		t.Fatalf("got %v", seen)
	}
}

func TestAddedAndRemoved(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	var ents []glue.Entity
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		Q glue.Query1[*B]
	}) {
		c, q := p.C, p.Q
		tick++
		switch tick {
		case 1:
			c.Spawn(A{1})
			c.Spawn(A{2}, B{})
		case 2:
			q.Each(func(e glue.Entity, _ *B) { ents = append(ents, e) })
			c.Remove(ents[0], glue.TypeOf[A]())
		case 3:
			c.Despawn(ents[0])
		}
	}).Named("change"))
	app.AddSystems(Middle, glue.Func(func(p struct {
		Added   glue.Added[A]
		Removed glue.Removed[A]
		L       glue.ResMut[Log]
	}) {
		added, removed, l := p.Added, p.Removed, p.L
		l.Get().add("tick%d +%d -%d", tick, len(added.Entities()), len(removed.Entities()))
	}).Named("watch"))
	mustUpdate(t, app, 4)
	want := []string{"tick1 +2 -0", "tick2 +0 -1", "tick3 +0 -0", "tick4 +0 -0"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestDrawStagesRunOnlyInDraw(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	app.AddSystems(First, logger("update"))
	app.AddSystems(glue.Draw, logger("draw"))
	mustUpdate(t, app, 1)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, app, 1)
	want := []string{"update", "draw", "update"}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestQueryFirstAndGet(t *testing.T) {
	app := newApp(t)
	spawnABCD(app)
	app.AddSystems(First, glue.Func(func(q glue.Query2[*A, *B]) {
		e, a, _, ok := q.First()
		if !ok || (a.V != 2 && a.V != 4) {
			t.Errorf("First = %v %v %v", e, a, ok)
		}
		a2, _, ok := q.Get(e)
		if !ok || a2 != a {
			t.Errorf("Get(First) = %v %v, want same pointer", a2, ok)
		}
		if _, _, ok := q.Get(0); ok {
			t.Error("Get(0) found an entity")
		}
		if q.Len() != 2 {
			t.Errorf("Len = %d, want 2", q.Len())
		}
	}))
	mustUpdate(t, app, 1)
}

func TestAddErrorIsReportedByBuild(t *testing.T) {
	app := newApp(t)
	app.AddPlugins(glue.PluginFunc(func(a *glue.App) { a.AddError(errors.New("physics: Plugin.Stage is required")) }))
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "Plugin.Stage is required") {
		t.Fatalf("Build = %v", err)
	}
}

func TestAppsOnManyGoroutines(t *testing.T) {
	done := make(chan int)
	for i := range 8 {
		go func() {
			app := stagedApp()
			app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(A{i}); c.End() }))
			app.Run()
			done <- app.Len()
		}()
	}
	for range 8 {
		if n := <-done; n != 1 {
			t.Fatalf("app has %d entities, want 1", n)
		}
	}
}

// A query of values (Query1[A]) reads; a query of pointers (Query1[*A])
// writes: access comes from the type arguments.
func TestReadOnlyQueriesDoNotConflict(t *testing.T) {
	app := newApp(t)
	app.Configure(glue.Options{Workers: 2})
	app.AddSystems(First,
		glue.Func(func(v glue.Query1[A]) {}).Named("reader1"),
		glue.Func(func(v glue.Query2[A, B]) {}).Named("reader2"),
		glue.Func(func(q glue.Query1[*A]) {}).Named("writer"),
	)
	desc := app.Describe()
	for _, want := range []string{
		"group 1 — may run in parallel\n    reader1",
		"reads  glue_test.A; glue_test.B",
		"group 2\n    writer",
		"conflict: reader1 ↔ writer on glue_test.A",
	} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	if strings.Contains(desc, "conflict: reader1 ↔ reader2") {
		t.Errorf("two readers conflict:\n%s", desc)
	}
}

// innerPlugin and outerPlugin: a module's plugin that adds another, which
// the game then adds again.
type innerPlugin struct{}

func (innerPlugin) Build(*glue.App) {}

type outerPlugin struct{}

func (outerPlugin) Build(app *glue.App) { app.AddPlugins(innerPlugin{}) }

// A plugin added twice is named with who added it each time: a module's
// plugin that adds another (shake.Plugin adding timer.Ticks[shake.Flash])
// and a game that adds it again following the other module's docs got
// "added twice" and had to guess where the first came from.
func TestDuplicatePluginNamesWhoAddedIt(t *testing.T) {
	app := newApp(t)
	app.AddPlugins(outerPlugin{}, innerPlugin{})
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "plugin glue_test.innerPlugin added twice, by plugin glue_test.outerPlugin and by the app") {
		t.Fatalf("err = %v, want it to name the plugin that added it first and the app", err)
	}
	// Twice by the app said "by the app and by the app" (30 Nov).
	app = newApp(t)
	app.AddPlugins(innerPlugin{}, innerPlugin{})
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "plugin glue_test.innerPlugin added twice by the app; add each plugin once") {
		t.Errorf("err = %v, want it added twice by the app", err)
	}
}
