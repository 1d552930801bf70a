package diag

import (
	"runtime"
	"strings"
	"testing"
)

// TestHeapLineShowsTheLiveHeap: after a collection the overlay's heap
// line shows what it found live beside the heap in use, which includes
// garbage (the rising in-use figure was taken for a leak in the browser).
func TestHeapLineShowsTheLiveHeap(t *testing.T) {
	runtime.GC()
	var m memReader
	var f Figures
	m.read(&f)
	if f.HeapLive == 0 || f.HeapInUse == 0 {
		t.Fatalf("after a GC: HeapLive %d, HeapInUse %d; want both read", f.HeapLive, f.HeapInUse)
	}
	found := false
	for _, l := range f.Lines() {
		if strings.HasPrefix(l, "heap ") && strings.Contains(l, "(live ") {
			found = true
		}
	}
	if !found {
		t.Errorf("no heap line with the live heap in %q", f.Lines())
	}
}
