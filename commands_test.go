package glue_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// TestMoveIntoFreshArchetype guards glue's workaround for donburi v1.15.8,
// which crashed when an entity spawned into an archetype that an earlier
// entity had reached by losing a component.
func TestMoveIntoFreshArchetype(t *testing.T) {
	app := newApp(t)
	tick := 0
	var e glue.Entity
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		Q glue.Query2[*A, *B]
	}) {
		c, q := p.C, p.Q
		tick++
		switch tick {
		case 1:
			c.Spawn(A{1}, B{1})
		case 2:
			e, _, _, _ = q.First()
			c.Remove(e, glue.TypeOf[B]()) // moves into the never-seen archetype {A}
		case 3:
			c.Spawn(A{2}) // spawns into {A}
			c.Spawn(A{3})
		}
	}).Named("churn"))
	var got []int
	app.AddSystems(Last, glue.Func(func(v glue.Query1[*A]) {
		got = got[:0]
		v.Each(func(_ glue.Entity, a *A) { got = append(got, a.V) })
	}))
	mustUpdate(t, app, 4)
	if len(got) != 3 || got[0]+got[1]+got[2] != 6 {
		t.Fatalf("A values %v, want 1, 2, 3", got)
	}
}

func TestChangingABuiltAppPanics(t *testing.T) {
	app := newApp(t)
	app.Build()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "AddSystems called after the app was built") {
			t.Fatalf("recover() = %v", r)
		}
	}()
	app.AddSystems(First, glue.Func(func(struct{}) {}))
}

func TestOnCloseRunsOnceInReverse(t *testing.T) {
	app := stagedApp()
	var got []int
	app.OnClose(func() { got = append(got, 1) }).OnClose(func() { got = append(got, 2) })
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.End() }))
	if err := app.Run(); err != nil {
		t.Fatal(err)
	}
	app.Close()
	if len(got) != 2 || got[0] != 2 || got[1] != 1 {
		t.Fatalf("got %v, want [2 1]", got)
	}
}
