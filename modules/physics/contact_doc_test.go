package physics_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// TestContactStartedSeenWhenDocumented is issue #38's bug 5: go doc
// physics.ContactStarted promised that readers later in the physics stage
// (ordered after StepSystem) see a contact in the same tick; they see it
// one tick later, since glue's events become readable when the stage
// that wrote them ends. The behaviour stays (it is every glue event's);
// the doc now says what a reader sees, and this test holds the two
// together: a reader in the next stage sees the start in the tick
// Contacts lists it, one in the physics stage a tick later, and the
// doc says so.
func TestContactStartedSeenWhenDocumented(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddPlugins(physics.Plugin{Stage: glue.Update})
	var listed, inStage, nextStage []uint64
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Started  glue.Reader[physics.ContactStarted]
		Contacts glue.Res[physics.Contacts]
	}) {
		if len(p.Contacts.Get().List) > 0 {
			listed = append(listed, app.Tick())
		}
		for range p.Started.Read() {
			inStage = append(inStage, app.Tick())
		}
	}).Named("test.inStage").After(physics.StepSystem))
	app.AddSystems(glue.PostUpdate, glue.Func(func(r glue.Reader[physics.ContactStarted]) {
		for range r.Read() {
			nextStage = append(nextStage, app.Tick())
		}
	}).Named("test.nextStage"))
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(physics.Body{Pos: physics.Vec{X: 0, Y: 0}}, physics.Collider{Shape: physics.Rect(10, 10), Sensor: true}, physics.Static{})
		c.Spawn(physics.Body{Pos: physics.Vec{X: 5, Y: 5}}, physics.Collider{Shape: physics.Rect(10, 10), Sensor: true})
	}))
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if len(listed) == 0 || len(nextStage) != 1 || len(inStage) != 1 {
		t.Fatalf("listed in ticks %v, started seen in the stage in %v and after it in %v; want one start each", listed, inStage, nextStage)
	}
	if nextStage[0] != listed[0] || inStage[0] != listed[0]+1 {
		t.Errorf("listed in tick %d: seen after the stage in %d (want the same), in the stage in %d (want the next)", listed[0], nextStage[0], inStage[0])
	}

	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/gluekit/glue/modules/physics")
	if err != nil {
		t.Fatal(err)
	}
	for _, ty := range p.Types {
		if ty.Name != "ContactStarted" {
			continue
		}
		d := strings.Join(strings.Fields(ty.Doc), " ")
		if strings.Contains(d, "readable by later systems of the stage") || !strings.Contains(d, "in the next tick") {
			t.Errorf("ContactStarted's doc does not say what a reader in the physics stage sees:\n%s", d)
		}
	}
}
