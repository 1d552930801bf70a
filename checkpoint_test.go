package glue_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// The checkpoint tests' game: random spawns, despawns, inserts and
// removes, components with pointers and strings, events, Locals, Added,
// a state machine with scoped entities, and a resource that copies its
// own slice.

type ckPos struct{ X, Y float64 }

type ckTag struct {
	Name string
	P    *int // a Go pointer: the checkpoint's columns must keep it alive
}

type ckHP struct{ HP int32 }

type ckHit struct{ N int }

type ckRng struct{ Src rand.PCG }

// ckHistory keeps a slice it appends to: its Copier copies it whole.
type ckHistory struct{ Seen []int }

func (h *ckHistory) CopyFrom(src any) {
	h.Seen = append(h.Seen[:0], src.(*ckHistory).Seen...)
}

type ckStats struct {
	Hits, Added, Enters int
}

type ckPhase int

func ckApp(seed uint64) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.InsertResource(ckRng{Src: *rand.NewPCG(seed, 7)})
	app.InsertResource(ckHistory{})
	app.InsertResource(ckStats{})
	glue.AddState(app, ckPhase(0))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Rng  glue.ResMut[ckRng]
		Hist glue.ResMut[ckHistory]
		Ents glue.Query1[ckPos]
		Next glue.ResMut[glue.NextState[ckPhase]]
		Hits glue.Writer[ckHit]
		N    glue.Local[int]
		Cmds glue.Commands
	}) {
		r := rand.New(&p.Rng.Get().Src)
		*p.N.Get()++
		for range r.IntN(4) {
			v := new(int)
			*v = r.IntN(100)
			switch r.IntN(3) {
			case 0:
				p.Cmds.Spawn(ckPos{X: r.Float64()}, ckTag{Name: "t" + string(rune('a'+r.IntN(26))), P: v})
			case 1:
				p.Cmds.Spawn(ckPos{Y: r.Float64()}, ckHP{HP: int32(*v)})
			default:
				p.Cmds.Spawn(ckPos{}, ckHP{}, ckTag{Name: "both"})
			}
		}
		p.Ents.Each(func(e glue.Entity, _ ckPos) {
			switch r.IntN(10) {
			case 0:
				p.Cmds.Despawn(e)
			case 1:
				p.Cmds.Insert(e, ckHP{HP: 5})
			case 2:
				p.Cmds.Remove(e, glue.TypeOf[ckTag]())
			case 3:
				p.Hits.Write(ckHit{N: int(uint64(e) >> 32)})
			}
		})
		p.Hist.Get().Seen = append(p.Hist.Get().Seen, p.Ents.Len()+*p.N.Get())
		if r.IntN(7) == 0 {
			p.Next.Get().Set(ckPhase(r.IntN(3)))
		}
	}), glue.Each1(func(_ glue.Entity, p *ckPos) { p.X += 1; p.Y -= 0.5 }))
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Hits  glue.Reader[ckHit]
		Added glue.Added[ckTag]
		Stats glue.ResMut[ckStats]
	}) {
		for _, h := range p.Hits.Read() {
			p.Stats.Get().Hits += h.N
		}
		p.Stats.Get().Added += len(p.Added.Entities())
	}))
	for ph := range 3 {
		app.AddSystems(glue.OnEnter(ckPhase(ph)), glue.Func(func(p struct {
			Stats glue.ResMut[ckStats]
			Cmds  glue.Commands
		}) {
			p.Stats.Get().Enters++
			p.Cmds.Spawn(ckPos{X: float64(ph)}, glue.StateScoped[ckPhase]{State: ckPhase(ph)})
		}).Named("enter"+string(rune('0'+ph))))
	}
	return app
}

func runTicks(t testing.TB, app *glue.App, n int) {
	t.Helper()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

func digestOf(t testing.TB, app *glue.App) []glue.Digest {
	t.Helper()
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	return c.Digest(nil)
}

// A checkpoint restored and run again ends where the first run ended,
// entity ids, events, Locals, Added, states and all; for several seeds,
// and several times from one checkpoint.
func TestCheckpointRerunIsIdentical(t *testing.T) {
	for seed := range uint64(6) {
		app := ckApp(seed)
		runTicks(t, app, 15)
		var c glue.Checkpoint
		if err := c.Save(app); err != nil {
			t.Fatal(err)
		}
		runTicks(t, app, 40)
		want := digestOf(t, app)
		wantHist := slices.Clone(glue.Resource[ckHistory](app).Seen)
		wantStats := *glue.Resource[ckStats](app)
		wantTick, wantLen := app.Tick(), app.Len()
		for round := range 3 {
			if err := c.Restore(app); err != nil {
				t.Fatal(err)
			}
			if app.Tick() != 15 {
				t.Fatalf("seed %d: restored tick %d, want 15", seed, app.Tick())
			}
			runtime.GC() // the checkpoint's columns keep the components' pointers alive
			runTicks(t, app, 40)
			got := digestOf(t, app)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d round %d: digests after the re-run differ:\n got %v\nwant %v", seed, round, got, want)
			}
			if h := glue.Resource[ckHistory](app).Seen; !slices.Equal(h, wantHist) {
				t.Fatalf("seed %d round %d: history %v, want %v", seed, round, h, wantHist)
			}
			if s := *glue.Resource[ckStats](app); s != wantStats || app.Tick() != wantTick || app.Len() != wantLen {
				t.Fatalf("seed %d round %d: stats %+v tick %d len %d, want %+v %d %d", seed, round, s, app.Tick(), app.Len(), wantStats, wantTick, wantLen)
			}
		}
		if wantStats.Hits == 0 || wantStats.Added == 0 || wantStats.Enters < 2 {
			t.Fatalf("seed %d: the game did too little to test anything: %+v", seed, wantStats)
		}
		app.Close()
	}
}

// Pointers in components survive a garbage collection in the checkpoint
// only: the app's entities are gone, the checkpoint's copies hold them.
func TestCheckpointKeepsPointersAlive(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(ckStats{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 100 {
			v := new(int)
			*v = i
			c.Spawn(ckTag{Name: "x", P: v})
		}
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Tags glue.Query1[ckTag]
		Runs glue.Local[int]
		Cmds glue.Commands
	}) {
		if *p.Runs.Get()++; *p.Runs.Get() > 1 {
			p.Tags.Each(func(e glue.Entity, _ ckTag) { p.Cmds.Despawn(e) })
		}
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	var c glue.Checkpoint
	runTicks(t, app, 1) // startup spawns; the second tick despawns
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 2)
	if app.Len() != 0 {
		t.Fatalf("%d entities left", app.Len())
	}
	for range 3 {
		runtime.GC()
	}
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	sum := 0
	n := 0
	for _, e := range app.Entities(nil) {
		v, _ := app.Component(e, glue.TypeOf[ckTag]())
		tag := v.(ckTag)
		sum += *tag.P
		n++
	}
	if n != 100 || sum != 99*100/2 {
		t.Fatalf("restored %d tags summing %d, want 100 summing 4950", n, sum)
	}
}

// Resources inserted since the Save are gone after Restore, removed ones
// are back; kept ones are left alone.
func TestCheckpointResources(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(ckStats{Hits: 1})
	app.InsertResource(ckHP{HP: 3})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Stats glue.ResMut[ckStats]
		Cmds  glue.Commands
	}) {
		p.Stats.Get().Hits++
		p.Cmds.InsertResource(ckPos{X: 1})
		p.Cmds.RemoveResource(glue.TypeOf[ckHP]())
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	var c glue.Checkpoint
	c.Keep(glue.TypeOf[ckStats]())
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	runTicks(t, app, 2)
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	if glue.Resource[ckPos](app) != nil {
		t.Error("a resource inserted after the Save is still there after Restore")
	}
	if r := glue.Resource[ckHP](app); r == nil || r.HP != 3 {
		t.Errorf("a resource removed after the Save is %v after Restore, want {3}", r)
	}
	if s := glue.Resource[ckStats](app); s.Hits != 3 {
		t.Errorf("a kept resource was restored: Hits %d, want 3", s.Hits)
	}
	var other glue.Checkpoint
	if err := other.Restore(app); err == nil {
		t.Error("Restore of an empty checkpoint: no error")
	}
	if err := c.Save(glue.NewApp()); err == nil {
		t.Error("Save of another app: no error")
	}
}

// A checkpoint keeps the state stack as it was: the states paused
// beneath the current one are copied, not shared with the app, whose
// later Set and Push rewrite its own stack in place.
func TestCheckpointStateStack(t *testing.T) {
	app := glue.NewApp()
	glue.AddState(app, ckPhase(0))
	var requests []func(n *glue.NextState[ckPhase])
	app.AddSystems(glue.Update, glue.Func(func(n glue.ResMut[glue.NextState[ckPhase]]) {
		if len(requests) > 0 {
			requests[0](n.Get())
			requests = requests[1:]
		}
	}))
	stack := func() []ckPhase {
		st := glue.Resource[glue.State[ckPhase]](app)
		return append(slices.Clone(st.Under()), st.Get())
	}
	requests = append(requests, func(n *glue.NextState[ckPhase]) { n.Push(1) })
	runTicks(t, app, 2)
	if got := stack(); !slices.Equal(got, []ckPhase{0, 1}) {
		t.Fatalf("stack %v, want [0 1]", got)
	}
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	requests = append(requests,
		func(n *glue.NextState[ckPhase]) { n.Set(3) },
		func(n *glue.NextState[ckPhase]) { n.Push(1) })
	runTicks(t, app, 3)
	if got := stack(); !slices.Equal(got, []ckPhase{3, 1}) {
		t.Fatalf("stack %v, want [3 1]", got)
	}
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	if got := stack(); !slices.Equal(got, []ckPhase{0, 1}) {
		t.Errorf("restored stack %v, want [0 1] as saved", got)
	}
}

// Saving and restoring allocate nothing once the checkpoint has grown.
func TestCheckpointAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	app := ckApp(3)
	runTicks(t, app, 30)
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	var d []glue.Digest
	n := testing.AllocsPerRun(50, func() {
		c.Save(app)
		c.Restore(app)
		d = c.Digest(d[:0])
	})
	if n != 0 {
		t.Fatalf("Save, Restore and Digest allocate %v times, want 0", n)
	}
}

// A driver runs the ticks of App.Update: none, one or several, and may
// go back to a checkpoint between them.
func TestDriveRunsTicks(t *testing.T) {
	app := ckApp(5)
	var c glue.Checkpoint
	frames := 0
	app.Drive(func(tick func() error) error {
		frames++
		switch frames {
		case 1: // two ticks
			if err := tick(); err != nil {
				return err
			}
			if err := c.Save(app); err != nil {
				return err
			}
			return tick()
		case 2: // none
			return nil
		default: // back one tick and two ahead
			if err := c.Restore(app); err != nil {
				return err
			}
			if err := tick(); err != nil {
				return err
			}
			return tick()
		}
	})
	defer app.Close()
	want := []uint64{2, 2, 3, 3}
	for i, w := range want {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if app.Tick() != w {
			t.Fatalf("after Update %d: tick %d, want %d", i+1, app.Tick(), w)
		}
	}
	other := glue.NewApp()
	other.Drive(func(tick func() error) error { return tick() })
	other.Drive(func(tick func() error) error { return tick() })
	if err := other.Build(); err == nil || !strings.Contains(err.Error(), "Drive called twice") {
		t.Errorf("two drivers: Build says %v", err)
	}
}
