package net

import (
	"testing"

	"github.com/gluekit/glue"
)

// mlKept is a game's own type listed in RollbackConfig.Keep; mlAbsent is
// listed too but the app has none; mlDevice marks itself MachineLocal.
type (
	mlKept   struct{ N int }
	mlAbsent struct{ N int }
	mlDevice struct{ N int }
)

// MachineLocal marks mlDevice as the machine's.
func (mlDevice) MachineLocal() {}

// A re-run puts back the resources of Keep and those marked
// glue.MachineLocal, unlisted, as they were before it; a Keep type the
// app lacks is passed over (it indexed past the saved values before,
// once MachineLocal types lengthened the list).
func TestRerunPutsBackMachineLocal(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(mlKept{N: 1})
	app.InsertResource(mlDevice{N: 2})
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	s := &session[int]{app: app, cfg: RollbackConfig{Keep: []glue.Type{glue.TypeOf[mlAbsent](), glue.TypeOf[mlKept]()}}}
	s.keep(true)
	glue.Resource[mlKept](app).N, glue.Resource[mlDevice](app).N = 10, 20 // the re-run's ticks
	s.keep(false)
	if k, d := glue.Resource[mlKept](app).N, glue.Resource[mlDevice](app).N; k != 1 || d != 2 {
		t.Fatalf("after the re-run: kept %d, device %d; want 1 and 2, as before it", k, d)
	}
}
