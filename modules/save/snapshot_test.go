package save_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/save"
)

// Snapshot and Restore keep and bring back the world in memory; Restore
// says which new id each snapshot's entity got, references remapped.
func TestSnapshotRestore(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(save.Plugin{Game: "test", Registry: testRegistry(), Store: &save.Memory{}})
	var a, b glue.Entity
	app.AddStartup(glue.Func(func(w glue.Commands) {
		w.Exclusive(func(w *glue.World) error {
			a = w.Reserve()
			b = w.Reserve()
			if err := w.SpawnReserved(a, P{1, 2}); err != nil {
				return err
			}
			return w.SpawnReserved(b, L{To: a, W: 7})
		})
	}))
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	sv := glue.Resource[save.Saves](app)
	var snap []byte
	err := app.WithWorld(func(w *glue.World) error {
		var err error
		snap, err = sv.Snapshot(w)
		w.Component(a, glue.TypeOf[P]()).(*P).X = 99
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = app.WithWorld(func(w *glue.World) error {
		newID, err := sv.Restore(w, snap)
		if err != nil {
			return err
		}
		na, nb := newID(a), newID(b)
		if na == 0 || nb == 0 || newID(12345) != 0 {
			t.Fatalf("new ids: %v %v, of an unknown id %v", na, nb, newID(12345))
		}
		if p := w.Component(na, glue.TypeOf[P]()).(*P); *p != (P{1, 2}) {
			t.Errorf("restored P %+v, want {1 2}", *p)
		}
		if l := w.Component(nb, glue.TypeOf[L]()).(*L); l.To != na || l.W != 7 {
			t.Errorf("restored L %+v, want To %v", *l, na)
		}
		if w.Valid(a) && na != a {
			t.Errorf("the old entity %v is still there", a)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Restore(nil, []byte("junk")); err == nil {
		t.Error("Restore of junk: no error")
	}
}
