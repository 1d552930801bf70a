package diag

import (
	"image/color"
	"slices"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// RefreshEvery is how often the shown overlay and inspector read the
// app: its timings, the world, the heap.
const RefreshEvery = 250 * time.Millisecond

// graphLen is the number of frames in the frame-time graph.
const graphLen = 120

// Overlay is the state of the diagnostics overlay and the entity
// inspector, a resource the [Plugin] inserts. Its methods show, hide and
// drive them from a game's own systems or tests — the keys do the same
// ([Keys]) — and read what they show.
//
// The overlay shows [Figures]: frames and ticks per second with a graph
// of the last 120 frame times, the tick count, entities and archetypes,
// the last frame's draw calls and vertices, the heap and the GC, and the
// time of every stage and of the slowest systems. The inspector lists
// the world's entities with their component types (filtered by one
// type), and shows the selected entity's components with their values.
// A click in the world selects the entity drawn there ([Pick]); the
// selected entity is outlined.
type Overlay struct {
	app        *glue.App
	keys       Keys
	shown      bool
	inspecting bool
	textSize   float64 // screen pixels
	top        float64 // logical pixels left free for the game's HUD (Plugin.Top)
	profiling  bool    // the overlay turned the app's profiling on
	paused     bool    // the overlay's keys paused the app
	refreshNow bool

	rw      rewind
	pending []snapshot // to restore, by the frame system

	in    watch
	fig   Figures
	lines []string // the overlay's text
	ins   inspector
	last  time.Time
	timed [2][]glue.StageTiming
	mem   memReader
	at    map[string]string // atSystems, read at the first refresh

	frameAt time.Time
	frames  [graphLen]float64 // frame times, ms, a ring
	frameN  int

	// The last frame's layout, in logical pixels, for clicks.
	panels   []box
	rowsBox  box
	timeline box // the rewind's bar: a click rewinds to its tick
	rowH     float64
	rowFirst int
	charW    float64
	charSize float64 // the text size charW was measured at
}

// box is a rectangle of the logical screen.
type box struct{ x, y, w, h float64 }

func (b box) contains(x, y float64) bool {
	return x >= b.x && y >= b.y && x < b.x+b.w && y < b.y+b.h
}

// Shown reports whether the overlay is shown.
func (o *Overlay) Shown() bool { return o.shown }

// Show shows or hides the overlay from the next frame on.
func (o *Overlay) Show(on bool) {
	o.shown = on
	o.refreshNow = true
}

// Inspecting reports whether the inspector is shown.
func (o *Overlay) Inspecting() bool { return o.inspecting }

// Inspect shows or hides the inspector from the next frame on.
func (o *Overlay) Inspect(on bool) {
	o.inspecting = on
	o.refreshNow = true
}

// Selected returns the entity selected in the inspector, and false if
// none is or it has been despawned.
func (o *Overlay) Selected() (glue.Entity, bool) {
	e := o.ins.selected
	return e, e != 0 && o.app.Alive(e)
}

// Select selects e in the inspector (0 for none).
func (o *Overlay) Select(e glue.Entity) {
	o.ins.selected, o.ins.selectType = e, ""
	o.refreshNow = true
}

// Filter returns the component type the inspector's list is filtered by,
// or "" when it lists every entity.
func (o *Overlay) Filter() string { return o.ins.filter }

// SetFilter lists only the entities with a component of the named type
// in the inspector: its full name ("physics.Body", as glue.Type.Name
// gives it) or its name without the package ("Body"); "" lists all, and
// [ResourcesFilter] lists the app's resources with their values.
func (o *Overlay) SetFilter(typeName string) {
	o.ins.filter = typeName
	o.ins.scroll = 0
	o.refreshNow = true
}

// PickAt selects the entity drawn at the point (x, y) of the logical
// screen, as a click there does, and returns it; see [Pick]. It selects
// nothing and returns false if no entity is drawn there.
func (o *Overlay) PickAt(x, y float64) (glue.Entity, bool) {
	e, ok := Pick(o.app, x, y)
	if ok {
		o.Select(e)
	}
	return e, ok
}

// Refresh makes the next frame read the app afresh, rather than at most
// every RefreshEvery.
func (o *Overlay) Refresh() { o.refreshNow = true }

// Figures returns a copy of the overlay's figures as of its last refresh.
func (o *Overlay) Figures() Figures {
	f := o.fig
	f.Stages, f.Systems = slices.Clone(f.Stages), slices.Clone(f.Systems)
	return f
}

// OverlayText returns the overlay's text as of its last refresh, one line
// a string, and InspectorText the inspector's: its header, the listed
// entities (all of them, not only those that fit on screen) and the
// selected entity (see [Describe]).
func (o *Overlay) OverlayText() []string { return append([]string(nil), o.lines...) }

// InspectorText returns the inspector's text; see [Overlay.OverlayText].
func (o *Overlay) InspectorText() []string {
	out := append([]string(nil), o.inspectorHead()...)
	for _, r := range o.ins.rows {
		out = append(out, r.text)
	}
	return append(out, o.ins.details...)
}

func (o *Overlay) inspectorHead() []string {
	f := "all"
	if o.ins.filter != "" {
		f = o.ins.filter
	}
	what := " entities)"
	if o.ins.filter == ResourcesFilter {
		what = ")"
	}
	return []string{
		"INSPECTOR  " + o.keys.Inspector.String() + " close  " + o.keys.Filter.String() + " filter  click: select",
		"filter: " + f + "  (" + itoa(len(o.ins.rows)) + what,
	}
}

// frame (glue.Draw) reads the keys and the mouse and, while the overlay
// or the inspector is shown, refreshes the figures and adds the panels
// to the draw list.
func frame(p struct {
	O      glue.ResMut[Overlay]
	List   glue.ResMut[render.DrawList]
	Screen glue.Res[render.Screen]
	View   glue.Res[render.Viewport]
	Camera glue.Res[render.Camera]
	Cmds   glue.Commands
}) {
	o := p.O.Get()
	o.handleInput(p.View.Get(), p.Cmds)
	o.restore(p.Cmds)
	o.feed(p.Cmds)
	if !o.shown && !o.inspecting {
		if o.profiling {
			o.app.SetProfiling(false)
			o.profiling = false
		}
		o.frameAt = time.Time{}
		return
	}
	if !o.app.Profiling() {
		o.app.SetProfiling(true)
		o.profiling = true
	}
	now := time.Now()
	if !o.frameAt.IsZero() {
		o.frames[o.frameN%graphLen] = float64(now.Sub(o.frameAt)) / float64(time.Millisecond)
		o.frameN++
	}
	o.frameAt = now
	if o.refreshNow || now.Sub(o.last) >= RefreshEvery {
		o.refresh(now, p.List.Get().Stats())
	}
	o.draw(p.List.Get(), p.Screen.Get(), p.Camera.Get())
}

// handleInput applies the keys and the mouse. Hidden, it reads the two
// keys that show a panel and forgets the other inputs; shown, it reads
// every input every frame, so that one pressed while it means nothing (a
// click while the inspector is closed) is not taken later.
func (o *Overlay) handleInput(vp *render.Viewport, cmds glue.Commands) {
	w, k := &o.in, o.keys
	if w.pressed(inOverlay, k.Overlay) {
		o.Show(!o.shown)
	}
	if w.pressed(inInspector, k.Inspector) {
		o.Inspect(!o.inspecting)
	}
	if !o.shown && !o.inspecting {
		w.forget()
		if o.paused && o.app.Paused() { // no frozen game without a word
			o.stopResim(cmds)
			o.app.Resume()
		}
		o.paused = false
		return
	}
	pause, step, filter := w.pressed(inPause, k.Pause), w.pressed(inStep, k.Step), w.pressed(inFilter, k.Filter)
	click := w.clicked()
	if pause {
		if o.app.Paused() {
			o.stopResim(cmds)
			o.app.Resume()
		} else {
			o.app.Pause()
		}
		o.paused = o.app.Paused()
		o.refreshNow = true
	}
	if step {
		r := &o.rw
		shown := max(r.target, r.at) // the tick shown, or being re-simulated to
		switch {
		case o.app.Paused() && shift() && r.first != 0:
			o.Rewind(max(r.first, shown-1))
		case o.app.Paused() && shown < r.last:
			o.Rewind(shown + 1)
		case o.app.Paused():
			o.app.Step()
		default:
			o.app.Pause()
		}
		o.paused = true
		o.refreshNow = true
	}
	cx, cy := ebiten.CursorPosition()
	x, y := vp.ToLogical(float64(cx), float64(cy))
	if b := o.timeline; click && b.w > 0 && b.contains(x, y) {
		r := &o.rw
		o.Rewind(r.first + uint64((x-b.x)/b.w*float64(r.last-r.first+1)))
		return
	}
	if !o.inspecting {
		return
	}
	if filter {
		o.ins.cycleFilter(shift())
		o.refreshNow = true
	}
	if _, dy := ebiten.Wheel(); dy != 0 && o.rowsBox.contains(x, y) {
		o.ins.scroll = max(0, min(o.ins.scroll-int(dy*3), len(o.ins.rows)-1))
	}
	if click {
		o.click(x, y)
	}
}

// click selects the entity of a row of the list, or the entity drawn at
// the point if it is outside the panels.
func (o *Overlay) click(x, y float64) {
	if o.rowsBox.contains(x, y) && o.rowH > 0 {
		if i := o.rowFirst + int((y-o.rowsBox.y)/o.rowH); i >= 0 && i < len(o.ins.rows) && o.ins.rows[i].e != 0 {
			o.Select(o.ins.rows[i].e)
		}
		return
	}
	for _, b := range o.panels {
		if b.contains(x, y) {
			return
		}
	}
	o.PickAt(x, y)
}

// refresh reads the app: timings, counts, heap, and the world for the
// inspector.
func (o *Overlay) refresh(now time.Time, st render.Stats) {
	app := o.app
	o.last, o.refreshNow = now, false
	// The totals grow only while profiling is on, that is while shown:
	// the difference with the last reading is what was measured since.
	prev := o.timed[0]
	o.timed[1] = app.Timings(o.timed[1])
	o.fig.timingsFrom(prev, o.timed[1])
	o.timed[0], o.timed[1] = o.timed[1], prev
	f := &o.fig
	f.FPS, f.TPS = ebiten.ActualFPS(), ebiten.ActualTPS()
	f.Tick, f.Paused = app.Tick(), app.Paused()
	f.Entities, f.Archetypes = app.Len(), app.Archetypes()
	f.DrawCalls, f.Vertices = st.DrawCalls()-st.OverlayDrawCalls, st.Vertices-st.OverlayVertices
	o.mem.read(f)
	o.lines = f.AppendLines(o.lines[:0])
	o.lines = append(o.lines, keyHelp(o.keys, app.Paused()))
	if l := o.rewindLine(); l != "" {
		o.lines = append(o.lines, l)
	}
	o.lines = appendResourceLines(o.lines, app) // lines.go
	if o.inspecting {
		o.ins.refresh(app)
		if o.at == nil { // the systems do not change once the app is built
			o.at = atSystems(app)
		}
	}
}

// Colours of the panels (premultiplied alpha).
var (
	panelColor = color.RGBA{0, 0, 0, 235} // nearly opaque: the game's own text does not show through
	textColor  = color.RGBA{235, 235, 235, 255}
	headColor  = color.RGBA{255, 215, 90, 255}
	selColor   = color.RGBA{90, 200, 255, 255}
	goodColor  = color.RGBA{80, 200, 110, 255}
	slowColor  = color.RGBA{240, 190, 60, 255}
	badColor   = color.RGBA{230, 70, 60, 255}
	lineColor  = color.RGBA{120, 120, 120, 255}
)

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
