package input

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestSystemNames checks that the exported names of the plugin's systems
// are the names glue gives them.
func TestSystemNames(t *testing.T) {
	if got := glue.Func(readDevices).Name(); got != ReadDevicesSystem {
		t.Errorf("readDevices is named %q, want ReadDevicesSystem %q", got, ReadDevicesSystem)
	}
	if got := glue.Func(mapInput).Name(); got != MapSystem {
		t.Errorf("mapInput is named %q, want MapSystem %q", got, MapSystem)
	}
}
