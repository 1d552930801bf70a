package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Camera maps world coordinates onto the screen, a resource the plugin
// inserts and its flush system applies to every item on a layer below
// [LayerUI]. Its zero value is off: world coordinates are logical screen
// coordinates, as in a game without a camera; a game that starts with
// another sets [Plugin.Camera] (the plugin inserts the Camera, so
// inserting one of its own is a duplicate resource). Setting Zoom turns
// it on:
//
//	*cam = render.Camera{X: ship.X, Y: ship.Y, Zoom: 1}
//
// The world point (X, Y) is then shown at the centre of the [Viewport],
// magnified Zoom times and turned by Rotation. Bounds, if set, keep the
// view inside a world rectangle; [Camera.Shake] shakes it;
// [Camera.Follow] and the [FollowCamera] system move it towards a target
// smoothly. [Camera.ScreenToWorld] maps a pointer position back into the
// world.
type Camera struct {
	// X and Y are the world point at the centre of the view.
	X, Y float64
	// Zoom magnifies the world: 2 shows it twice as large. Zero turns
	// the camera off.
	Zoom float64
	// Rotation turns the camera clockwise by that many radians: the world
	// appears turned the other way.
	Rotation float64
	// Smoothing is how quickly [Camera.Follow] catches up with its
	// target: the fraction of the distance left after one second is
	// exp(-Smoothing). The default (zero) value snaps to the target.
	Smoothing float64
	// Bounds, if not empty (MaxX > MinX and MaxY > MinY), is the world
	// rectangle the view stays in (ignoring rotation): the centre is
	// clamped so that the view's edges do not cross it, or centred on it
	// when the view is larger.
	Bounds Rect
	// DeadW and DeadH are the size of the dead zone of [Camera.Track]:
	// a rectangle, in world units, centred on the view, inside which the
	// target moves without moving the camera.
	DeadW, DeadH float64
	// LookAhead is how far, in world units, [Camera.Track] looks ahead of
	// a target moving sideways: the view shifts that far in the
	// direction it last moved, smoothed.
	LookAhead float64

	// ahead is the current look-ahead offset, lastX the target's last x.
	ahead, lastX float64
	tracked      bool

	// viewW and viewH are the viewport's logical size, set each frame
	// by the plugin (and by SetViewSize).
	viewW, viewH float64
	// shake: amplitude in world units, time left and total, seconds.
	shakeAmp, shakeLeft, shakeTotal float64
	shakeX, shakeY                  float64
	shakeN                          uint32
	advanced                        bool // Advance ran since the last frame
}

// Rect is an axis-aligned rectangle in world coordinates.
type Rect struct {
	MinX, MinY, MaxX, MaxY float64
}

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.MaxX <= r.MinX || r.MaxY <= r.MinY }

// ProvidedBy returns "render.Plugin", the plugin that inserts the Camera.
func (Camera) ProvidedBy() string { return pluginName }

// MachineLocal marks Camera as this machine's (glue.MachineLocal): it
// fits the window it shows, so a rollback neither takes it back nor
// compares it. Rules must not read it.
func (Camera) MachineLocal() {}

// ConfiguredBy returns "render.Plugin.Camera", the option that sets the
// Camera's first value (glue.Configurable).
func (Camera) ConfiguredBy() string { return pluginName + ".Camera" }

// SetViewSize sets the size, in logical pixels, of the view the camera
// shows; the plugin sets it from the [Viewport] every frame. Tests and
// custom loops that flush a [DrawList] themselves call it.
func (c *Camera) SetViewSize(w, h float64) { c.viewW, c.viewH = w, h }

// ViewSize returns the size of the view in logical pixels.
func (c *Camera) ViewSize() (w, h float64) { return c.viewW, c.viewH }

// Center returns the world point at the centre of the view: (X, Y)
// clamped to Bounds, plus the shake.
func (c *Camera) Center() (x, y float64) {
	x, y = c.X, c.Y
	if !c.Bounds.Empty() && c.Zoom > 0 {
		hw, hh := c.viewW/2/c.Zoom, c.viewH/2/c.Zoom
		x = clampView(x, hw, c.Bounds.MinX, c.Bounds.MaxX)
		y = clampView(y, hh, c.Bounds.MinY, c.Bounds.MaxY)
	}
	return x + c.shakeX, y + c.shakeY
}

// View returns the world rectangle the camera shows, its rotation left
// out: ViewSize divided by Zoom, about Center. A camera whose Zoom is 0
// (not set up) shows the view size from the world's origin, as the draw
// list draws with it. Tile maps cull their cells to it.
func (c *Camera) View() Rect {
	if c.Zoom <= 0 {
		return Rect{MaxX: c.viewW, MaxY: c.viewH}
	}
	x, y := c.Center()
	hw, hh := c.viewW/2/c.Zoom, c.viewH/2/c.Zoom
	return Rect{MinX: x - hw, MinY: y - hh, MaxX: x + hw, MaxY: y + hh}
}

// clampView clamps a view centre x of half-size h to [lo, hi].
func clampView(x, h, lo, hi float64) float64 {
	if hi-lo <= 2*h {
		return (lo + hi) / 2
	}
	return min(max(x, lo+h), hi-h)
}

// affine returns the world-to-logical-screen transform: translate the
// centre to the origin, rotate by -Rotation, zoom, translate to the
// view's centre.
func (c *Camera) affine() affine {
	if c.Zoom == 0 {
		// Off: world coordinates are screen coordinates, moved by the
		// shake.
		return affine{a: 1, d: 1, tx: float32(-c.shakeX), ty: float32(-c.shakeY)}
	}
	cx, cy := c.Center()
	sin, cos := math.Sincos(-c.Rotation)
	z := c.Zoom
	a, b := z*cos, -z*sin
	cc, d := z*sin, z*cos
	return affine{
		a: float32(a), b: float32(b), c: float32(cc), d: float32(d),
		tx: float32(c.viewW/2 - (a*cx + b*cy)),
		ty: float32(c.viewH/2 - (cc*cx + d*cy)),
	}
}

// WorldToScreen maps a world point to logical screen coordinates.
func (c *Camera) WorldToScreen(x, y float64) (sx, sy float64) {
	if c.Zoom == 0 {
		return x - c.shakeX, y - c.shakeY
	}
	cx, cy := c.Center()
	sin, cos := math.Sincos(-c.Rotation)
	dx, dy := x-cx, y-cy
	return c.viewW/2 + c.Zoom*(cos*dx-sin*dy), c.viewH/2 + c.Zoom*(sin*dx+cos*dy)
}

// ScreenToWorld maps logical screen coordinates — a cursor or touch
// position converted with [Viewport.ToLogical] — to the world point
// shown there.
func (c *Camera) ScreenToWorld(sx, sy float64) (x, y float64) {
	if c.Zoom == 0 {
		return sx + c.shakeX, sy + c.shakeY
	}
	cx, cy := c.Center()
	sin, cos := math.Sincos(c.Rotation)
	dx, dy := (sx-c.viewW/2)/c.Zoom, (sy-c.viewH/2)/c.Zoom
	return cx + cos*dx - sin*dy, cy + sin*dx + cos*dy
}

// GeoM returns the camera's world-to-screen transform for a custom draw
// ([DrawList.AddFunc]) on a screen of scale screen pixels per logical
// pixel ([Screen].Scale).
func (c *Camera) GeoM(scale float64) ebiten.GeoM {
	g := c.affine().geoM()
	g.Scale(scale, scale)
	return g
}

// Follow moves the camera towards the world point (x, y) over dt seconds
// of game time, by Smoothing (see [Camera]).
func (c *Camera) Follow(x, y, dt float64) {
	if c.Smoothing <= 0 {
		c.X, c.Y = x, y
		return
	}
	k := 1 - math.Exp(-c.Smoothing*dt)
	c.X += (x - c.X) * k
	c.Y += (y - c.Y) * k
}

// Track moves the camera to keep the world point (x, y), a target that
// moves, in view: the camera moves only when the target leaves the dead
// zone (DeadW × DeadH around the view's centre), looks LookAhead ahead in
// the direction the target last moved sideways, and gets there smoothly
// ([Camera.Follow], by Smoothing over dt seconds). With Bounds set the
// camera's point stays where the view fits inside them, so that it does
// not lag behind at the edges. [FollowTarget] calls it every tick.
func (c *Camera) Track(x, y, dt float64) {
	if !c.tracked {
		c.tracked, c.lastX = true, x
		c.X, c.Y = x, y
	}
	if dx := x - c.lastX; dx > 1e-3 {
		c.ahead += (c.LookAhead - c.ahead) * min(1, 4*dt)
	} else if dx < -1e-3 {
		c.ahead += (-c.LookAhead - c.ahead) * min(1, 4*dt)
	}
	c.lastX = x
	gx, gy := c.X, c.Y
	hx, hy := c.DeadW/2, c.DeadH/2
	tx := x + c.ahead
	switch {
	case tx > c.X+hx:
		gx = tx - hx
	case tx < c.X-hx:
		gx = tx + hx
	}
	switch {
	case y > c.Y+hy:
		gy = y - hy
	case y < c.Y-hy:
		gy = y + hy
	}
	c.Follow(gx, gy, dt)
	if !c.Bounds.Empty() && c.Zoom > 0 {
		c.X = clampView(c.X, c.viewW/2/c.Zoom, c.Bounds.MinX, c.Bounds.MaxX)
		c.Y = clampView(c.Y, c.viewH/2/c.Zoom, c.Bounds.MinY, c.Bounds.MaxY)
	}
}

// Shake starts shaking the view by up to amplitude world units, fading
// out over seconds of game time. It works on the camera switched off
// (Zoom 0) too: the world is drawn moved by the shake. The plugin
// advances it before each frame, by the game clock if the app has
// timer.Plugin, unless [UpdateCamera] (or a call of Advance) did since
// the last frame.
func (c *Camera) Shake(amplitude, seconds float64) {
	if amplitude <= 0 || seconds <= 0 {
		return
	}
	c.shakeAmp, c.shakeLeft, c.shakeTotal = amplitude, seconds, seconds
}

// Shaking reports whether a shake is under way.
func (c *Camera) Shaking() bool { return c.shakeLeft > 0 }

// Advance advances the shake by dt seconds of game time: the view's
// offset is a new pseudo-random point within the fading amplitude every
// call. [UpdateCamera] calls it every tick; the plugin calls it before a
// frame if nothing else did.
func (c *Camera) Advance(dt float64) {
	c.advanced = true
	if c.shakeLeft <= 0 {
		c.shakeX, c.shakeY = 0, 0
		return
	}
	if dt <= 0 { // paused: hold still
		return
	}
	c.shakeLeft = max(0, c.shakeLeft-dt)
	amp := c.shakeAmp * c.shakeLeft / c.shakeTotal
	c.shakeN++
	// A deterministic sequence (an integer hash), so that replays and
	// tests shake the same way.
	h := c.shakeN * 2654435761
	fx := float64(h>>16&0xffff)/0xffff*2 - 1
	fy := float64(h&0xffff)/0xffff*2 - 1
	c.shakeX, c.shakeY = amp*fx, amp*fy
}
