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

// disabledRig is an app with three entities of A (and B on the last)
// whose systems record what they see each tick.
type disabledRig struct {
	app  *glue.App
	ids  []glue.Entity
	do   func(c glue.Commands)
	seen map[string][]string
}

func newDisabledRig(t *testing.T) *disabledRig {
	r := &disabledRig{app: newApp(t), seen: map[string][]string{}}
	// The systems write one map: they run one after the other (Each1
	// may otherwise split across workers, and the systems run side by
	// side).
	r.app.Configure(glue.Options{Sequential: true})
	r.app.AddStartup(glue.Func(func(c glue.Commands) {
		r.ids = append(r.ids, c.Spawn(A{V: 1}), c.Spawn(A{V: 2}), c.Spawn(A{V: 3}, B{V: 30}))
	}))
	r.app.AddSystems(First, glue.Func(func(c glue.Commands) {
		if r.do != nil {
			r.do(c)
			r.do = nil
		}
	}).Named("driver"))
	see := func(name string, e glue.Entity, v int) {
		r.seen[name] = append(r.seen[name], fmt.Sprint(e, "=", v))
	}
	r.app.AddSystems(Middle,
		glue.Each1(func(e glue.Entity, a A) { see("each", e, a.V) }).Named("each"),
		glue.Each1(func(e glue.Entity, a A) { see("all", e, a.V) }).Named("all").IncludeDisabled(),
		glue.Each1(func(e glue.Entity, a A) { see("only", e, a.V) }).Named("only").With(glue.TypeOf[glue.Disabled]()),
		glue.Func(func(p struct {
			Q    glue.Query2[A, B]
			Dis  glue.Query1[glue.Disabled]
			Last glue.Query1[A]
		}) {
			p.Q.Each(func(e glue.Entity, a A, b B) { see("query", e, a.V+b.V) })
			p.Dis.Each(func(e glue.Entity, _ glue.Disabled) { see("dis", e, 0) })
			_, ok := p.Last.Get(r.ids[2])
			r.seen["get"] = append(r.seen["get"], fmt.Sprint(ok))
		}).Named("queries"),
	)
	return r
}

// tick runs a tick and returns what each system saw in it.
func (r *disabledRig) tick(t *testing.T) string {
	t.Helper()
	clear(r.seen)
	mustUpdate(t, r.app, 1)
	var parts []string
	for _, k := range []string{"each", "all", "only", "query", "dis", "get"} {
		parts = append(parts, k+fmt.Sprint(r.seen[k]))
	}
	return strings.Join(parts, " ")
}

// A disabled entity is hidden from every system and query that does not
// ask for disabled ones, keeps its components, and is back as it was
// when enabled again.
func TestDisableHidesAndEnableRestores(t *testing.T) {
	r := newDisabledRig(t)
	all := "each[Entity(1v1)=1 Entity(2v1)=2 Entity(3v1)=3] all[Entity(1v1)=1 Entity(2v1)=2 Entity(3v1)=3] only[] query[Entity(3v1)=33] dis[] get[true]"
	if got := r.tick(t); got != all {
		t.Fatalf("before:\n%s\nwant\n%s", got, all)
	}
	r.do = func(c glue.Commands) { c.Disable(r.ids[2]); c.Disable(r.ids[2]) }
	hidden := "each[Entity(1v1)=1 Entity(2v1)=2] all[Entity(1v1)=1 Entity(2v1)=2 Entity(3v1)=3] only[Entity(3v1)=3] query[] dis[Entity(3v1)=0] get[false]"
	if got := r.tick(t); got != hidden {
		t.Fatalf("disabled:\n%s\nwant\n%s", got, hidden)
	}
	if !r.app.Disabled(r.ids[2]) || r.app.Disabled(r.ids[0]) {
		t.Fatal("App.Disabled does not tell the disabled entity")
	}
	if v, ok := r.app.Component(r.ids[2], glue.TypeOf[B]()); !ok || v.(B).V != 30 {
		t.Fatalf("the disabled entity's B: %v %v, want 30", v, ok)
	}
	if got := r.tick(t); got != hidden {
		t.Fatalf("still disabled:\n%s\nwant\n%s", got, hidden)
	}
	r.do = func(c glue.Commands) { c.Enable(r.ids[2]); c.Enable(r.ids[0]) }
	back := "each[Entity(1v1)=1 Entity(2v1)=2 Entity(3v1)=3] all[Entity(1v1)=1 Entity(2v1)=2 Entity(3v1)=3] only[] query[Entity(3v1)=33] dis[] get[true]"
	if got := r.tick(t); got != back {
		t.Fatalf("enabled again:\n%s\nwant\n%s", got, back)
	}
	if r.app.Disabled(r.ids[2]) {
		t.Fatal("App.Disabled after Enable")
	}
	if d := r.app.Describe(); !strings.Contains(d, "disabled entities included") {
		t.Fatalf("Describe does not tell the system that includes disabled entities:\n%s", d)
	}
}

// Bulk commands leave disabled entities alone unless the system
// includes them.
func TestBulkSkipsDisabled(t *testing.T) {
	app := newApp(t)
	var keep glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		keep = c.Spawn(A{V: 1})
		c.Spawn(A{V: 2})
		c.Disable(keep)
	}))
	app.AddSystems(First, glue.Func(func(p struct {
		C glue.Commands
		Q glue.Query1[A]
	}) {
		glue.DespawnAll(p.C, p.Q)
	}))
	mustUpdate(t, app, 1)
	if app.Len() != 1 || !app.Alive(keep) {
		t.Fatalf("%d entities, the disabled one alive: %v; want only it", app.Len(), app.Alive(keep))
	}
}

// Disabling is state: it changes a checkpoint's digest, a restore
// takes it back, and a save keeps it (glue.Disabled registered).
func TestDisabledCheckpointAndSave(t *testing.T) {
	r := newDisabledRig(t)
	reg := codec.NewRegistry()
	codec.Register[A](reg)
	codec.Register[B](reg)
	codec.Register[glue.Disabled](reg)
	r.app.AddPlugins(save.Plugin{Game: "disabled", Registry: reg, Store: &save.Memory{}})
	r.tick(t)
	var ck, now glue.Checkpoint
	ck.Save(r.app)
	before := ck.Digest(nil)
	r.do = func(c glue.Commands) { c.Disable(r.ids[0]) }
	r.tick(t)
	now.Save(r.app)
	if slices.Equal(now.Digest(nil), before) {
		t.Fatal("disabling an entity does not change the digest")
	}
	saves := glue.Resource[save.Saves](r.app)
	var data []byte
	if err := r.app.WithWorld(func(w *glue.World) (err error) {
		data, err = saves.Snapshot(w)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := ck.Restore(r.app); err != nil {
		t.Fatal(err)
	}
	if r.app.Disabled(r.ids[0]) {
		t.Fatal("the restore did not take the Disable back")
	}
	var ids map[glue.Entity]glue.Entity
	if err := r.app.WithWorld(func(w *glue.World) error {
		newID, err := saves.Restore(w, data)
		ids = map[glue.Entity]glue.Entity{r.ids[0]: newID(r.ids[0]), r.ids[1]: newID(r.ids[1])}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !r.app.Disabled(ids[r.ids[0]]) || r.app.Disabled(ids[r.ids[1]]) {
		t.Fatal("the load did not keep which entity is disabled")
	}
	if got := r.tick(t); !strings.HasPrefix(got, "each[") || strings.Count(got[:strings.Index(got, " all")], "=") != 2 {
		t.Fatalf("after the load, systems see %s; want 2 entities in each", got)
	}
}
