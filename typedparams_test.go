package glue_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

type paramScore struct{ N int }

// The resource params follow their resource as it is removed and
// inserted again while the app runs: Opt gets nil while it is missing,
// ResMut the new resource after it, and Local keeps its own state
// through all of it; a ResMut whose resource is missing fails with an
// error naming the system and the type.
func TestResourceParamsFollowTheirResource(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.InsertResource(paramScore{N: 1})
	var seen []string
	remove, insert := false, false
	app.AddSystems(glue.First, glue.Func(func(cmds glue.Commands) {
		switch {
		case remove:
			cmds.RemoveResource(glue.TypeOf[paramScore]())
			remove = false
		case insert:
			cmds.InsertResource(paramScore{N: 7})
			insert = false
		}
	}).Named("toggle"))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Opt   glue.Opt[paramScore]
		Calls glue.Local[int]
	}) {
		*p.Calls.Get()++
		if s := p.Opt.Get(); s != nil {
			seen = append(seen, "opt "+strconv.Itoa(s.N)+" call "+strconv.Itoa(*p.Calls.Get()))
		} else {
			seen = append(seen, "opt nil call "+strconv.Itoa(*p.Calls.Get()))
		}
	}).Named("optional"))
	app.AddSystems(glue.PostUpdate, glue.Func(func(s glue.ResMut[paramScore]) { s.Get().N++ }).
		Named("bump").RunIf(glue.ResourceExists[paramScore]()))

	for _, step := range []*bool{nil, &remove, &insert} {
		if step != nil {
			*step = true
		}
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"opt 1 call 1", "opt nil call 2", "opt 7 call 3"}
	if strings.Join(seen, ", ") != strings.Join(want, ", ") {
		t.Errorf("Opt and Local saw %q, want %q", seen, want)
	}
	if got := glue.Resource[paramScore](app).N; got != 8 {
		t.Errorf("after the last tick the resource is %d, want 8 (7, bumped once)", got)
	}
}

func TestResMutOfAMissingResourceNamesIt(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddSystems(glue.First, glue.Func(func(s glue.ResMut[paramScore]) { s.Get().N++ }).Named("bump"))
	err := app.Update()
	var se *glue.SystemError
	if !errors.As(err, &se) || se.System != "bump" || !strings.Contains(err.Error(), "needs resource glue_test.paramScore, but the app has none; insert it with App.InsertResource") {
		t.Fatalf("ResMut of a missing resource: %v, want bump's error naming the resource and the fix", err)
	}
}
