package diag

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gluekit/glue"
)

// Figures are what the overlay shows. The [Overlay] refreshes them a few
// times a second while it is shown; times are means over the time since
// the previous refresh.
type Figures struct {
	// FPS and TPS are Ebitengine's measured frames and ticks per second.
	FPS, TPS float64
	// Tick is the number of ticks the app has run (glue.App.Tick), and
	// Paused whether it is paused.
	Tick   uint64
	Paused bool
	// Entities and Archetypes count the world's entities and archetypes.
	Entities, Archetypes int
	// DrawCalls and Vertices are those of the last frame's flush, without
	// the overlay's own (render.Stats).
	DrawCalls, Vertices int
	// HeapInUse is the memory the heap's objects occupy, in bytes
	// (runtime/metrics /memory/classes/heap/objects:bytes). It includes
	// the garbage not yet collected, so it rises between collections
	// however flat the game's memory is; HeapLive is the steady figure.
	HeapInUse uint64
	// HeapLive is what the last collection found live, in bytes
	// (/gc/heap/live:bytes): a leak makes it grow collection after
	// collection.
	HeapLive uint64
	// GCCycles counts the garbage collections since the program started;
	// GCPauses counts the stop-the-world pauses for them since the
	// previous refresh, and GCPauseMax is the longest (the upper bound of
	// its runtime/metrics histogram bucket).
	GCCycles   uint64
	GCPauses   uint64
	GCPauseMax time.Duration
	// Update is the mean time of a tick's update stages, Draw of a
	// frame's draw stages.
	Update, Draw time.Duration
	// Stages are the stages that ran, in tick order, with their mean time
	// per run.
	Stages []Timing
	// Systems are the systems that took the most time, the most first,
	// with their mean time per run; at most [MaxSystems].
	Systems []Timing
}

// MaxSystems is the most systems [Figures] lists.
const MaxSystems = 8

// Timing is the mean time per run of a stage or system.
type Timing struct {
	// Name is the stage's or system's name; Stage the stage a system
	// runs in (a stage's own name for a stage).
	Name  string
	Stage glue.Stage
	// Mean is the mean time per run; Share the part of the measured
	// time of all update and draw stages it took, from 0 to 1.
	Mean  time.Duration
	Share float64
}

// timingsFrom fills the timing figures from two readings of
// glue.App.Timings, taken before and after the period they describe.
func (f *Figures) timingsFrom(prev, cur []glue.StageTiming) {
	f.Stages, f.Systems = f.Stages[:0], f.Systems[:0]
	f.Update, f.Draw = 0, 0
	type sys struct {
		t     Timing
		spent time.Duration
	}
	var all []sys
	var total time.Duration
	var upRuns, drawRuns uint64
	for i, st := range cur {
		var p glue.StageTiming
		if i < len(prev) && prev[i].Stage == st.Stage {
			p = prev[i]
		}
		runs, spent := st.Runs-p.Runs, st.Spent-p.Spent
		if runs == 0 {
			continue
		}
		total += spent
		f.Stages = append(f.Stages, Timing{Name: string(st.Stage), Stage: st.Stage, Mean: spent / time.Duration(runs), Share: float64(spent)})
		if st.Draw {
			f.Draw += spent
			drawRuns = max(drawRuns, runs)
		} else {
			f.Update += spent
			upRuns = max(upRuns, runs)
		}
		for k, s := range st.Systems {
			var ps glue.SystemTiming
			if k < len(p.Systems) && p.Systems[k].Name == s.Name {
				ps = p.Systems[k]
			}
			if r := s.Runs - ps.Runs; r > 0 {
				d := s.Spent - ps.Spent
				all = append(all, sys{Timing{Name: s.Name, Stage: st.Stage, Mean: d / time.Duration(r), Share: float64(d)}, d})
			}
		}
	}
	if upRuns > 0 {
		f.Update /= time.Duration(upRuns)
	}
	if drawRuns > 0 {
		f.Draw /= time.Duration(drawRuns)
	}
	for i := range f.Stages {
		f.Stages[i].Share = share(f.Stages[i].Share, total)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].spent > all[j].spent })
	for i := range min(len(all), MaxSystems) {
		t := all[i].t
		t.Share = share(t.Share, total)
		f.Systems = append(f.Systems, t)
	}
}

func share(part float64, total time.Duration) float64 {
	if total <= 0 {
		return 0
	}
	return part / float64(total)
}

// Lines returns the overlay's text, one line a string, as it is drawn.
func (f *Figures) Lines() []string { return f.AppendLines(nil) }

// AppendLines appends the overlay's text to dst, one line a string.
func (f *Figures) AppendLines(dst []string) []string {
	head := fmt.Sprintf("FPS %.1f  TPS %.1f  tick %d", f.FPS, f.TPS, f.Tick)
	if f.Paused {
		head += "  PAUSED"
	}
	dst = append(dst,
		head,
		fmt.Sprintf("entities %d  archetypes %d", f.Entities, f.Archetypes),
		fmt.Sprintf("draw calls %d  vertices %d", f.DrawCalls, f.Vertices),
		fmt.Sprintf("heap %s%s  GC %d (%d pauses, max %s)", Bytes(f.HeapInUse), liveNote(f.HeapLive), f.GCCycles, f.GCPauses, Duration(f.GCPauseMax)),
		fmt.Sprintf("update %s/tick  draw %s/frame", Duration(f.Update), Duration(f.Draw)),
	)
	if len(f.Stages) > 0 {
		dst = append(dst, "stages, per run:")
		for _, s := range f.Stages {
			dst = append(dst, fmt.Sprintf("  %s %3.0f%%  %s", padLeft(Duration(s.Mean), 8), 100*s.Share, s.Name))
		}
	}
	if len(f.Systems) > 0 {
		dst = append(dst, "slowest systems, per run:")
		for _, s := range f.Systems {
			dst = append(dst, fmt.Sprintf("  %s %3.0f%%  %s", padLeft(Duration(s.Mean), 8), 100*s.Share, s.Name))
		}
	}
	return dst
}

// Duration formats a duration for the overlay: nanoseconds below 1 µs,
// microseconds with one decimal below 1 ms, then milliseconds with two.
func Duration(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.1fµs", float64(d)/float64(time.Microsecond))
	}
	return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
}

// Bytes formats a byte count for the overlay, in binary units.
func Bytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// padLeft pads s with spaces on the left to n runes.
func padLeft(s string, n int) string {
	if k := utf8.RuneCountInString(s); k < n {
		return strings.Repeat(" ", n-k) + s
	}
	return s
}

// keyHelp is the overlay's line of keys.
func keyHelp(k Keys, paused bool) string {
	pause := "pause"
	if paused {
		pause = "resume"
	}
	return strings.Join([]string{
		k.Overlay.String() + " hide", k.Inspector.String() + " inspector",
		k.Pause.String() + " " + pause, k.Step.String() + " step",
	}, "  ")
}

// liveNote is " (live N)" for the heap line, or nothing before the first
// collection.
func liveNote(live uint64) string {
	if live == 0 {
		return ""
	}
	return " (live " + Bytes(live) + ")"
}
