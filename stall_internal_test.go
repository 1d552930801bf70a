//go:build !js

package glue

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// lockedBuffer is a strings.Builder that the watch's timer writes while
// the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type stallMark struct{ N int }

// A system that never returns hung the app without a word (a stranger's
// select {}): the app now says which system, in which stage, once the
// tick has run for Options.StallAfter — on the caller's goroutine and
// on a worker alike.
func TestStallNamesTheSystem(t *testing.T) {
	for _, c := range []struct {
		name  string
		opts  Options
		crowd int // goroutines parked beside the app (a server's clients)
	}{
		{"sequential", Options{Sequential: true}, 0},
		{"on a worker", Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1024}, 0},
		// The report read the first megabyte of the goroutines' stacks:
		// with more goroutines the system's was cut off and the report
		// said none was running.
		{"among 20,000 goroutines", Options{Sequential: true}, 20000},
	} {
		t.Run(c.name, func(t *testing.T) {
			park := make(chan struct{})
			defer close(park)
			for range c.crowd {
				go func() { <-park }()
			}
			app := NewApp()
			defer app.Close()
			c.opts.StallAfter = 50 * time.Millisecond
			app.Configure(c.opts)
			var out lockedBuffer
			app.watch.out = &out
			release := make(chan struct{})
			var armed atomic.Bool
			app.AddStartup(Func(func(c Commands) {
				for i := range 4096 {
					c.Spawn(stallMark{i})
				}
			}))
			app.AddSystems(Update, Each1(func(_ Entity, m *stallMark) {
				if m.N == 3000 && armed.Load() { // the second chunk's, on a worker when split
					<-release
				}
			}).Named("Stuck"))
			// The startup first: under the race detector on a loaded
			// machine, spawning can take longer than StallAfter (CI,
			// 30 Nov), and that tick's report is not the one tested.
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
			out.Reset()
			stuck := fmt.Sprintf("glue: tick %d has not ended after", app.Tick())
			armed.Store(true)
			done := make(chan error, 1)
			go func() { done <- app.Update() }()
			// The report of this tick: the startup tick's may still be
			// written after the Reset above, by a timer late on a loaded
			// machine (CI's -race run of 30 Nov, 18:19, failed here when
			// the wait ended on that one).
			reportOf := func() string {
				s := out.String()
				i := strings.Index(s, stuck)
				if i < 0 {
					return ""
				}
				s = s[i:]
				if j := strings.Index(s, "Options.StallAfter"); j >= 0 {
					return s[:j+len("Options.StallAfter")]
				}
				return ""
			}
			deadline := time.Now().Add(30 * time.Second)
			for reportOf() == "" && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			report := reportOf()
			if report == "" {
				report = out.String()
			}
			armed.Store(false)
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{stuck, "in stage Update", "still running:", "glue.TestStallNamesTheSystem", "stall_internal_test.go:", "Options.StallAfter"} {
				if !strings.Contains(report, want) {
					t.Errorf("the report lacks %q:\n%s", want, report)
				}
			}
			// The tick ended: it is not reported again (a later tick
			// slower than StallAfter on a loaded machine would be its
			// own report).
			for range 3 {
				if err := app.Update(); err != nil {
					t.Fatal(err)
				}
			}
			if n := strings.Count(out.String(), stuck); n != 1 {
				t.Errorf("%d reports of the stuck tick, want 1:\n%s", n, out.String())
			}
		})
	}
}

// A negative StallAfter turns the watch off.
func TestStallOff(t *testing.T) {
	app := NewApp()
	defer app.Close()
	app.Configure(Options{StallAfter: -1})
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	app.watch.mu.Lock()
	defer app.watch.mu.Unlock()
	if app.watch.timer != nil {
		t.Error("the watch runs with StallAfter < 0")
	}
}

// A report read the tick's number after the goroutines' stacks, which
// take long with many goroutines: when the tick ended and the next began
// meanwhile, the report named the new tick with the old one's stage (none
// while the startup ran) and systems — CI's -race run failed on it twice
// (30 Nov, "among 20,000 goroutines" and "on a worker": the report of
// the stuck tick named no stage). A tick that ends while it is looked at
// is not reported.
func TestStallReportOfATickThatEndedMeanwhile(t *testing.T) {
	var out lockedBuffer
	w := &stallWatch{after: 50 * time.Millisecond, out: &out}
	update := &stageDef{name: Update}
	w.enter(0) // the startup tick: no stage yet
	start := time.Now()
	w.check(start)
	defer func(f func() []string) { stallRunning = f }(stallRunning)
	stallRunning = func() []string {
		// The stacks take long: the tick ends, the next runs its stage.
		w.leave()
		w.enter(1)
		w.at(update)
		return []string{"main.Startup (startup.go:7)"}
	}
	w.check(start.Add(time.Second))
	if s := out.String(); s != "" {
		t.Errorf("a tick that ended during the check was reported:\n%s", s)
	}
	// The new tick, stuck in its stage, is reported as itself.
	stallRunning = func() []string { return []string{"main.Stuck (stuck.go:9)"} }
	w.check(start.Add(2 * time.Second))
	w.check(start.Add(3 * time.Second))
	if s := out.String(); !strings.Contains(s, "glue: tick 1 has not ended after") || !strings.Contains(s, "in stage Update") || !strings.Contains(s, "main.Stuck") {
		t.Errorf("the stuck tick 1 was not reported with its stage and system:\n%s", s)
	}
}
