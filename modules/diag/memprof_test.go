//go:build memprof

package diag_test

import (
	"encoding/base64"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/diag"
)

// TestMemoryProbe: a -tags memprof build samples the heap finely, and its
// probe's answers are what web/test/memprobe.mjs parses: a base64 heap
// profile (gzipped pprof) and a JSON object of figures.
func TestMemoryProbe(t *testing.T) {
	if runtime.MemProfileRate != 512 {
		t.Errorf("MemProfileRate %d, want 512", runtime.MemProfileRate)
	}
	p := diag.HeapProfile()
	b, err := base64.StdEncoding.DecodeString(p)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("HeapProfile %.40q: not a base64 gzipped profile (%v)", p, err)
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(diag.MemoryMetrics()), &m); err != nil {
		t.Fatalf("MemoryMetrics: %v: %s", err, diag.MemoryMetrics())
	}
	for _, k := range []string{"/gc/heap/live:bytes", "/memory/classes/total:bytes", "/gc/cycles/total:gc-cycles", "profinuse", "fps", "tps"} {
		if _, ok := m[k]; !ok {
			t.Errorf("MemoryMetrics has no %q: %v", k, m)
		}
	}
	if m["/gc/heap/live:bytes"] <= 0 || m["/gc/cycles/total:gc-cycles"] < 1 || strings.Contains(diag.MemoryMetrics(), "NaN") {
		t.Errorf("MemoryMetrics: implausible figures %v", m)
	}
}
