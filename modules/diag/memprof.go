//go:build memprof

package diag

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The memory probe: a program that imports diag and is built with
// -tags memprof samples one allocated byte in 512 from the start of main
// (runtime.MemProfileRate), and in the browser answers
// window.glueHeapProfile() with HeapProfile and window.glueMetrics() with
// MemoryMetrics (memprof_js.go), for web/test/memprobe.mjs (docs/web.md,
// "Memory while playing"). Neither is in a build without the tag.

func init() { runtime.MemProfileRate = 512 }

// probeMetrics are the runtime/metrics figures MemoryMetrics reports.
var probeMetrics = []string{"/gc/heap/live:bytes", "/memory/classes/total:bytes", "/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes", "/memory/classes/heap/released:bytes", "/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/stacks:bytes", "/memory/classes/os-stacks:bytes", "/memory/classes/other:bytes",
	"/memory/classes/metadata/other:bytes", "/memory/classes/metadata/mspan/inuse:bytes", "/memory/classes/profiling/buckets:bytes",
	"/sched/goroutines:goroutines", "/gc/cycles/total:gc-cycles", "/gc/heap/objects:objects", "/memory/classes/metadata/mcache/inuse:bytes",
	"/gc/heap/allocs:bytes", "/gc/heap/goal:bytes"}

// HeapProfile collects the garbage and returns the heap profile
// (runtime/pprof's format) in base64, or "error: " and why. Only in a
// build with -tags memprof.
func HeapProfile() string {
	runtime.GC()
	var b bytes.Buffer
	if err := pprof.Lookup("heap").WriteTo(&b, 0); err != nil {
		return "error: " + err.Error()
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// MemoryMetrics collects the garbage and returns, as a JSON object, the
// runtime/metrics figures of the probe by their names, the bytes in use
// by the profile's records ("profinuse"), and Ebitengine's frames and
// ticks per second ("fps", "tps"). Only in a build with -tags memprof.
func MemoryMetrics() string {
	runtime.GC()
	s := make([]metrics.Sample, len(probeMetrics))
	for i, n := range probeMetrics {
		s[i].Name = n
	}
	metrics.Read(s)
	var out strings.Builder
	for _, x := range s {
		var v uint64
		if x.Value.Kind() == metrics.KindUint64 {
			v = x.Value.Uint64()
		}
		fmt.Fprintf(&out, "%q:%d,", x.Name, v)
	}
	n, _ := runtime.MemProfile(nil, true)
	recs := make([]runtime.MemProfileRecord, n+50)
	n, _ = runtime.MemProfile(recs, true)
	var inuse int64
	for _, r := range recs[:n] {
		inuse += r.InUseBytes()
	}
	return fmt.Sprintf(`{%s"profinuse":%d,"fps":%.1f,"tps":%.1f}`, out.String(), inuse, ebiten.ActualFPS(), ebiten.ActualTPS())
}
