package render

import (
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gcSetting reads GOGC and GOMEMLIMIT as they are now, without setting
// them (a release on the hold's timer may set them at the same time).
func gcSetting() (percent int, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int(int64(s[0].Value.Uint64())), int64(s[1].Value.Uint64())
}

// keepGCSetting gives the test's collector setting back when it ends.
func keepGCSetting(t *testing.T) {
	percent, limit := gcSetting()
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

func TestHoldGCReleaseGivesTheSettingBack(t *testing.T) {
	keepGCSetting(t)
	debug.SetGCPercent(150)
	debug.SetMemoryLimit(1 << 40)
	h := holdGC(64<<20, time.Hour)
	if p, l := gcSetting(); p != -1 || l != 64<<20 {
		t.Fatalf("held: GOGC %d, GOMEMLIMIT %d; want off (-1) up to %d", p, l, 64<<20)
	}
	h.release()
	if p, l := gcSetting(); p != 150 || l != 1<<40 {
		t.Fatalf("released: GOGC %d, GOMEMLIMIT %d; want 150 and %d back", p, l, int64(1<<40))
	}
	// A second release (the wait's, later) changes nothing set since.
	debug.SetGCPercent(90)
	h.release()
	if p, _ := gcSetting(); p != 90 {
		t.Fatalf("a second release set GOGC %d; want 90 left alone", p)
	}
}

// A program that never tells the page of its first frame gets its own
// setting back after the wait.
func TestHoldGCWithoutReleaseGivesTheSettingBackAfterTheWait(t *testing.T) {
	keepGCSetting(t)
	debug.SetGCPercent(120)
	holdGC(64<<20, 10*time.Millisecond)
	deadline := time.Now().Add(30 * time.Second)
	for {
		p, _ := gcSetting()
		if p == 120 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d 30 s after a 10 ms wait; want 120 back", p)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
