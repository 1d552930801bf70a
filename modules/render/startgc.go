package render

import (
	"runtime/debug"
	"sync"
	"time"
)

// gcHold is the garbage collector held off while a page starts
// (page_js.go): the setting from before, given back once.
type gcHold struct {
	once    sync.Once
	percent int   // GOGC before the hold
	limit   int64 // GOMEMLIMIT before the hold
}

// holdGC turns the collector off, up to a heap of limit bytes, and gives
// the setting from before back after wait, or at release if that comes
// first: a program that never tells the page of a first frame (one that
// imports render without its Plugin, or whose Build fails) is not left
// without its own setting.
func holdGC(limit int64, wait time.Duration) *gcHold {
	h := &gcHold{percent: debug.SetGCPercent(-1), limit: debug.SetMemoryLimit(limit)}
	time.AfterFunc(wait, h.release)
	return h
}

// release gives the collector's setting from before the hold back; the
// first call does, later ones do nothing.
func (h *gcHold) release() {
	h.once.Do(func() {
		debug.SetGCPercent(h.percent)
		debug.SetMemoryLimit(h.limit)
	})
}
