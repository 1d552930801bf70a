package diag

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// RewindStage is the stage the plugin adds after glue.Last for
// [RewindSystem]: it sees each tick's final world.
const RewindStage glue.Stage = "diag.Rewind"

// RewindSystem (RewindStage) keeps the history while a panel is shown:
// every tick's input.Devices and, every Plugin.RewindEvery ticks, a
// snapshot of the world (save.Saves.Snapshot). While the rewind
// re-simulates, it writes the next tick's recorded input instead. It
// runs only while a panel is shown or a history is kept (glue.If).
var RewindSystem = glue.NewLabel("diag.rewind")

// Rewind's defaults.
const (
	// DefaultRewind is how far back the rewind goes.
	DefaultRewind = 10 * time.Second
	// DefaultRewindEvery is the number of ticks between two snapshots.
	DefaultRewindEvery = 10
	// DefaultRewindBytes is the most memory the snapshots take: beyond
	// it the oldest go, and the history is shorter than Plugin.Rewind.
	DefaultRewindBytes = 32 << 20
)

// snapshot is the world after a tick.
type snapshot struct {
	tick uint64
	data []byte
}

// rewind is the history of the last ticks and the place in it shown.
type rewind struct {
	keep, every int // ticks kept, ticks between snapshots; keep 0: off
	budget      int // the most bytes of snapshots
	saves       *save.Saves
	inputs      []input.Devices // by tick % len(inputs)
	snaps       []snapshot      // oldest first
	first, last uint64          // the ticks in history (first == 0: none)
	at          uint64          // the tick shown: last unless rewound
	target      uint64          // re-simulating up to it, when > at
	fed         uint64          // the tick whose recorded input was last written
	bytes       int             // the snapshots' bytes
	chain       []glue.Entity   // the ids the selected entity had, newest first
	err         error           // the last snapshot's or restore's
}

// on reports whether the app can rewind: it has save.Plugin.
func (r *rewind) on() bool { return r.keep > 0 && r.saves != nil }

// reset forgets the history and lets its memory go.
func (r *rewind) reset() {
	r.snaps, r.inputs = nil, nil
	r.first, r.last, r.at, r.target, r.fed, r.bytes = 0, 0, 0, 0, 0, 0
	r.chain = r.chain[:0]
}

// memory returns the bytes the history holds: the snapshots and the
// recorded input.
func (r *rewind) memory() int {
	if len(r.inputs) == 0 {
		return r.bytes
	}
	return r.bytes + len(r.inputs)*int(unsafe.Sizeof(input.Devices{}))
}

// History reports the ticks the rewind can show, first to last (0, 0
// when it holds none: the panels were hidden, or the app has no
// save.Plugin), the tick shown (last, unless rewound) and the bytes the
// history takes. Ticks are counted from when the history started.
func (o *Overlay) History() (first, last, at uint64, bytes int) {
	r := &o.rw
	return r.first, r.last, r.at, r.memory()
}

// Rewind shows the world as it was after tick (of [Overlay.History]):
// it pauses the app, restores the last snapshot at or before tick and
// re-simulates the ticks from it to tick with their recorded input, one
// tick per glue.App.Update. Resumed from there, the game plays on with
// the live input, and the history after tick is dropped (a new branch).
// It returns an error, and does nothing, if tick is not in the history.
func (o *Overlay) Rewind(tick uint64) error {
	r := &o.rw
	if !r.on() {
		return fmt.Errorf("diag: rewind needs save.Plugin (the snapshots are saves in memory) and Plugin.Rewind not negative")
	}
	if r.first == 0 || tick < r.first || tick > r.last {
		return fmt.Errorf("diag: cannot rewind to tick %d: the history holds ticks %d to %d", tick, r.first, r.last)
	}
	o.app.Pause()
	o.paused = true
	o.refreshNow = true
	if r.target > r.at { // a re-simulation under way: drop its steps
		o.app.Resume()
		o.app.Pause()
		r.target = r.at
	}
	if tick > r.at && r.snapBefore(tick).tick <= r.at {
		// Forward from the tick shown: no restore.
		o.resim(tick)
		return nil
	}
	s := r.snapBefore(tick)
	o.pending = append(o.pending, s)
	r.at, r.fed = s.tick, 0
	// The ticks to re-simulate are let run once the snapshot is restored
	// (restore): called between a frame and the next tick, Steps taken now
	// would let that tick run on the world not yet restored.
	r.target = tick
	return nil
}

// resim re-simulates from the tick shown to tick.
func (o *Overlay) resim(tick uint64) {
	r := &o.rw
	r.target = tick
	for range tick - r.at {
		o.app.Step()
	}
}

// Timeline returns where the overlay drew the rewind's timeline in the
// last frame, in logical pixels (a zero width if it did not): a click on
// it rewinds to the tick under the pointer.
func (o *Overlay) Timeline() (x, y, w, h float64) {
	b := o.timeline
	return b.x, b.y, b.w, b.h
}

// Rewinding reports whether the tick shown is not the last one: the app
// shows the past, or is re-simulating toward the tick asked for.
func (o *Overlay) Rewinding() bool { return o.rw.at != o.rw.last || o.rw.target > o.rw.at }

// snapBefore returns the last snapshot at or before tick.
func (r *rewind) snapBefore(tick uint64) snapshot {
	s := r.snaps[0]
	for _, x := range r.snaps {
		if x.tick > tick {
			break
		}
		s = x
	}
	return s
}

// restore queues the snapshots asked for (the last one counts) as an
// exclusive command of the frame system's.
func (o *Overlay) restore(cmds glue.Commands) {
	if len(o.pending) == 0 {
		return
	}
	s := o.pending[len(o.pending)-1]
	o.pending = o.pending[:0]
	r := &o.rw
	sel := o.ins.selected
	if len(r.chain) == 0 || r.chain[0] != sel {
		r.chain = append(r.chain[:0], sel)
	}
	cmds.Exclusive(func(w *glue.World) error {
		if r.target <= r.at { // nothing to re-simulate: the devices are read again
			dropExternal(w)
		}
		newID, err := r.saves.Restore(w, s.data)
		r.err = err
		if err != nil {
			r.target = r.at // nothing to re-simulate from
			dropExternal(w)
			return nil // shown in the overlay; the world is as it was
		}
		for range r.target - r.at { // the re-simulation's ticks, from the restored world
			o.app.Step()
		}
		// The selected entity gets a new id: the snapshot knows it by
		// one of those it had.
		for _, id := range r.chain {
			if n := newID(id); n != 0 && id != 0 {
				r.chain = append([]glue.Entity{n}, r.chain...)
				if len(r.chain) > 64 {
					r.chain = r.chain[:64]
				}
				o.ins.selected = n
				break
			}
		}
		o.refreshNow = true
		return nil
	})
}

// record (RewindStage) keeps the history while a panel is shown, and
// counts the ticks re-simulated.
func record(p struct {
	O     glue.ResMut[Overlay]
	Saves glue.Opt[save.Saves]
	Ext   glue.Opt[input.External]
	Cmds  glue.Commands
}) {
	o := p.O.Get()
	r := &o.rw
	if r.saves == nil {
		r.saves = p.Saves.Get()
	}
	// A replay (modules/replay) writes the devices: its ticks are the
	// recording's, not to be rewound.
	replaying := false
	if x := p.Ext.Get(); x != nil && x.By != external {
		replaying = true
	}
	if !o.shown && !o.inspecting || !r.on() || replaying {
		if r.first != 0 {
			r.reset()
		}
		return
	}
	if r.target > r.at { // a tick re-simulated
		r.at++
		if r.at == r.target {
			p.Cmds.Exclusive(dropExternal)
		}
		o.feed(p.Cmds)
		o.refreshNow = true
		return
	}
	if r.at != r.last { // resumed in the past: a new branch
		r.truncate(r.at)
	}
	r.last++
	if r.first == 0 {
		r.first, r.last = 1, 1
	}
	r.at = r.last
	if len(r.inputs) == 0 {
		r.inputs = make([]input.Devices, r.keep+r.every)
	}
	tick := r.last
	p.Cmds.Exclusive(func(w *glue.World) error {
		if d, _ := w.Resource(glue.TypeOf[input.Devices]()).(*input.Devices); d != nil {
			r.inputs[tick%uint64(len(r.inputs))].CopyFrom(d)
		}
		if (tick-r.first)%uint64(r.every) != 0 && len(r.snaps) > 0 {
			return nil
		}
		data, err := r.saves.Snapshot(w)
		if err != nil {
			r.err = err
			return nil
		}
		r.snaps = append(r.snaps, snapshot{tick, data})
		r.bytes += len(data)
		// Drop the snapshots no longer needed for the last keep ticks,
		// and the oldest beyond the budget.
		for len(r.snaps) > 1 && (r.snaps[1].tick+uint64(r.keep) <= tick+1 || r.bytes > r.budget) {
			r.bytes -= len(r.snaps[0].data)
			r.snaps[0] = snapshot{} // let it go: the array keeps its place
			r.snaps = r.snaps[1:]
		}
		r.first = r.snaps[0].tick
		return nil
	})
}

// truncate drops the history after tick.
func (r *rewind) truncate(tick uint64) {
	for len(r.snaps) > 0 && r.snaps[len(r.snaps)-1].tick > tick {
		r.bytes -= len(r.snaps[len(r.snaps)-1].data)
		r.snaps[len(r.snaps)-1] = snapshot{}
		r.snaps = r.snaps[:len(r.snaps)-1]
	}
	r.last = tick
}

// feed queues the writing of the recorded input of the next tick to
// re-simulate, with the devices left unread (input.External).
func (o *Overlay) feed(cmds glue.Commands) {
	r := &o.rw
	if r.target <= r.at || r.fed == r.at+1 || len(r.inputs) == 0 {
		return
	}
	r.fed = r.at + 1
	in := &r.inputs[r.fed%uint64(len(r.inputs))]
	cmds.Exclusive(func(w *glue.World) error {
		if _, ok := w.Resource(glue.TypeOf[input.External]()).(*input.External); !ok {
			if err := w.InsertResource(input.External{By: external}); err != nil {
				return err
			}
		}
		if d, _ := w.Resource(glue.TypeOf[input.Devices]()).(*input.Devices); d != nil {
			d.CopyFrom(in)
		}
		return nil
	})
}

// external is input.External's By while the rewind re-simulates.
const external = "diag's rewind"

// dropExternal removes the rewind's input.External: the devices are read
// again.
func dropExternal(w *glue.World) error {
	t := glue.TypeOf[input.External]()
	if x, _ := w.Resource(t).(*input.External); x != nil && x.By == external {
		w.RemoveResource(t)
	}
	return nil
}

// stopResim stops a re-simulation under way: the app was resumed.
func (o *Overlay) stopResim(cmds glue.Commands) {
	if r := &o.rw; r.target > r.at {
		r.target = r.at
		cmds.Exclusive(dropExternal)
	}
}

// rewindLine is the overlay's line about the history.
func (o *Overlay) rewindLine() string {
	r := &o.rw
	if !r.on() || r.first == 0 {
		return ""
	}
	secs := float64(r.last-r.first+1) / float64(ebiten.TPS())
	line := fmt.Sprintf("rewind %d/%d-%d (%.1f s) %s", r.at, r.first, r.last, secs, Bytes(uint64(r.memory())))
	if o.app.Paused() {
		line += "  Shift+" + o.keys.Step.String() + " back, click the bar"
	}
	if r.err != nil {
		line += " ERROR " + r.err.Error()
	}
	return line
}

// keeping is RewindSystem's condition: a panel is shown, or a history
// is kept (to be dropped).
func keeping(o glue.Res[Overlay]) bool {
	v := o.Get()
	return v.shown || v.inspecting || v.rw.first != 0
}
