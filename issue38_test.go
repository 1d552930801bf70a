package glue_test

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestAfterItself is issue #38's bug 7: a.After(a) reported "stage S0 has
// no such system; its systems are a", which sends one looking for a
// missing system. It now says the system is ordered after itself, for a
// system and for a label only the system itself is in.
func TestAfterItself(t *testing.T) {
	app := newApp(t)
	a := glue.Func(func(glue.Commands) {}).Named("a")
	a.After(a)
	app.AddSystems(glue.Update, a)
	wantBuildError(t, app, "glue: system a is ordered after itself (After(a)); remove the After")

	app = newApp(t)
	l := glue.NewLabel("test.L")
	b := glue.Func(func(glue.Commands) {}).Named("b").In(l).After(l)
	app.AddSystems(glue.Update, b)
	wantBuildError(t, app, "glue: system b is ordered after itself (After(test.L), and it is the only system of stage Update in that label)")
}

// Ship and Aim are the components of the FuncN tests.
type (
	Ship struct{ X float64 }
	Aim  struct{ DX float64 }
)

// Tally is a resource of the FuncN tests.
type Tally struct{ Ticks, Ships int }

// moveShips is a named system of three params given directly.
func moveShips(t glue.ResMut[Tally], cmds glue.Commands, q glue.Query2[*Ship, Aim]) {
	t.Get().Ticks++
	q.Each(func(e glue.Entity, s *Ship, a Aim) {
		s.X += a.DX
		t.Get().Ships++
	})
	_ = cmds
}

// TestFuncN: issue #38's "a system is a function with the parameters it
// needs". Func with two or more params was the compiler's "cannot infer
// P"; Func2 … Func8 take them directly: they run, their access comes
// from the param types, they are named after their function, and a
// parameter that is not a param is a build error naming it by position.
func TestFuncN(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Tally{})
	var ship glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { ship = glue.Spawn2(c, Ship{}, Aim{DX: 2}) }))
	sys := glue.Func3(moveShips)
	app.AddSystems(glue.Update, sys, glue.Func2(func(t glue.Res[Tally], r glue.Res[Game]) {}).Named("reader"))
	app.InsertResource(Game{})
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if got := glue.Resource[Tally](app); got.Ticks != 3 || got.Ships != 3 {
		t.Errorf("tally %+v, want 3 ticks and 3 ship visits", *got)
	}
	if c, _ := app.Component(ship, glue.TypeOf[Ship]()); c.(Ship).X != 6 {
		t.Errorf("ship at %v, want 6", c.(Ship).X)
	}
	if sys.Name() != "glue_test.moveShips" {
		t.Errorf("name %q, want glue_test.moveShips", sys.Name())
	}

	app = newApp(t)
	app.AddSystems(glue.Update, glue.Func2(func(c glue.Commands, g *Game) {}).Named("Steer"))
	wantBuildError(t, app, "system Steer", "parameter 2 has type *glue_test.Game, which is not a system param", "glue.Res[glue_test.Game]")
}

// TestFuncNAllocatesNothing: a FuncN system's tick allocates nothing.
func TestFuncNAllocatesNothing(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Tally{})
	app.AddStartup(glue.Func(func(c glue.Commands) { glue.Spawn2(c, Ship{}, Aim{DX: 1}) }))
	app.AddSystems(glue.Update, glue.Func3(moveShips))
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(50, func() { app.Update() }); n != 0 {
		t.Errorf("a tick allocates %v times, want 0", n)
	}
}

type scopePhase int

const (
	scopeTitle scopePhase = iota
	scopePlaying
)

// TestSpawnIn: issue #38's "spawning into a state scope in one short
// call": SpawnIn2 spawns the components with a StateScoped of the state,
// so the entity goes when the app leaves it.
func TestSpawnIn(t *testing.T) {
	app := newApp(t)
	glue.AddState(app, scopePlaying)
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { e = glue.SpawnIn2(c, scopePlaying, Ship{X: 1}, Aim{DX: 2}) }))
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if s, ok := app.Component(e, glue.TypeOf[glue.StateScoped[scopePhase]]()); !ok || s.(glue.StateScoped[scopePhase]).State != scopePlaying {
		t.Fatalf("scope %v (%v), want StateScoped{Playing}", s, ok)
	}
	if a, ok := app.Component(e, glue.TypeOf[Aim]()); !ok || a.(Aim).DX != 2 {
		t.Fatalf("Aim %v (%v), want DX 2", a, ok)
	}
	glue.Resource[glue.NextState[scopePhase]](app).Set(scopeTitle)
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if app.Alive(e) {
		t.Error("the entity outlived its state")
	}
}
