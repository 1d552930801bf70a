package timer

import (
	"time"

	"github.com/gluekit/glue"
)

// Delta is a system param: the game time the current tick covers, read
// without the ceremony of the [Time] resource. A system takes it in place
// of glue.Res[timer.Time] and uses it where the delta is needed, with no
// first line to fetch it:
//
//	glue.Each1P(func(_ glue.Entity, b *Ball, dt timer.Delta) {
//		b.X += b.Speed * dt.Seconds()
//	})
//
// It reads the clock like glue.Res[timer.Time] does (systems taking it
// may run in parallel) and needs [Plugin]: an app without it fails to
// build with an error saying to add it. Its readings are the clock's
// [Time.Delta] and [Time.DeltaSeconds] for the tick being run.
type Delta struct {
	// Clock is the param that reads the clock; systems call
	// [Delta.Seconds] or [Delta.Duration] rather than reading it.
	Clock glue.Res[Time]
}

// Seconds returns the game time the current tick covers in seconds
// ([Time.DeltaSeconds]): 1/TPS in [Fixed] mode, scaled, zero while
// paused.
func (d Delta) Seconds() float64 { return d.Clock.Get().deltaSec }

// Duration returns the game time the current tick covers ([Time.Delta]),
// for ticking a [Timer].
func (d Delta) Duration() time.Duration { return d.Clock.Get().delta }
