package glue_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// Rng is a seeded generator resource; systems that draw from it write it,
// so the scheduler orders them and the draws are deterministic.
type Rng struct{ r *rand.Rand }

// Stats is written by a global system that reads many entities.
type Stats struct{ SumA, SumB int64 }

// randomWorld builds an app with a random world and a mix of systems that
// conflict and do not: entity systems that write their own components
// (splittable), systems reading other entities, resources, commands that
// spawn, despawn, insert and remove.
func randomWorld(seed uint64, opts glue.Options) *glue.App {
	app := stagedApp()
	app.Configure(opts)
	app.InsertResource(Rng{rand.New(rand.NewPCG(seed, 1))})
	app.InsertResource(Stats{})
	app.AddStartup(glue.Func(func(p struct {
		C glue.Commands
		R glue.ResMut[Rng]
	}) {
		c, r := p.C, p.R
		for i := range 5000 {
			vals := []any{A{i}}
			if r.Get().r.IntN(2) == 0 {
				vals = append(vals, B{i * 2})
			}
			if r.Get().r.IntN(3) == 0 {
				vals = append(vals, C{i * 3})
			}
			if r.Get().r.IntN(5) == 0 {
				vals = append(vals, D{i})
			}
			c.Spawn(vals...)
		}
	}))
	app.AddSystems(First,
		glue.Each1(func(_ glue.Entity, a *A) { a.V = (a.V*31 + 7) % 100003 }).Named("mixA"),
		glue.Each2(func(_ glue.Entity, b *B, c *C) { b.V += c.V % 13; c.V ^= b.V }).Named("mixBC"),
		glue.Each1(func(_ glue.Entity, d *D) { d.V = int(math.Sqrt(float64(d.V*d.V+1))) + 1 }).Named("mixD"),
		glue.Func(func(p struct {
			Q glue.Query2[*A, *B]
			S glue.ResMut[Stats]
		}) {
			q, s := p.Q, p.S
			q.Each(func(_ glue.Entity, a *A, b *B) { s.Get().SumA += int64(a.V); s.Get().SumB += int64(b.V) })
		}).Named("stats"),
	)
	app.AddSystems(Middle,
		// Reads A of other entities while writing its own D: not splittable.
		glue.Each1P(func(e glue.Entity, d *D, q glue.Query1[*A]) {
			if a, ok := q.Get(e); ok {
				d.V += a.V % 7
			}
		}).Named("dFromA"),
		glue.Each1P(func(e glue.Entity, a *A, p struct {
			C glue.Commands
			R glue.ResMut[Rng]
		}) {
			c, r := p.C, p.R
			switch r.Get().r.IntN(200) {
			case 0:
				c.Despawn(e)
			case 1:
				c.Insert(e, C{a.V})
			case 2:
				c.Remove(e, glue.TypeOf[B]())
			case 3:
				c.Spawn(A{a.V + 1}, D{1})
			}
		}).Named("churn"),
		// Splittable and issuing commands: per-chunk buffers must keep order.
		glue.Each2P(func(e glue.Entity, a *A, b *B, c glue.Commands) {
			if (a.V+b.V)%97 == 0 {
				c.Insert(e, D{a.V})
			}
		}).Named("tagD"),
	)
	app.AddSystems(Last, glue.Func(func(p struct {
		C glue.Commands
		S glue.Res[Stats]
	}) {
	}).Named("noop"))
	return app
}

func TestParallelEqualsSequential(t *testing.T) {
	const ticks = 40
	for _, seed := range []uint64{1, 2, 3} {
		var results []string
		for _, opts := range []glue.Options{
			{Sequential: true},
			{Workers: 2, ParallelThreshold: 1, ChunkSize: 64},
			{Workers: 4, ParallelThreshold: 1, ChunkSize: 16},
			{}, // defaults
		} {
			app := randomWorld(seed, opts)
			snap := installSnapshot(app, ticks)
			for range ticks {
				if err := app.Update(); err != nil {
					t.Fatal(err)
				}
			}
			app.Close()
			results = append(results, fmt.Sprintf("%v\n%s", *glue.Resource[Stats](app), *snap))
		}
		for i := 1; i < len(results); i++ {
			if results[i] != results[0] {
				t.Fatalf("seed %d: run %d differs from the sequential run\n%s", seed, i, firstDiff(results[0], results[i]))
			}
		}
		if len(results[0]) < 10000 {
			t.Fatalf("snapshot suspiciously small: %d bytes", len(results[0]))
		}
	}
}

// installSnapshot adds a render-free observer that folds the world of
// every tick into a digest (cheap: a sum of per-component hashes, so
// that the order of a query does not matter), and after tick ticks
// writes the digest and the whole world, sorted by entity, into the
// returned string. (It used to format the whole world with fmt after
// every tick and keep only the last: 95% of the root package's test
// time under -race.)
func installSnapshot(app *glue.App, ticks int) *string {
	out := new(string)
	var digest uint64
	tick := 0
	app.AddSystems(Last, glue.Func(func(p struct {
		Qa glue.Query1[*A]
		Qb glue.Query1[*B]
		Qc glue.Query1[*C]
		Qd glue.Query1[*D]
	}) {
		qa, qb, qc, qd := p.Qa, p.Qb, p.Qc, p.Qd
		var sum uint64
		qa.Each(func(e glue.Entity, a *A) { sum += rowHash(e, 'A', a.V) })
		qb.Each(func(e glue.Entity, b *B) { sum += rowHash(e, 'B', b.V) })
		qc.Each(func(e glue.Entity, c *C) { sum += rowHash(e, 'C', c.V) })
		qd.Each(func(e glue.Entity, d *D) { sum += rowHash(e, 'D', d.V) })
		digest = mix64(digest ^ sum)
		if tick++; tick < ticks {
			return
		}
		rows := map[glue.Entity][]string{}
		qa.Each(func(e glue.Entity, a *A) { rows[e] = append(rows[e], fmt.Sprintf("A%d", a.V)) })
		qb.Each(func(e glue.Entity, b *B) { rows[e] = append(rows[e], fmt.Sprintf("B%d", b.V)) })
		qc.Each(func(e glue.Entity, c *C) { rows[e] = append(rows[e], fmt.Sprintf("C%d", c.V)) })
		qd.Each(func(e glue.Entity, d *D) { rows[e] = append(rows[e], fmt.Sprintf("D%d", d.V)) })
		keys := make([]glue.Entity, 0, len(rows))
		for k := range rows {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		fmt.Fprintf(&b, "digest of every tick: %016x\n", digest)
		for _, k := range keys {
			fmt.Fprintf(&b, "%d:%s\n", k, strings.Join(rows[k], ","))
		}
		*out = b.String()
	}).Named("snapshot"))
	return out
}

// rowHash hashes one component value of an entity.
func rowHash(e glue.Entity, kind byte, v int) uint64 {
	return mix64(uint64(e)*0x9e3779b97f4a7c15 ^ uint64(kind)<<56 ^ uint64(v)*0xbf58476d1ce4e5b9)
}

// mix64 is splitmix64's finalizer.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  sequential: %s\n  parallel:   %s", i, la[i], lb[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d vs %d lines", len(la), len(lb))
}

// rendezvous reports whether two callers meet within the timeout: each
// call announces itself and waits for the other. It can only succeed if
// the two run at the same time.
type rendezvous struct {
	a, b chan struct{}
}

func newRendezvous() *rendezvous {
	return &rendezvous{make(chan struct{}), make(chan struct{})}
}

func (r *rendezvous) meet(mine, other chan struct{}) bool {
	close(mine)
	select {
	case <-other:
		return true
	case <-time.After(10 * time.Second):
		return false
	}
}

func TestNonConflictingSystemsRunInParallel(t *testing.T) {
	app := newApp(t)
	app.Configure(glue.Options{Workers: 2, ParallelThreshold: 1})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(A{}, B{}) }))
	r := newRendezvous()
	var metA, metB bool
	app.AddSystems(First,
		glue.Each1(func(_ glue.Entity, a *A) { metA = r.meet(r.a, r.b) }).Named("left"),
		glue.Each1(func(_ glue.Entity, b *B) { metB = r.meet(r.b, r.a) }).Named("right"),
	)
	mustUpdate(t, app, 1)
	if !metA || !metB {
		t.Fatalf("systems on disjoint components did not run at the same time (left met=%v, right met=%v)", metA, metB)
	}
}

func TestLargeEntitySystemIsSplitAcrossWorkers(t *testing.T) {
	app := newApp(t)
	const n = 4000
	app.Configure(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 100})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range n {
			c.Spawn(A{i})
		}
	}))
	r := newRendezvous()
	var metFirst, metLast bool
	app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) {
		switch a.V {
		case 0:
			metFirst = r.meet(r.a, r.b)
		case n - 1:
			metLast = r.meet(r.b, r.a)
		}
	}))
	mustUpdate(t, app, 1)
	if !metFirst || !metLast {
		t.Fatalf("first and last entity were not visited concurrently (first=%v last=%v)", metFirst, metLast)
	}
}

// TestBatchEqualsEach runs the same work as an Each and as a Batch system,
// split across workers and not, and compares the worlds.
func TestBatchEqualsEach(t *testing.T) {
	world := func(batch bool, opts glue.Options) string {
		app := stagedApp()
		app.Configure(opts)
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 3000 {
				if i%3 == 0 {
					c.Spawn(A{i}, B{i}, C{})
				} else {
					c.Spawn(A{i}, B{-i})
				}
			}
		}))
		if batch {
			app.AddSystems(First, glue.Batch2P(func(ents glue.Entities, as glue.Column[A], bs glue.Column[B], c glue.Commands) {
				if ents.Len() != as.Len() || as.Len() != bs.Len() {
					panic("batch columns differ in length")
				}
				for i := range ents.Len() {
					a := as.At(i)
					a.V += bs.At(i).V % 11
					if a.V%500 == 0 {
						c.Insert(ents.At(i), D{a.V})
					}
				}
			}).Without(glue.TypeOf[D]()))
		} else {
			app.AddSystems(First, glue.Each2P(func(e glue.Entity, a *A, b *B, c glue.Commands) {
				a.V += b.V % 11
				if a.V%500 == 0 {
					c.Insert(e, D{a.V})
				}
			}).Without(glue.TypeOf[D]()))
		}
		snap := installSnapshot(app, 30)
		for range 30 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		app.Close()
		return *snap
	}
	want := world(false, glue.Options{Sequential: true})
	for _, opts := range []glue.Options{{Sequential: true}, {Workers: 2, ParallelThreshold: 1, ChunkSize: 100}} {
		if got := world(true, opts); got != want {
			t.Fatalf("%+v: Batch world differs from Each world\n%s", opts, firstDiff(want, got))
		}
	}
	if !strings.Contains(want, "D") {
		t.Fatal("the test world never inserted D: the commands path is untested")
	}
}
