package glue_test

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestAfterItself is issue #38's bug 7: a.After(a) reported "stage S0 has
// no such system; its systems are a", which sends one looking for a
// missing system. It now says the system is ordered after itself, for a
// system and for a label only the system itself is in.
func TestAfterItself(t *testing.T) {
	app := newApp(t)
	a := glue.Func(func(glue.Commands) {}).Named("a")
	a.After(a)
	app.AddSystems(glue.Update, a)
	wantBuildError(t, app, "glue: system a is ordered after itself (After(a)); remove the After")

	app = newApp(t)
	l := glue.NewLabel("test.L")
	b := glue.Func(func(glue.Commands) {}).Named("b").In(l).After(l)
	app.AddSystems(glue.Update, b)
	wantBuildError(t, app, "glue: system b is ordered after itself (After(test.L), and it is the only system of stage Update in that label)")
}
