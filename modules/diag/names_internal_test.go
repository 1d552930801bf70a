package diag

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported name of the plugin's system
// is the name glue gives it.
func TestSystemNames(t *testing.T) {
	if got := glue.Func(frame).Name(); got != FrameSystem {
		t.Errorf("system named %q, want %q", got, FrameSystem)
	}
}
