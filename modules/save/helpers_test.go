package save_test

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// Test components and resources. Unsaved is never registered.
type (
	P struct{ X, Y float64 }
	V struct{ D int32 }
	N struct{ S string }
	L struct {
		To glue.Entity
		W  int
	}
	T       struct{}
	Unsaved struct{ K int }
	// R1 is a saved resource that refers to an entity.
	R1 struct {
		Count int
		Boss  glue.Entity
	}
	// R2 is a saved resource that may be absent.
	R2 struct{ Mode string }
)

// testRegistry registers P, V, N, L, T, R1 and R2.
func testRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	register(reg, 1,
		func(p *P, w *codec.Writer) { w.Float64(p.X); w.Float64(p.Y) },
		func(r *codec.Reader) (P, error) {
			p := P{r.Float64(), r.Float64()}
			if math.IsNaN(p.X) || math.IsNaN(p.Y) {
				return p, errors.New("P is NaN")
			}
			return p, nil
		})
	register(reg, 1,
		func(v *V, w *codec.Writer) { w.Varint(int64(v.D)) },
		func(r *codec.Reader) (V, error) {
			d := r.Varint()
			if int64(int32(d)) != d {
				return V{}, fmt.Errorf("V.D %d out of range", d)
			}
			return V{int32(d)}, nil
		})
	register(reg, 1,
		func(n *N, w *codec.Writer) { w.Text(n.S) },
		func(r *codec.Reader) (N, error) { return N{r.Text()}, nil })
	register(reg, 2,
		func(l *L, w *codec.Writer) { w.Entity(l.To); w.Int(l.W) },
		func(r *codec.Reader) (L, error) { return L{r.Entity(), r.Int()}, nil })
	registerTag[T](reg, 1)
	register(reg, 1,
		func(v *R1, w *codec.Writer) { w.Int(v.Count); w.Entity(v.Boss) },
		func(r *codec.Reader) (R1, error) { return R1{r.Int(), r.Entity()}, nil })
	register(reg, 1,
		func(v *R2, w *codec.Writer) { w.Text(v.Mode) },
		func(r *codec.Reader) (R2, error) { return R2{r.Text()}, nil })
	return reg
}

var savedResources = []glue.Type{glue.TypeOf[R1](), glue.TypeOf[R2]()}

// rig is a test app with the save plugin, a driver that runs one step
// per tick, and a probe that describes the world.
type rig struct {
	t     testing.TB
	app   *glue.App
	store save.Store
	steps []func(s *step)
	view  string // the last description
	ids   string // the entities, in storage order, when last described
	want  bool   // describe at the start of the next tick
	res   []save.Result
	logs  strings.Builder
}

// step is what a driver step works with.
type step struct {
	C     glue.Commands
	Saves *save.Saves
	r     *rig
}

// newRig returns a rig over store (a Memory if nil) with the registry reg
// (testRegistry if nil), saving R1 and R2; opts change the plugin.
func newRig(t testing.TB, store save.Store, reg *codec.Registry, game string, opts ...func(*save.Plugin)) *rig {
	t.Helper()
	if store == nil {
		store = &save.Memory{}
	}
	if reg == nil {
		reg = testRegistry()
	}
	r := &rig{t: t, store: store}
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	p := save.Plugin{
		Game: game, Registry: reg, Resources: savedResources, Store: store,
		Logger: slog.New(slog.NewTextHandler(&r.logs, nil)),
	}
	for _, o := range opts {
		o(&p)
	}
	app.AddPlugins(p)
	app.AddSystems(glue.First, glue.Func(func(c glue.Commands) {
		if !r.want {
			return
		}
		r.want = false
		c.Exclusive(func(w *glue.World) error {
			r.view = describe(w, reg)
			var ids []glue.Entity
			w.Each(func(e glue.Entity, _ []glue.Type) { ids = append(ids, e) })
			r.ids = fmt.Sprint(ids)
			return nil
		})
	}).Named("probe"))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		C       glue.Commands
		Saves   glue.ResMut[save.Saves]
		Results glue.Reader[save.Result]
	}) {
		r.res = append(r.res, p.Results.Read()...)
		if len(r.steps) == 0 {
			return
		}
		s := r.steps[0]
		r.steps = r.steps[1:]
		s(&step{C: p.C, Saves: p.Saves.Get(), r: r})
	}).Named("driver"))
	t.Cleanup(app.Close)
	r.app = app
	return r
}

// tick runs one tick.
func (r *rig) tick() {
	r.t.Helper()
	if err := r.app.Update(); err != nil {
		r.t.Fatalf("Update: %v", err)
	}
}

// run runs the steps, one per tick, and one more tick.
func (r *rig) run(steps ...func(s *step)) {
	r.t.Helper()
	r.steps = append(r.steps, steps...)
	for len(r.steps) > 0 {
		r.tick()
	}
	r.tick()
}

// look describes the world as it is between ticks (it runs a tick that
// changes nothing else).
func (r *rig) look() string {
	r.t.Helper()
	r.want = true
	r.tick()
	return r.view
}

// last returns the last result, failing if there is none.
func (r *rig) last() save.Result {
	r.t.Helper()
	if len(r.res) == 0 {
		r.t.Fatal("no save.Result yet")
	}
	return r.res[len(r.res)-1]
}

// describe writes the world as text in three parts, each a line or
// more:
//
//   - the saved view: the entities with a registered component, one line
//     each in the order of their ids, by their rank among those ids, with
//     their registered components — references as the referred entity's
//     rank, or "none" if it is not one of them — and the saved resources;
//   - the order: per set of saved types, the ranks of its entities in
//     storage order;
//   - the rest: every other entity, verbatim, in storage order.
func describe(w *glue.World, reg *codec.Registry) string {
	var saved, rest []glue.Entity
	sets := map[string][]glue.Entity{}
	var setNames []string
	w.Each(func(e glue.Entity, ts []glue.Type) {
		var names []string
		for _, t := range ts {
			if reg.ByType(t) != nil {
				names = append(names, t.Name())
			}
		}
		if len(names) == 0 {
			rest = append(rest, e)
			return
		}
		saved = append(saved, e)
		slices.Sort(names)
		k := strings.Join(names, "+")
		if _, ok := sets[k]; !ok {
			setNames = append(setNames, k)
		}
		sets[k] = append(sets[k], e)
	})
	slices.Sort(saved)
	ref := func(e glue.Entity) string {
		if i, ok := slices.BinarySearch(saved, e); ok && w.Valid(e) {
			return fmt.Sprintf("r%d", i)
		}
		return "none"
	}
	var b strings.Builder
	for i, e := range saved {
		fmt.Fprintf(&b, "r%d:", i)
		for _, t := range []glue.Type{glue.TypeOf[P](), glue.TypeOf[V](), glue.TypeOf[N](), glue.TypeOf[L](), glue.TypeOf[T]()} {
			switch v := w.Component(e, t).(type) {
			case nil:
			case *L:
				fmt.Fprintf(&b, " L{%s %d}", ref(v.To), v.W)
			default:
				fmt.Fprintf(&b, " %+v", v)
			}
		}
		b.WriteByte('\n')
	}
	if r, ok := w.Resource(glue.TypeOf[R1]()).(*R1); ok {
		fmt.Fprintf(&b, "R1{%d %s}", r.Count, ref(r.Boss))
	}
	if r, ok := w.Resource(glue.TypeOf[R2]()).(*R2); ok {
		fmt.Fprintf(&b, " R2%+v", *r)
	}
	b.WriteString("\norder:")
	slices.Sort(setNames)
	for _, k := range setNames {
		fmt.Fprintf(&b, " %s", k)
		for _, e := range sets[k] {
			fmt.Fprintf(&b, " %s", ref(e))
		}
		b.WriteString(";")
	}
	b.WriteString("\nrest:")
	for _, e := range rest {
		fmt.Fprintf(&b, " %v%+v", e, w.Component(e, glue.TypeOf[Unsaved]()))
	}
	return b.String()
}

// savedView, orderView and restView are the parts of a description.
func savedView(d string) string { return d[:strings.Index(d, "\norder:")] }
func orderView(d string) string {
	return d[strings.Index(d, "\norder:"):strings.Index(d, "\nrest:")]
}
func restView(d string) string { return d[strings.Index(d, "\nrest:"):] }

// wantErr fails unless err wraps kind and mentions every one of parts.
func wantErr(t testing.TB, what string, err, kind error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error, want %v", what, kind)
	}
	if !errors.Is(err, kind) {
		t.Errorf("%s: error %q does not wrap %v", what, err, kind)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %q does not mention %q", what, err, p)
		}
	}
}

// register registers T with a codec written by hand, of the version.
func register[T any](reg *codec.Registry, version uint8, enc func(*T, *codec.Writer), dec func(*codec.Reader) (T, error)) {
	codec.RegisterFunc(reg, enc, dec, codec.Version(version))
}

// registerTag registers a tag type T, its codec derived, of the version.
func registerTag[T any](reg *codec.Registry, version uint8) {
	codec.Register[T](reg, codec.Version(version))
}
