package timer

import (
	"time"

	"github.com/gluekit/glue"
)

// Lifetime is a component that despawns its entity when its timer
// finishes: a popup, a flash, a short-lived hitbox — spawned and then
// forgotten, with no despawn system of the game's own. [Plugin] advances
// it with the clock, in glue.First after the other timers
// ([LifetimesSystem]); the entity is despawned at the end of that
// stage, so the systems of the tick in which it runs out no longer see
// it.
//
//	cmds.Spawn(Popup{Text: "+100"}, timer.DespawnAfter(800*time.Millisecond))
//
// Its Timer may be read (Fraction, Remaining) to fade the entity out.
type Lifetime struct {
	Timer
}

// DespawnAfter returns a [Lifetime] of d of game time.
func DespawnAfter(d time.Duration) Lifetime { return Lifetime{NewTimer(d, Once)} }

// LifetimesSystem advances every [Lifetime] and despawns the entities
// whose lifetime ran out. It is in glue.First after [TimersSystem].
var LifetimesSystem = glue.NewLabel("timer.lifetimes")

// expire (glue.First, after the timers) advances one Lifetime and
// despawns its entity when it has run out.
func expire(e glue.Entity, l *Lifetime, p struct {
	Time glue.Res[Time]
	Cmds glue.Commands
}) {
	l.Tick(p.Time.Get().delta)
	if l.Finished() {
		p.Cmds.Despawn(e)
	}
}
