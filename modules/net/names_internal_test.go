package net

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported names of the plugins' systems
// are the names glue gives them.
func TestSystemNames(t *testing.T) {
	for _, c := range []struct {
		sys  *glue.System
		want string
	}{
		{glue.Func(listen), ListenSystem},
		{glue.Func(beginTick), BeginTickSystem},
		{glue.Func(publish), PublishSystem},
		{glue.Func(connect), ConnectSystem},
		{glue.Func(receive), ReceiveSystem},
	} {
		if got := c.sys.Name(); got != c.want {
			t.Errorf("system named %q, want %q", got, c.want)
		}
	}
}
