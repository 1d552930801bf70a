package render_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

// Command.Fail prints the game's line for an error, Explain's if it has
// one, and returns the failure status 1.
func TestCommandFail(t *testing.T) {
	var out, errs strings.Builder
	cmd := render.NewCommand("mygame", &out, &errs, render.CommandDefaults{NoSeed: true})
	if code := cmd.Fail(errors.New("-dev: no go.mod")); code != 1 || errs.String() != "mygame: -dev: no go.mod\n" {
		t.Errorf("Fail: status %d, stderr %q; want 1, the game's line", code, errs.String())
	}
	errs.Reset()
	cmd.Explain = func(error) string { return "the port is taken: -serve another" }
	if cmd.Fail(errors.New("listen: address in use")); errs.String() != "mygame: the port is taken: -serve another\n" {
		t.Errorf("Fail with Explain: stderr %q", errs.String())
	}
}
