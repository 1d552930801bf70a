package glue_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// The determinism tests of issue 34, item 9: a rollback restores and
// re-runs ticks, so a restore must be exact in everything that decides
// what the next ticks do — the ids the next spawns get above all.

type detA struct{ N int }
type detB struct{ N int }

// detSpawned is the entity the archetype tick spawned.
type detSpawned struct{ E glue.Entity }

// A tick that makes a new archetype by an insert, restored and run
// again, hands its spawn the id and version of the first run (issue 34:
// the archetype survived the restore emptied, so the version bump of the
// free id was skipped and the re-run's spawn got another version).
func TestRestoreNewArchetypeSameIDs(t *testing.T) {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.InsertResource(detSpawned{})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		As   glue.Query1[detA]
		Out  glue.ResMut[detSpawned]
		N    glue.Local[int]
		Cmds glue.Commands
	}) {
		*p.N.Get()++
		switch *p.N.Get() {
		case 1: // three entities
			for i := range 3 {
				p.Cmds.Spawn(detA{N: i})
			}
		case 2: // one despawned: its id is free
			p.As.Each(func(e glue.Entity, a detA) {
				if a.N == 1 {
					p.Cmds.Despawn(e)
				}
			})
		case 3: // a new archetype {detA, detB} by an insert, then a spawn
			p.As.Each(func(e glue.Entity, a detA) {
				if a.N == 0 {
					p.Cmds.Insert(e, detB{N: 7})
				}
			})
		}
	}))
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Out  glue.ResMut[detSpawned]
		N    glue.Local[int]
		Cmds glue.Commands
	}) {
		if *p.N.Get()++; *p.N.Get() == 3 { // after the insert's stage
			p.Out.Get().E = p.Cmds.Spawn(detA{N: 9})
		}
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 2)
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 1)
	want := glue.Resource[detSpawned](app).E
	wantDigest := digestOf(t, app)
	for round := range 3 {
		if err := c.Restore(app); err != nil {
			t.Fatal(err)
		}
		runTicks(t, app, 1)
		if got := glue.Resource[detSpawned](app).E; got != want {
			t.Fatalf("round %d: the re-run tick spawned %v, the first run %v", round, got, want)
		}
		if got := digestOf(t, app); !slices.Equal(got, wantDigest) {
			t.Fatalf("round %d: digests after the re-run differ:\n got %v\nwant %v", round, got, wantDigest)
		}
	}
	app.Close()
}

// detDespawnApp spawns three entities in its first tick and despawns
// them in its second, in the order given: the worlds it leaves differ
// only in their free ids, which decide the ids of the next spawns.
func detDespawnApp(t *testing.T, order []int) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		As   glue.Query1[detA]
		N    glue.Local[int]
		Cmds glue.Commands
	}) {
		*p.N.Get()++
		switch *p.N.Get() {
		case 1:
			for i := range 3 {
				p.Cmds.Spawn(detA{N: i})
			}
		case 2:
			for _, n := range order {
				p.As.Each(func(e glue.Entity, a detA) {
					if a.N == n {
						p.Cmds.Despawn(e)
					}
				})
			}
		}
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 2)
	return app
}

// Checkpoint.Digest covers what decides the ids of future spawns: two
// worlds with the same entities but other free ids have other digests
// (issue 34: it did not, so a difference showed only at the next spawn).
func TestDigestCoversFreeIDs(t *testing.T) {
	a, b := detDespawnApp(t, []int{0, 1, 2}), detDespawnApp(t, []int{2, 1, 0})
	defer a.Close()
	defer b.Close()
	da, db := digestOf(t, a), digestOf(t, b)
	if slices.Equal(da, db) {
		t.Fatalf("worlds that differ in their free ids have the same digests %v", da)
	}
	if c := detDespawnApp(t, []int{0, 1, 2}); !slices.Equal(digestOf(t, c), da) {
		t.Fatalf("the same program gave other digests: %v and %v", digestOf(t, c), da)
	} else {
		c.Close()
	}
}

type detC struct{ N int }

// detInput steers detBranchApp's second tick, as a player's input would.
type detInput struct{ V int }

// detVisited is the order in which the third tick's query visited the
// entities.
type detVisited struct {
	Ents [4]glue.Entity
	N    int
}

// detBranchApp: tick 1 spawns two entities; tick 2 gives them new
// archetypes, in an order that detInput decides; tick 3 records the
// order in which a query visits them.
func detBranchApp(t *testing.T) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.InsertResource(detInput{})
	app.InsertResource(detVisited{})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		In   glue.Res[detInput]
		As   glue.Query1[detA]
		Out  glue.ResMut[detVisited]
		N    glue.Local[int]
		Cmds glue.Commands
	}) {
		*p.N.Get()++
		switch *p.N.Get() {
		case 1:
			p.Cmds.Spawn(detA{N: 0})
			p.Cmds.Spawn(detA{N: 1})
		case 2:
			p.As.Each(func(e glue.Entity, a detA) {
				switch {
				case p.In.Get().V == 1 && a.N == 0:
					p.Cmds.Insert(e, detB{}) // {A, B} first
				case p.In.Get().V == 2 && a.N == 1:
					p.Cmds.Insert(e, detC{}) // {A, C} first
				}
			})
			p.As.Each(func(e glue.Entity, a detA) {
				switch {
				case p.In.Get().V == 1 && a.N == 1:
					p.Cmds.Insert(e, detC{})
				case p.In.Get().V == 2 && a.N == 0:
					p.Cmds.Insert(e, detB{})
				}
			})
		case 3:
			o := p.Out.Get()
			p.As.Each(func(e glue.Entity, _ detA) {
				o.Ents[o.N] = e
				o.N++
			})
		}
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return app
}

// A side that ran a tick with a mispredicted input, restored and ran it
// again with the right one, visits entities in the order of a side that
// ran it with the right input at once, and has its digests: a world's
// archetypes are in the order of its history, not of the archetypes'
// first making (which the mispredicted tick did).
func TestRestoredArchetypeOrderIsHistorys(t *testing.T) {
	right := detBranchApp(t)
	defer right.Close()
	glue.Resource[detInput](right).V = 2
	runTicks(t, right, 3)

	rolled := detBranchApp(t)
	defer rolled.Close()
	runTicks(t, rolled, 1)
	var c glue.Checkpoint
	if err := c.Save(rolled); err != nil {
		t.Fatal(err)
	}
	glue.Resource[detInput](rolled).V = 1 // the prediction
	runTicks(t, rolled, 1)
	if err := c.Restore(rolled); err != nil {
		t.Fatal(err)
	}
	glue.Resource[detInput](rolled).V = 2 // the input that arrived
	runTicks(t, rolled, 2)

	if got, want := *glue.Resource[detVisited](rolled), *glue.Resource[detVisited](right); got != want {
		t.Fatalf("the rolled-back side visited %v, the other %v", got, want)
	}
	if got, want := digestOf(t, rolled), digestOf(t, right); !slices.Equal(got, want) {
		t.Fatalf("digests differ:\n rolled back %v\n       right %v", got, want)
	}
}

// A checkpoint saved after Build and before the first Update records
// that startup has not run: after its Restore, the next Update runs the
// startup systems again, as the first did (issue 34: they did not, and
// the world stayed empty).
func TestCheckpointBeforeFirstUpdateRunsStartup(t *testing.T) {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(detA{N: 1})
		c.Spawn(detA{N: 2})
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 1)
	want, wantLen := digestOf(t, app), app.Len()
	if wantLen != 2 {
		t.Fatalf("startup spawned %d entities, want 2", wantLen)
	}
	for round := range 2 {
		if err := c.Restore(app); err != nil {
			t.Fatal(err)
		}
		if app.Len() != 0 || app.Tick() != 0 {
			t.Fatalf("round %d: restored %d entities at tick %d, want none at 0", round, app.Len(), app.Tick())
		}
		runTicks(t, app, 1)
		if got := digestOf(t, app); app.Len() != wantLen || !slices.Equal(got, want) {
			t.Fatalf("round %d: after the restore and one tick, %d entities, digests %v; want %d, %v", round, app.Len(), got, wantLen, want)
		}
	}
}

// detSpawnApp spawns from systems that run side by side: two global
// systems of one stage and an entity system split into chunks, every
// tick, after a stage that despawned the last tick's spawns (so that
// spawns reuse freed ids).
func detSpawnApp(t testing.TB, opts glue.Options) *glue.App {
	app := glue.NewApp()
	app.Configure(opts)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 3000 {
			c.Spawn(detA{N: i})
		}
	}))
	app.AddSystems(glue.PreUpdate,
		glue.Each1(func(_ glue.Entity, a *detA) { a.N++ }),
		glue.Each1P(func(e glue.Entity, _ detB, c glue.Commands) { c.Despawn(e) }),
		glue.Each1P(func(e glue.Entity, _ detC, c glue.Commands) { c.Despawn(e) }))
	app.AddSystems(glue.Update,
		glue.Func(func(c glue.Commands) {
			for i := range 200 {
				c.Spawn(detB{N: i})
			}
		}).Named("spawnB"),
		glue.Func(func(c glue.Commands) {
			for i := range 200 {
				c.Spawn(detC{N: -i})
			}
		}).Named("spawnC"),
		glue.Each1P(func(e glue.Entity, a detA, c glue.Commands) {
			if a.N%3 == 0 {
				c.Spawn(detB{N: int(uint64(e) >> 32)})
			}
		}).Named("spawnPerEntity"))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return app
}

// detDigests runs detSpawnApp for some ticks and returns the digests of
// each tick.
func detDigests(t *testing.T, opts glue.Options, ticks int) [][]glue.Digest {
	app := detSpawnApp(t, opts)
	defer app.Close()
	var out [][]glue.Digest
	for range ticks {
		runTicks(t, app, 1)
		out = append(out, digestOf(t, app))
	}
	return out
}

// Systems that spawn side by side, on several workers and in chunks,
// hand out the ids of a sequential run, on every run (issue 34: they took
// ids in the order they got there, and the rollback digest hashes ids).
func TestParallelSpawnIDsAreSequentials(t *testing.T) {
	const ticks = 4
	want := detDigests(t, glue.Options{Sequential: true}, ticks)
	par := glue.Options{Workers: 4, ParallelThreshold: 1, ChunkSize: 256}
	for run := range 12 {
		got := detDigests(t, par, ticks)
		for k := range ticks {
			if !slices.Equal(got[k], want[k]) {
				t.Fatalf("run %d, tick %d: the parallel run's digests differ from the sequential run's:\n got %v\nwant %v", run, k+1, got[k], want[k])
			}
		}
	}
}

// detDevice is a machine's own state: it marks itself MachineLocal.
type detDevice struct{ Presses int }

// MachineLocal marks detDevice as the machine's.
func (detDevice) MachineLocal() {}

// detScore is the game's.
type detScore struct{ N int }

// A resource marked MachineLocal is neither restored nor hashed, with no
// Keep list: a rollback keeps a key pressed since the checkpoint, and two
// machines whose devices differ have the same digests; the game's
// resources are restored and hashed as before.
func TestMachineLocalIsNeitherRestoredNorHashed(t *testing.T) {
	side := func(presses int) *glue.App {
		app := glue.NewApp()
		app.InsertResource(detDevice{Presses: presses})
		app.InsertResource(detScore{})
		app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[detScore]) { s.Get().N++ }))
		if err := app.Build(); err != nil {
			t.Fatal(err)
		}
		return app
	}
	a, b := side(1), side(7)
	defer a.Close()
	defer b.Close()
	runTicks(t, a, 2)
	runTicks(t, b, 2)
	if da, db := digestOf(t, a), digestOf(t, b); !slices.Equal(da, db) {
		t.Fatalf("machines whose devices differ have other digests:\n%v\n%v", da, db)
	}
	if got := a.MachineLocalTypes(); len(got) != 1 || got[0] != glue.TypeOf[detDevice]() {
		t.Fatalf("MachineLocalTypes() = %v, want [detDevice]", got)
	}
	var c glue.Checkpoint
	if err := c.Save(a); err != nil {
		t.Fatal(err)
	}
	glue.Resource[detDevice](a).Presses = 3
	runTicks(t, a, 2)
	if err := c.Restore(a); err != nil {
		t.Fatal(err)
	}
	if d, s := glue.Resource[detDevice](a).Presses, glue.Resource[detScore](a).N; d != 3 || s != 2 {
		t.Fatalf("after the restore: presses %d, score %d; want 3 (the machine's, kept) and 2 (the game's, restored)", d, s)
	}
	for _, d := range digestOf(t, a) {
		if strings.Contains(d.Name, "detDevice") {
			t.Fatalf("the digest covers the machine's resource: %v", d)
		}
	}
}
