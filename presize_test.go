package glue_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// An app that reserves room ends in the state of one that does not:
// the same ids, order and checkpoint digest.
func TestReserveChangesNoState(t *testing.T) {
	run := func(reserve bool) ([]glue.Digest, []string) {
		app := newApp(t)
		if reserve {
			if err := glue.ReserveBundle[bnPair](app, 500); err != nil {
				t.Fatal(err)
			}
			if err := app.ReserveTypes(100, glue.TypeOf[bnPos](), glue.TypeOf[bnName]()); err != nil {
				t.Fatal(err)
			}
			app.ReserveEntities(1000)
		}
		tick := 0
		app.AddSystems(First, glue.Func(func(p struct {
			C   glue.Commands
			Pos glue.Query1[bnPos]
		}) {
			tick++
			switch tick {
			case 1:
				glue.SpawnBatch(p.C, 10, struct{ Pos bnPos }{bnPos{1, 1}})
			case 2:
				glue.DespawnAll(p.C, p.Pos)
				glue.Spawn1(p.C, bnPos{})
			case 3:
				glue.InsertAll(p.C, p.Pos, bnHP{4}) // makes {bnPos, bnHP}, reserved, by a move
				glue.SpawnBatch(p.C, 400, bnPair{})
			}
		}))
		mustUpdate(t, app, 4)
		var c glue.Checkpoint
		c.Save(app)
		return c.Digest(nil), shipsWithIDs(t, app)
	}
	d1, w1 := run(false)
	d2, w2 := run(true)
	if !slices.Equal(w1, w2) {
		t.Fatalf("worlds differ:\n%s\nwith reserving:\n%s", strings.Join(w1[:5], "\n"), strings.Join(w2[:5], "\n"))
	}
	if !slices.Equal(d1, d2) {
		t.Fatal("digests differ with reserving")
	}
	app := newApp(t)
	if err := glue.ReserveBundle[struct{ a bnPos }](app, 1); err == nil || !strings.Contains(err.Error(), "field a is unexported") {
		t.Fatalf("ReserveBundle of a bad bundle: %v", err)
	}
	if err := app.ReserveTypes(1, glue.TypeOf[bnPos](), glue.TypeOf[bnPos]()); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Fatalf("ReserveTypes of a type given twice: %v", err)
	}
}
