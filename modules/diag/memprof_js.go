//go:build js && memprof

package diag

import "syscall/js"

// In the browser, a build with -tags memprof answers
// window.glueHeapProfile() and window.glueMetrics() (memprof.go).
func init() {
	js.Global().Set("glueHeapProfile", js.FuncOf(func(js.Value, []js.Value) any { return HeapProfile() }))
	js.Global().Set("glueMetrics", js.FuncOf(func(js.Value, []js.Value) any { return MemoryMetrics() }))
}
