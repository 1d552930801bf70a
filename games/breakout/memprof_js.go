//go:build js && memprof

package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// A Breakout built with -tags memprof answers window.glueHeapProfile()
// with a heap profile (pprof's format, base64) and window.glueMetrics()
// with runtime/metrics figures as JSON, each after a collection, for
// web/test/memprobe.mjs (docs/web.md, "Memory while playing"). The
// profile samples one allocated byte in 512 from the start of main.
// Neither is in the game's build.
func init() {
	runtime.MemProfileRate = 512
	js.Global().Set("glueHeapProfile", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		var b bytes.Buffer
		if err := pprof.Lookup("heap").WriteTo(&b, 0); err != nil {
			return "error: " + err.Error()
		}
		return base64.StdEncoding.EncodeToString(b.Bytes())
	}))
	js.Global().Set("glueMetrics", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		names := []string{"/gc/heap/live:bytes", "/memory/classes/total:bytes", "/memory/classes/heap/objects:bytes",
			"/memory/classes/heap/free:bytes", "/memory/classes/heap/released:bytes", "/memory/classes/heap/unused:bytes",
			"/memory/classes/heap/stacks:bytes", "/memory/classes/os-stacks:bytes", "/memory/classes/other:bytes",
			"/memory/classes/metadata/other:bytes", "/memory/classes/metadata/mspan/inuse:bytes", "/memory/classes/profiling/buckets:bytes",
			"/sched/goroutines:goroutines", "/gc/cycles/total:gc-cycles", "/gc/heap/objects:objects", "/memory/classes/metadata/mcache/inuse:bytes",
			"/gc/heap/allocs:bytes", "/gc/heap/goal:bytes"}
		s := make([]metrics.Sample, len(names))
		for i, n := range names {
			s[i].Name = n
		}
		metrics.Read(s)
		out := "{"
		for i, x := range s {
			if i > 0 {
				out += ","
			}
			out += fmt.Sprintf("%q:%d", x.Name, x.Value.Uint64())
		}
		var recs []runtime.MemProfileRecord
		n, _ := runtime.MemProfile(nil, true)
		recs = make([]runtime.MemProfileRecord, n+50)
		n, _ = runtime.MemProfile(recs, true)
		var inuse int64
		for _, r := range recs[:n] {
			inuse += r.InUseBytes()
		}
		out += fmt.Sprintf(",\"profinuse\":%d", inuse)
		return out + fmt.Sprintf(",\"fps\":%.1f,\"tps\":%.1f}", ebiten.ActualFPS(), ebiten.ActualTPS())
	}))
}
