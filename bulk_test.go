package glue_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// bulkRig is an app that runs one step per tick, in the bulk forms or
// in the per-entity forms, and records what Added and Removed report.
type bulkRig struct {
	app  *glue.App
	log  []string
	step int
}

// bulkSteps are the steps of the equivalence test: each changes the
// world through the queries of one system, either with bulk commands
// (bulk) or with a loop of per-entity commands.
var bulkSteps = []func(bulk bool, c glue.Commands, pos glue.Query1[*bnPos], hp glue.Query2[*bnPos, *bnHP], name glue.Query1[bnName]){
	// 0: a mixed world: three archetypes with bnPos, one with bnHP already.
	func(bulk bool, c glue.Commands, _ glue.Query1[*bnPos], _ glue.Query2[*bnPos, *bnHP], _ glue.Query1[bnName]) {
		if bulk {
			glue.SpawnBatch(c, 3, bnPair{Pos: bnPos{1, 1}, HP: bnHP{5}})
			glue.SpawnBatchOf(c, []struct{ Pos bnPos }{{bnPos{2, 0}}, {bnPos{3, 0}}, {bnPos{4, 0}}})
			glue.SpawnBatch(c, 2, struct {
				Pos  bnPos
				Name bnName
			}{bnPos{9, 9}, bnName{"n"}})
			glue.SpawnBatch(c, 2, struct{ Name bnName }{bnName{"only"}})
			return
		}
		for range 3 {
			glue.Spawn2(c, bnPos{1, 1}, bnHP{5})
		}
		for _, x := range []float64{2, 3, 4} {
			glue.Spawn1(c, bnPos{x, 0})
		}
		for range 2 {
			glue.Spawn2(c, bnPos{9, 9}, bnName{"n"})
		}
		for range 2 {
			glue.Spawn1(c, bnName{"only"})
		}
	},
	// 1: insert bnHP on every bnPos (overwriting three, adding to five).
	func(bulk bool, c glue.Commands, pos glue.Query1[*bnPos], _ glue.Query2[*bnPos, *bnHP], _ glue.Query1[bnName]) {
		if bulk {
			glue.InsertAll(c, pos, bnHP{7})
			return
		}
		pos.Each(func(e glue.Entity, _ *bnPos) { glue.Insert1(c, e, bnHP{7}) })
	},
	// 2: remove bnPos and bnName from every entity with bnPos and bnHP
	// (a new archetype is made: the id of the next spawn is counted up).
	func(bulk bool, c glue.Commands, _ glue.Query1[*bnPos], hp glue.Query2[*bnPos, *bnHP], _ glue.Query1[bnName]) {
		pt, nt := glue.TypeOf[bnPos](), glue.TypeOf[bnName]()
		if bulk {
			glue.RemoveAll(c, hp, pt, nt)
			return
		}
		hp.Each(func(e glue.Entity, _ *bnPos, _ *bnHP) { c.Remove(e, pt, nt) })
	},
	// 3: despawn every entity with bnName (those with nothing else too).
	func(bulk bool, c glue.Commands, _ glue.Query1[*bnPos], _ glue.Query2[*bnPos, *bnHP], name glue.Query1[bnName]) {
		if bulk {
			glue.DespawnAll(c, name)
			return
		}
		name.Each(func(e glue.Entity, _ bnName) { c.Despawn(e) })
	},
	// 4: spawn again, reusing the freed ids.
	func(bulk bool, c glue.Commands, pos glue.Query1[*bnPos], _ glue.Query2[*bnPos, *bnHP], _ glue.Query1[bnName]) {
		if bulk {
			glue.SpawnBatch(c, 3, struct{ Pos bnPos }{bnPos{5, 5}})
			return
		}
		for range 3 {
			glue.Spawn1(c, bnPos{5, 5})
		}
	},
	// 5: despawn every bnPos, then spawn one.
	func(bulk bool, c glue.Commands, pos glue.Query1[*bnPos], _ glue.Query2[*bnPos, *bnHP], _ glue.Query1[bnName]) {
		if bulk {
			glue.DespawnAll(c, pos)
		} else {
			pos.Each(func(e glue.Entity, _ *bnPos) { c.Despawn(e) })
		}
		glue.Spawn1(c, bnPos{})
	},
}

func newBulkRig(t *testing.T, bulk bool) *bulkRig {
	r := &bulkRig{app: newApp(t)}
	r.app.AddSystems(First, glue.Func(func(p struct {
		C    glue.Commands
		Pos  glue.Query1[*bnPos]
		HP   glue.Query2[*bnPos, *bnHP]
		Name glue.Query1[bnName]
	}) {
		if r.step < len(bulkSteps) {
			bulkSteps[r.step](bulk, p.C, p.Pos, p.HP, p.Name)
		}
		r.step++
	}).Named("steps"))
	r.app.AddSystems(Middle, glue.Func(func(p struct {
		AddedHP   glue.Added[bnHP]
		RemovedP  glue.Removed[bnPos]
		RemovedHP glue.Removed[bnHP]
		AddedName glue.Added[bnName]
	}) {
		r.log = append(r.log, fmt.Sprint("tick ", r.step, " +hp", p.AddedHP.Entities(), " -pos", p.RemovedP.Entities(),
			" -hp", p.RemovedHP.Entities(), " +name", p.AddedName.Entities()))
	}).Named("log"))
	return r
}

// Every bulk command has the result of the per-entity commands issued in
// the query's order: the same entities, ids (also of later spawns, which
// depend on the order ids were freed and on the archetypes made), rows,
// components, and the same Added and Removed lists.
func TestBulkIsPerEntity(t *testing.T) {
	bulk, each := newBulkRig(t, true), newBulkRig(t, false)
	for i := range len(bulkSteps) + 1 {
		mustUpdate(t, bulk.app, 1)
		mustUpdate(t, each.app, 1)
		got, want := shipsWithIDs(t, bulk.app), shipsWithIDs(t, each.app)
		if !slices.Equal(got, want) {
			t.Fatalf("after step %d, bulk:\n%s\nper entity:\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(got) == 0 && i < len(bulkSteps) {
			t.Fatalf("step %d left no entities: the test tests nothing", i)
		}
	}
	if !slices.Equal(bulk.log, each.log) {
		t.Fatalf("Added/Removed, bulk:\n%s\nper entity:\n%s", strings.Join(bulk.log, "\n"), strings.Join(each.log, "\n"))
	}
	var cb, ce glue.Checkpoint
	cb.Save(bulk.app)
	ce.Save(each.app)
	if !slices.Equal(cb.Digest(nil), ce.Digest(nil)) {
		t.Fatal("the worlds' digests differ")
	}
}

// shipsWithIDs lists every entity, with its id and components, in query
// order.
func shipsWithIDs(t *testing.T, app *glue.App) []string {
	t.Helper()
	var out []string
	for _, e := range app.Entities(nil) {
		var parts []string
		for _, ty := range app.ComponentTypes(e) {
			v, _ := app.Component(e, ty)
			parts = append(parts, fmt.Sprintf("%s=%v", ty.Name(), v))
		}
		out = append(out, fmt.Sprint(e, " ", strings.Join(parts, " ")))
	}
	return out
}

// SpawnBatch returns the ids at once, those a loop of spawns would get;
// a bad bundle fails the tick and spawns nothing.
func TestSpawnBatchIDs(t *testing.T) {
	app := newApp(t)
	var first, bad []glue.Entity
	tick := 0
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		tick++
		switch tick {
		case 1:
			ids := glue.SpawnBatch(c, 4, bnPair{HP: bnHP{1}})
			for i := range ids.Len() {
				first = append(first, ids.At(i))
			}
		case 2:
			ids := glue.SpawnBatch(c, 2, struct{ hp bnHP }{})
			for i := range ids.Len() {
				bad = append(bad, ids.At(i))
			}
		}
	}).Named("spawner"))
	mustUpdate(t, app, 1)
	if fmt.Sprint(first) != "[Entity(1v1) Entity(2v1) Entity(3v1) Entity(4v1)]" {
		t.Fatalf("SpawnBatch ids %v", first)
	}
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "SpawnBatch: bundle struct { hp glue_test.bnHP }: field hp is unexported") {
		t.Fatalf("Update: %v, want the bad bundle named", err)
	}
	if app.Len() != 4 || len(bad) != 2 || app.Alive(bad[0]) || app.Alive(bad[1]) {
		t.Fatalf("%d entities (want 4); the failed batch's %v alive: the batch must spawn nothing", app.Len(), bad)
	}
}

// A bulk command on a query that is not a system's param fails the tick
// with the fix.
func TestBulkZeroQuery(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		glue.DespawnAll(c, glue.Query1[bnPos]{})
	}).Named("zero"))
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "DespawnAll: the query is not a query param of a system") {
		t.Fatalf("Update: %v", err)
	}
}

// Bulk commands are in checkpoints (the same ticks after a restore end
// in the same digest) and their entities in saves.
func TestBulkCheckpointAndSave(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[bnPos](reg)
	codec.Register[bnHP](reg)
	app := newApp(t)
	app.AddPlugins(save.Plugin{Game: "bulk", Registry: reg, Store: &save.Memory{}})
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C   glue.Commands
		Pos glue.Query1[bnPos]
	}) {
		tick++
		switch tick % 3 {
		case 0:
			glue.SpawnBatch(p.C, 5, bnPair{Pos: bnPos{float64(tick), 1}})
		case 1:
			glue.InsertAll(p.C, p.Pos, bnHP{int32(tick)})
		case 2:
			glue.RemoveAll(p.C, p.Pos, glue.TypeOf[bnHP]())
			glue.SpawnBatchOf(p.C, []bnPair{{Pos: bnPos{1, 2}}, {HP: bnHP{3}}})
		}
	}))
	mustUpdate(t, app, 3)
	var ck, end glue.Checkpoint
	if err := ck.Save(app); err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, app, 5)
	end.Save(app)
	first, then := end.Digest(nil), shipsWithIDs(t, app)
	if err := ck.Restore(app); err != nil {
		t.Fatal(err)
	}
	tick = 3
	mustUpdate(t, app, 5)
	end.Save(app)
	if !slices.Equal(end.Digest(nil), first) || !slices.Equal(shipsWithIDs(t, app), then) {
		t.Fatal("the ticks run again after a restore end in another state")
	}

	saves := glue.Resource[save.Saves](app)
	var data []byte
	before := shipsOf(t, app)
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
	if got := shipsOf(t, app); !slices.Equal(got, before) {
		t.Fatalf("after a save and a load:\n%q\nwant\n%q", got, before)
	}
}

// A tick of bulk commands allocates nothing once the buffers have grown.
func TestBulkAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	app := newApp(t)
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C   glue.Commands
		Pos glue.Query1[bnPos]
	}) {
		tick++
		switch tick % 3 {
		case 0:
			glue.SpawnBatch(p.C, 100, bnPair{Pos: bnPos{1, 1}})
		case 1:
			glue.InsertAll(p.C, p.Pos, bnVel{1, 2})
			glue.RemoveAll(p.C, p.Pos, glue.TypeOf[bnHP]())
		case 2:
			glue.DespawnAll(p.C, p.Pos)
		}
	}))
	mustUpdate(t, app, 9)
	allocs := testing.AllocsPerRun(30, func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per tick, want 0", allocs)
	}
}

// A batch of a zero bundle leaves its rows as they are — zero, since
// rows past an archetype's last are cleared — also rows that held
// despawned entities' values.
func TestSpawnBatchZeroBundleReusesClearedRows(t *testing.T) {
	app := newApp(t)
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		Q glue.Query1[bnPos]
	}) {
		tick++
		switch tick {
		case 1:
			glue.SpawnBatch(p.C, 50, bnPair{Pos: bnPos{7, 7}, HP: bnHP{7}})
		case 2:
			glue.DespawnAll(p.C, p.Q)
		case 3:
			glue.SpawnBatch(p.C, 60, bnPair{})
		}
	}))
	mustUpdate(t, app, 3)
	for _, s := range shipsWithIDs(t, app) {
		if !strings.HasSuffix(s, "glue_test.bnPos={0 0} glue_test.bnHP={0}") {
			t.Fatalf("entity %s, want zero components", s)
		}
	}
	if app.Len() != 60 {
		t.Fatalf("%d entities, want 60", app.Len())
	}
}
