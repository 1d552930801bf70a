package glue_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// The bundle tests' components: plain ones, ones with pointers (a string,
// a slice, a map) and a zero-size tag.
type (
	bnPos   struct{ X, Y float64 }
	bnVel   struct{ X, Y float64 }
	bnHP    struct{ HP int32 }
	bnName  struct{ S string }
	bnTrail struct{ Pts []int }
	bnMeta  struct {
		M    map[string]int
		Kind uint8
	}
	bnTag  struct{}
	bnBig  struct{ A [5]int64 }
	bnOdd  struct{ B [3]byte }
	bnLink struct{ To glue.Entity }
)

// bnShip is a bundle of 10 components.
type bnShip struct {
	Pos   bnPos
	Vel   bnVel
	HP    bnHP
	Name  bnName
	Trail bnTrail
	Meta  bnMeta
	Tag   bnTag
	Big   bnBig
	Odd   bnOdd
	Link  bnLink
}

func ship(i int) bnShip {
	return bnShip{
		Pos: bnPos{float64(i), -float64(i)}, Vel: bnVel{1, 2}, HP: bnHP{int32(i * 3)},
		Name: bnName{strings.Repeat("s", i%7)}, Trail: bnTrail{[]int{i, i + 1}},
		Meta: bnMeta{map[string]int{"i": i}, uint8(i)}, Big: bnBig{[5]int64{int64(i), 0, 0, 0, -int64(i)}},
		Odd: bnOdd{[3]byte{byte(i), 1, 2}}, Link: bnLink{glue.Entity(i)},
	}
}

// shipsOf lists every entity with the 10 components as text, in query
// order.
func shipsOf(t *testing.T, app *glue.App) []string {
	t.Helper()
	var out []string
	err := app.WithWorld(func(w *glue.World) error {
		w.Each(func(e glue.Entity, types []glue.Type) {
			var parts []string
			for _, ty := range types {
				v, _ := app.Component(e, ty)
				parts = append(parts, fmt.Sprintf("%s=%v", ty.Name(), v))
			}
			slices.Sort(parts)
			out = append(out, strings.Join(parts, " "))
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A bundle of 10 components, with pointers among them, spawns every
// field as a component with its value, through garbage collections; the
// spawns of one system form one batch.
func TestSpawnBundleTenComponents(t *testing.T) {
	app := newApp(t)
	var ids []glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 100 {
			ids = append(ids, glue.SpawnBundle(c, ship(i)))
		}
	}))
	mustUpdate(t, app, 1)
	runtime.GC()
	if n := app.Len(); n != 100 {
		t.Fatalf("%d entities, want 100", n)
	}
	if n := app.Archetypes(); n != 1 {
		t.Fatalf("%d archetypes, want 1", n)
	}
	for i, e := range ids {
		got := make(map[string]any)
		for _, ty := range app.ComponentTypes(e) {
			v, _ := app.Component(e, ty)
			got[ty.Name()] = v
		}
		if len(got) != 10 {
			t.Fatalf("entity %d has %d components, want 10: %v", i, len(got), got)
		}
		want := ship(i)
		if got["glue_test.bnName"].(bnName) != want.Name || got["glue_test.bnPos"].(bnPos) != want.Pos ||
			got["glue_test.bnBig"].(bnBig) != want.Big || got["glue_test.bnOdd"].(bnOdd) != want.Odd ||
			got["glue_test.bnLink"].(bnLink) != want.Link || got["glue_test.bnHP"].(bnHP) != want.HP {
			t.Fatalf("entity %d: %v, want %+v", i, got, want)
		}
		if tr := got["glue_test.bnTrail"].(bnTrail); !slices.Equal(tr.Pts, want.Trail.Pts) {
			t.Fatalf("entity %d trail %v, want %v", i, tr.Pts, want.Trail.Pts)
		}
		if m := got["glue_test.bnMeta"].(bnMeta); m.M["i"] != i || m.Kind != uint8(i) {
			t.Fatalf("entity %d meta %v", i, m)
		}
	}
}

// bnPair is a bundle of two components.
type bnPair struct {
	Pos bnPos
	HP  bnHP
}

// InsertBundle adds the fields an entity lacks and overwrites those it
// has; into a despawned entity it does nothing.
func TestInsertBundle(t *testing.T) {
	app := newApp(t)
	var e, gone glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		e = c.Spawn(bnPos{1, 1}, bnName{"keep"})
		gone = c.Spawn(bnPos{})
		c.Despawn(gone)
	}))
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		glue.InsertBundle(c, e, bnPair{Pos: bnPos{7, 8}, HP: bnHP{9}})
		glue.InsertBundle(c, gone, bnPair{})
	}))
	mustUpdate(t, app, 1)
	got := shipsOf(t, app)
	want := []string{"glue_test.bnHP={9} glue_test.bnName={keep} glue_test.bnPos={7 8}"}
	if !slices.Equal(got, want) {
		t.Fatalf("world %q, want %q", got, want)
	}
}

// Bundles that break a rule are reported by CheckBundle, and their
// commands fail the tick, naming the bundle, the field and the fix.
func TestBundleMisuse(t *testing.T) {
	type unexported struct {
		Pos bnPos
		//lint:ignore U1000 the misuse under test
		hp bnHP
	}
	type embedded struct {
		bnPair
		Vel bnVel
	}
	type pointer struct{ Pos *bnPos }
	type iface struct{ Any fmt.Stringer }
	type twice struct{ A, B bnPos }
	type empty struct{}
	for _, c := range []struct {
		err  error
		want string
	}{
		{glue.CheckBundle[unexported](), "glue: bundle glue_test.unexported: field hp is unexported; export it (Hp)"},
		{glue.CheckBundle[embedded](), "glue: bundle glue_test.embedded: field bnPair is embedded; bundles do not nest"},
		{glue.CheckBundle[pointer](), "glue: bundle glue_test.pointer: field Pos: component type *glue_test.bnPos is a pointer"},
		{glue.CheckBundle[iface](), "glue: bundle glue_test.iface: field Any: component type fmt.Stringer is an interface"},
		{glue.CheckBundle[twice](), "glue: bundle glue_test.twice: fields A and B have the same type glue_test.bnPos"},
		{glue.CheckBundle[empty](), "glue: bundle glue_test.empty: has no fields"},
		{glue.CheckBundle[bnPos](), "glue: bundle glue_test.bnPos: fields X and Y have the same type float64"}, // a component, not a bundle
		{glue.CheckBundle[int](), "glue: bundle int: is a int, not a struct"},
	} {
		if c.err == nil || !strings.HasPrefix(c.err.Error(), c.want) {
			t.Errorf("got %v, want it to start with %q", c.err, c.want)
		}
	}
	if err := glue.CheckBundle[bnShip](); err != nil {
		t.Fatal(err)
	}

	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		glue.SpawnBundle(c, unexported{})
	}).Named("spawner"))
	err := app.Update()
	want := "glue: system spawner in stage first: Spawn: bundle glue_test.unexported: field hp is unexported"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("Update: %v, want %q…", err, want)
	}
	if app.Len() != 0 {
		t.Fatalf("%d entities after a failed spawn, want 0", app.Len())
	}
}

// Bundle spawns are in checkpoints (a restore takes them back, the same
// ticks again give the same digest) and in saves.
func TestBundleCheckpointAndSave(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[bnPos](reg)
	codec.Register[bnHP](reg)
	app := newApp(t)
	app.AddPlugins(save.Plugin{Game: "bundles", Registry: reg, Store: &save.Memory{}})
	tick := 0
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		tick++
		glue.SpawnBundle(c, bnPair{Pos: bnPos{float64(tick), 0}, HP: bnHP{int32(tick)}})
	}))
	mustUpdate(t, app, 2)
	var ck, end glue.Checkpoint
	if err := ck.Save(app); err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, app, 3)
	end.Save(app)
	first := end.Digest(nil)
	worldThen := shipsOf(t, app)
	if err := ck.Restore(app); err != nil {
		t.Fatal(err)
	}
	if n := app.Len(); n != 2 {
		t.Fatalf("%d entities after the restore, want 2", n)
	}
	tick = 2
	mustUpdate(t, app, 3)
	end.Save(app)
	if !slices.Equal(end.Digest(nil), first) {
		t.Fatal("the ticks run again after a restore end in another state")
	}

	saves := glue.Resource[save.Saves](app)
	var data []byte
	if err := app.WithWorld(func(w *glue.World) (err error) {
		data, err = saves.Snapshot(w)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, app, 2)
	if err := app.WithWorld(func(w *glue.World) error {
		_, err := saves.Restore(w, data)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := shipsOf(t, app); !slices.Equal(got, worldThen) {
		t.Fatalf("after a save and a load:\n%q\nwant\n%q", got, worldThen)
	}
}

// Spawning bundles allocates nothing once the buffers have grown.
func TestSpawnBundleAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	app := newApp(t)
	spawn := true
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		if spawn {
			for i := range 64 {
				glue.SpawnBundle(c, bnPair{Pos: bnPos{float64(i), 0}})
			}
		}
	}), glue.Each1P(func(e glue.Entity, _ *bnHP, c glue.Commands) {
		if !spawn {
			c.Despawn(e)
		}
	}))
	mustUpdate(t, app, 4)
	allocs := testing.AllocsPerRun(20, func() {
		spawn = !spawn
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per tick, want 0", allocs)
	}
}
