package physics_test

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// eventLog records, per tick, the contact events a reader in the logic
// stage saw, as "+a/b" (started) and "-a/b" (ended) with entity names.
type eventLog struct {
	ticks [][]string
}

// logEvents adds a reader of both events to the sim's logic stage.
func logEvents(s *sim) *eventLog {
	log := &eventLog{}
	s.app.AddSystems(logic, glue.Func(func(p struct {
		Started glue.Reader[physics.ContactStarted]
		Ended   glue.Reader[physics.ContactEnded]
	}) {
		var tick []string
		for _, e := range p.Started.Read() {
			tick = append(tick, "+"+s.nameOf(e.A)+"/"+s.nameOf(e.B))
		}
		for _, e := range p.Ended.Read() {
			tick = append(tick, "-"+s.nameOf(e.A)+"/"+s.nameOf(e.B))
		}
		log.ticks = append(log.ticks, tick)
	}).Named("test.Events").After(s.logic))
	return log
}

// of returns the events of one pair ("ball/goal") as tick and sign:
// "3+", "5-".
func (l *eventLog) of(pair string) []string {
	var out []string
	for i, t := range l.ticks {
		for _, e := range t {
			if e[1:] == pair {
				out = append(out, fmt.Sprintf("%d%c", i+1, e[0]))
			}
		}
	}
	return out
}

// flat returns the events with the tick they were seen in.
func (l *eventLog) flat() []string {
	var out []string
	for i, t := range l.ticks {
		for _, e := range t {
			out = append(out, fmt.Sprintf("%d%s", i+1, e))
		}
	}
	return out
}

func TestContactEventsBounce(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	log := logEvents(s)
	s.walls(200, 400, 4)
	// 5 px per tick towards the right wall, 20 px away (edge at 17):
	// the bounce is in tick 4 or 5.
	s.spawn("ball", ball(180, 200, 300, 0, 3)...)
	s.tick(12)
	got := log.flat()
	if len(got) != 2 || got[0][1:] != "+ball/right" || got[1][1:] != "-ball/right" {
		t.Fatalf("events = %v, want the ball starting and then ending a contact with the right wall", got)
	}
	var start, end int
	fmt.Sscanf(got[0], "%d", &start)
	fmt.Sscanf(got[1], "%d", &end)
	if end != start+1 {
		t.Errorf("bounce started in tick %d, ended in tick %d; a bounce touches for one step", start, end)
	}
	// The tick of ContactStarted is the tick Contacts lists the bounce.
	for _, c := range s.contacts {
		t.Errorf("contact %+v listed 7 ticks after the bounce", c)
	}
}

func TestContactEventsSensorAndDespawn(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	log := logEvents(s)
	s.walls(200, 400, 4)
	s.spawn("goal", physics.Body{Pos: physics.Vec{X: 100, Y: 200}}, physics.Collider{Shape: physics.Rect(200, 2), Sensor: true}, physics.Static{})
	s.spawn("ball", ball(50, 180, 0, 300, 3)...)
	// A kinematic pad resting on a static block: touching until the
	// block is despawned.
	s.spawn("pad", physics.Body{Pos: physics.Vec{X: 150, Y: 50}}, physics.Collider{Shape: physics.Rect(10, 10)})
	s.spawn("block", box(150, 54, 160, 64)...)
	s.tick(8)
	s.kill = append(s.kill, "block")
	s.tick(4)
	// The sensor is listed in two ticks (see TestKinematicAndSensorContacts):
	// started in the first, ended in the one after the second.
	goal := log.of("ball/goal")
	var a, b int
	if len(goal) == 2 {
		fmt.Sscanf(goal[0], "%d", &a)
		fmt.Sscanf(goal[1], "%d", &b)
	}
	if len(goal) != 2 || goal[0][len(goal[0])-1] != '+' || goal[1][len(goal[1])-1] != '-' || b != a+2 {
		t.Errorf("ball/goal events = %v, want a start and an end two ticks later", goal)
	}
	// The pad touches its block from the first step; the block is
	// despawned in tick 9's Input stage, so tick 9's step ends the pair.
	if pad := log.of("pad/block"); !slices.Equal(pad, []string{"1+", "9-"}) {
		t.Errorf("pad/block events = %v, want [1+ 9-]", pad)
	}
}

func TestLayersAndMasks(t *testing.T) {
	const (
		walls physics.Layers = 1 << iota
		balls
		ghosts
	)
	s := newSim(t, physics.Plugin{}, glue.Options{})
	log := logEvents(s)
	wall := box(200, 0, 204, 400)
	wall[1] = physics.Collider{Shape: physics.Rect(4, 400), Layers: walls}
	s.spawn("right", wall...)
	solid := ball(180, 100, 300, 0, 3)
	solid[1] = physics.Collider{Shape: physics.Circle(3), Layers: balls}
	s.spawn("solid", solid...)
	ghost := ball(180, 300, 300, 0, 3)
	ghost[1] = physics.Collider{Shape: physics.Circle(3), Layers: ghosts, Mask: balls}
	s.spawn("ghost", ghost...)
	// A kinematic paddle over the wall, on a layer that ignores walls.
	s.spawn("paddle", physics.Body{Pos: physics.Vec{X: 202, Y: 200}}, physics.Collider{Shape: physics.Rect(30, 6), Mask: balls | ghosts})
	s.tick(12)
	if v := s.body("solid").Vel.X; v >= 0 {
		t.Errorf("the solid ball did not bounce off the wall: vel x %v", v)
	}
	if g := s.body("ghost"); g.Vel.X != 300 || g.Pos.X < 210 {
		t.Errorf("the ghost ball (mask: balls only) was stopped by the wall: %+v", g)
	}
	if ev := log.of("solid/right"); len(ev) != 2 {
		t.Errorf("solid/right events = %v, want a start and an end", ev)
	}
	for _, e := range log.flat() {
		if e[len(e)-5:] != "right" || e[2:7] != "solid" {
			t.Errorf("event %s: only the solid ball may touch anything", e)
		}
	}
}

// TestContactEventsAllocateNothing checks a steady scene that bounces
// and ends contacts every few ticks: writing and reading the events
// allocates nothing.
func TestContactEventsAllocateNothing(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	started, ended := 0, 0
	s.app.AddSystems(logic, glue.Func(func(p struct {
		Started glue.Reader[physics.ContactStarted]
		Ended   glue.Reader[physics.ContactEnded]
	}) {
		started += p.Started.Len()
		ended += p.Ended.Len()
	}).Named("test.Count"))
	s.walls(60, 60, 4)
	s.spawn("ball", ball(30, 30, 310, 170, 3)...)
	s.tick(200)
	before := started
	if started < 10 || ended < 10 {
		t.Fatalf("only %d starts and %d ends in 200 ticks", started, ended)
	}
	// Mallocs counts the whole process's allocations, the runtime's and
	// the race detector's included: a tick that allocates does so in
	// every window of 300 ticks, a stray allocation of the process's in
	// one (make test saw 2 in one window, once). Three windows.
	var n uint64
	for range 3 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		mallocs := ms.Mallocs
		s.tick(300)
		runtime.ReadMemStats(&ms)
		if n = ms.Mallocs - mallocs; n == 0 {
			return
		}
	}
	t.Errorf("300 ticks with %d contact events allocated %d times (in each of 3 windows), want 0", started-before, n)
}
