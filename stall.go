//go:build !js

package glue

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// stallWatch reports a tick ([App.Update]) or frame ([App.Draw]) that has
// not ended after Options.StallAfter: a system that never returns — a
// channel no one sends on, a lock never released, select {} — would
// otherwise hang the game without a word. Go cannot stop such a system;
// the report names it (its function and line, from the goroutines'
// stacks) and the stage. Each tick costs three atomic operations; the
// check runs on a timer, twice per StallAfter, only while the app is
// open. The browser build has none (stall_js.go): its page's download
// is kept small, and a stall is found by running the game natively.
type stallWatch struct {
	seq   atomic.Uint64            // odd while Update or Draw runs
	tick  atomic.Uint64            // the tick being run
	stage atomic.Pointer[stageDef] // the stage being run
	after time.Duration
	out   io.Writer // os.Stderr; tests set another
	mu    sync.Mutex
	timer *time.Timer // nil until started; stopped (and nil) after stop
	done  bool
	// The timer's own state (its callbacks run one after another).
	last  uint64    // seq at the last check
	since time.Time // when seq last changed
	told  uint64    // the seq last reported
}

// at records the stage being run.
func (w *stallWatch) at(st *stageDef) { w.stage.Store(st) }

// enter marks the start of a tick or frame; leave its end.
func (w *stallWatch) enter(tick uint64) {
	w.tick.Store(tick)
	w.seq.Add(1)
}

func (w *stallWatch) leave() { w.seq.Add(1) }

// stop disarms the watch (App.Close).
func (w *stallWatch) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

// start arms the watch, once, unless turned off.
func (w *stallWatch) start(after time.Duration) {
	if w.after != 0 || after < 0 {
		return // started (after is set then), or off
	}
	if after == 0 {
		after = DefaultStallAfter
	}
	w.after, w.since = after, time.Now()
	if w.out == nil {
		w.out = os.Stderr
	}
	every := max(after/2, 5*time.Millisecond)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(every, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.done {
			return
		}
		w.check(time.Now())
		w.timer.Reset(every)
	})
}

// check reports, once per tick or frame, one that has run for after.
func (w *stallWatch) check(now time.Time) {
	seq := w.seq.Load()
	if seq != w.last {
		w.last, w.since = seq, now
		return
	}
	if seq%2 == 0 || seq == w.told || now.Sub(w.since) < w.after {
		return
	}
	w.told = seq
	// The tick, its stage and its goroutines' stacks (which take long
	// with many goroutines) are of one moment only if the tick has not
	// ended meanwhile: a tick that ended is not reported, and the next
	// is checked on its own.
	tick, st := w.tick.Load(), w.stage.Load()
	running := stallRunning()
	if w.seq.Load() != seq {
		return
	}
	where := ""
	if st != nil {
		where = " in stage " + string(st.name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "glue: tick %d has not ended after %v%s: ", tick, now.Sub(w.since).Round(time.Millisecond), where)
	if len(running) == 0 {
		b.WriteString("no system is running (it waits in glue or in a hook of the game's); a system or hook that never returns hangs the game\n")
	} else {
		b.WriteString("a system that never returns (a channel no one sends on, a lock never released, select {}) hangs the game; still running:\n")
		for _, f := range running {
			fmt.Fprintf(&b, "\t%s\n", f)
		}
	}
	b.WriteString("(Options.StallAfter sets how long a tick may take before this report)\n")
	io.WriteString(w.out, b.String())
}

// goexited fails the app with a SystemError naming the system that ended
// the goroutine running stage st (runPlan), and says it on stderr.
func (a *App) goexited(st *stageDef, info *planInfo) {
	name := a.exec.Goexited(info.plan)
	if name == "" {
		return // a panic in glue itself: it goes on up
	}
	err := &SystemError{System: name, Stage: string(st.name), Err: errors.New("ended the goroutine that called App.Update (runtime.Goexit, as t.Fatal and t.FailNow do), and Go does not let that goroutine go on: the app has stopped; report a failure with t.Error and return, or with Commands.Fail")}
	a.failed = err
	fmt.Fprintln(os.Stderr, err)
}

// stallRunning is runningSystems; tests replace it.
var stallRunning = runningSystems

// runningSystems names, from every goroutine's stack, the functions of
// the systems still running: on a goroutine that runs a system (its
// stack has the frame of sysRun.guard), the innermost frame between the
// blocking call and glue's own frames that is not glue's core.
func runningSystems() []string {
	// All the stacks, however many goroutines (a server's clients each
	// have some): a cut dump would lose the system's.
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) || len(buf) >= 64<<20 {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var out []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		lines := strings.Split(g, "\n")
		guard := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "github.com/gluekit/glue.(*sysRun).guard(") {
				guard = i
				break
			}
		}
		if guard < 0 {
			continue
		}
		// Frames are a function line and a "\tfile:line +0x…" line, the
		// innermost first: walk out from the guard towards the blocking
		// call, past glue's wrappers, to the system's own function.
		for i := guard - 2; i >= 1; i -= 2 {
			fn, at := lines[i], strings.TrimSpace(lines[i+1])
			if p := strings.LastIndex(at, " +0x"); p > 0 {
				at = at[:p]
			}
			glueOwn := strings.HasPrefix(fn, "github.com/gluekit/glue.") && !strings.Contains(at, "_test.go:")
			if glueOwn || strings.HasPrefix(fn, "github.com/gluekit/glue/internal/") {
				continue
			}
			if p := strings.LastIndex(fn, "("); p > 0 {
				fn = fn[:p]
			}
			out = append(out, fn+" at "+at)
			break
		}
	}
	return out
}
