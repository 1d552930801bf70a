package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// EmitShape is the area an [Emitter] emits its particles from.
type EmitShape uint8

const (
	// EmitPoint emits every particle at the emitter's position. It is
	// the default.
	EmitPoint EmitShape = iota
	// EmitCircle emits from a random point of the disc of
	// Emitter.Radius about the position.
	EmitCircle
	// EmitRect emits from a random point of the Emitter.W × Emitter.H
	// rectangle centred on the position.
	EmitRect
)

// DefaultMaxParticles is [Emitter.Max] when it is zero.
const DefaultMaxParticles = 1024

// Emitter is a component that emits and holds particles: sparks,
// smoke, debris. [UpdateParticles] emits, ages and moves them by the game
// clock; [DrawParticles] draws them, all of one emitter as one item of
// the [DrawList] (its layer and Z), batched with the shapes or the
// sprites of the same atlas page. An emitter's particles live in a pool
// of Max, allocated once, on its first update: emitting and drawing then
// allocate nothing.
//
//	cmds.Spawn(render.Emitter{X: x, Y: y, Burst: 300, Speed: 120, SpeedSpread: 60,
//		AngleSpread: math.Pi, Lifetime: 0.6, Drag: 2, Size: 3,
//		Color: color.RGBA{255, 200, 80, 255}})
//
// Speeds are in world units per second, angles in radians clockwise from
// +x (y grows downwards), times in seconds of game time. A "spread"
// field is the most a particle's value differs from the base, either
// way, picked at random.
type Emitter struct {
	// X and Y are where particles are emitted, in world coordinates (on
	// a UI layer, screen coordinates). Moving the emitter does not move
	// the particles already emitted.
	X, Y float64
	// Shape is the area the particles start from: EmitPoint, EmitCircle
	// (of Radius) or EmitRect (W × H).
	Shape                    EmitShape
	Radius                   float64
	W, H                     float64
	Rate                     float64 // particles emitted per second, continuously
	Burst                    int     // particles emitted at the next update, at once; the update sets it back to 0
	Max                      int     // the most particles alive at once; the default (zero) is DefaultMaxParticles
	Seed                     uint64  // seeds the emitter's random numbers; the same seed gives the same particles
	Paused                   bool    // stops emitting; the particles alive go on
	Lifetime, LifetimeSpread float64
	Speed, SpeedSpread       float64
	Angle, AngleSpread       float64
	// GravityX and GravityY accelerate every particle, in world units
	// per second squared (GravityY > 0 pulls down).
	GravityX, GravityY float64
	// Drag slows the particles: the fraction of their speed left after
	// one second is exp(-Drag).
	Drag float64
	// Color is a particle's colour when it is emitted and ColorEnd when
	// its life ends, blended in between (premultiplied, as every colour
	// here). The default (zero) ColorEnd is transparent: particles fade
	// out; set it to Color to keep the colour.
	Color, ColorEnd color.RGBA
	// Size is a particle's width when emitted and SizeEnd when its life
	// ends (the default, zero, keeps Size), blended in between; a sprite
	// particle keeps its image's proportions.
	Size, SizeEnd float64
	// Rotation and RotationSpread turn a particle when emitted; Spin
	// and SpinSpread turn it on, in radians per second.
	Rotation, RotationSpread float64
	Spin, SpinSpread         float64
	// Image, if not zero, is drawn for each particle; else a shape: a
	// square, or a disc if Round.
	Image Image
	Round bool
	// Layer and Z order the particles among the frame's items.
	Layer, Z int
	// DespawnWhenDone despawns the emitter's entity once it emits no
	// more (no Burst left, Rate zero or Paused) and its last particle
	// has died: a burst that is spawned and forgotten.
	//
	//	cmds.Spawn(render.Emitter{X: x, Y: y, Burst: 60, Lifetime: 0.5,
	//		Speed: 90, AngleSpread: math.Pi, Size: 2, DespawnWhenDone: true})
	DespawnWhenDone bool

	parts []particle
	rng   uint64
	carry float64 // the fraction of a particle owed by Rate
}

// particle is one live particle; float32 keeps 100,000 of them in 3 MB.
type particle struct {
	x, y, vx, vy float32
	age, life    float32
	rot, spin    float32
}

// Len returns the number of live particles.
func (e *Emitter) Len() int { return len(e.parts) }

// Clear removes every live particle.
func (e *Emitter) Clear() { e.parts = e.parts[:0] }

// max returns the emitter's pool size.
func (e *Emitter) max() int {
	if e.Max > 0 {
		return e.Max
	}
	return DefaultMaxParticles
}

// rand returns a pseudo-random number in [0, 1) (splitmix64).
func (e *Emitter) rand() float64 {
	e.rng += 0x9e3779b97f4a7c15
	z := e.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return float64(z>>11) / (1 << 53)
}

// spread returns base plus a random amount within ±s.
func (e *Emitter) spread(base, s float64) float64 {
	if s == 0 {
		return base
	}
	return base + s*(2*e.rand()-1)
}

// Advance emits, ages and moves the particles by dt seconds. A
// negative or zero dt (the clock paused) changes nothing.
// [UpdateParticles] calls it every tick with the game clock's step.
func (e *Emitter) Advance(dt float64) {
	if e.parts == nil {
		e.parts = make([]particle, 0, e.max())
		e.rng = e.Seed
	}
	if dt <= 0 {
		return
	}
	// Age, move and drop the dead: a dead particle is replaced by the
	// last, so the pool stays dense.
	fdt := float32(dt)
	gx, gy := float32(e.GravityX*dt), float32(e.GravityY*dt)
	drag := float32(1)
	if e.Drag > 0 {
		drag = float32(math.Exp(-e.Drag * dt))
	}
	ps := e.parts
	for i := 0; i < len(ps); {
		p := &ps[i]
		p.age += fdt
		if p.age >= p.life {
			ps[i] = ps[len(ps)-1]
			ps = ps[:len(ps)-1]
			continue
		}
		p.vx = (p.vx + gx) * drag
		p.vy = (p.vy + gy) * drag
		p.x += p.vx * fdt
		p.y += p.vy * fdt
		i++
	}
	e.parts = ps
	n := e.Burst
	e.Burst = 0
	if e.Rate > 0 && !e.Paused {
		e.carry += e.Rate * dt
		k := math.Floor(e.carry)
		e.carry -= k
		n += int(k)
	}
	e.Emit(n)
}

// Done reports whether the emitter has nothing left to show: no Burst
// to emit, no Rate (or Paused), and no live particle.
func (e *Emitter) Done() bool {
	return e.Burst == 0 && (e.Rate <= 0 || e.Paused) && len(e.parts) == 0
}

// Emit emits n particles now, as many as the pool has room for.
func (e *Emitter) Emit(n int) {
	if e.parts == nil {
		e.parts = make([]particle, 0, e.max())
		e.rng = e.Seed
	}
	n = min(n, cap(e.parts)-len(e.parts))
	for range n {
		x, y := e.X, e.Y
		switch e.Shape {
		case EmitCircle:
			r := e.Radius * math.Sqrt(e.rand())
			s, c := math.Sincos(2 * math.Pi * e.rand())
			x, y = x+r*c, y+r*s
		case EmitRect:
			x += (e.rand() - 0.5) * e.W
			y += (e.rand() - 0.5) * e.H
		}
		speed := e.spread(e.Speed, e.SpeedSpread)
		s, c := math.Sincos(e.spread(e.Angle, e.AngleSpread))
		life := e.spread(e.Lifetime, e.LifetimeSpread)
		if life <= 0 {
			continue
		}
		e.parts = append(e.parts, particle{
			x: float32(x), y: float32(y), vx: float32(speed * c), vy: float32(speed * s),
			life: float32(life),
			rot:  float32(e.spread(e.Rotation, e.RotationSpread)),
			spin: float32(e.spread(e.Spin, e.SpinSpread)),
		})
	}
}

// validate reports settings that cannot draw or emit.
func (e *Emitter) validate() error {
	if e.Lifetime <= 0 && (e.Rate > 0 || e.Burst > 0) {
		return fmt.Errorf("render: Emitter.Lifetime must be positive to emit, got %v; set it in seconds", e.Lifetime)
	}
	return nil
}

// particleRun is one emitter's particles in a DrawList, with what
// drawing them needs: their atlas region and height-to-width ratio,
// their half-size and colour (0 to 1, premultiplied) at birth and the
// change over a life, and for round particles the largest half-size.
type particleRun struct {
	parts              []particle
	sx0, sy0, sx1, sy1 float32
	aspect             float32
	round              bool
	maxHalf            float32
	s0, ds             float32
	c0, dc             [4]float32
}

// AddParticles adds e's live particles to the list, as one item on e's
// Layer and Z. The particles are read when the list is flushed: e must
// not change before then (the draw stages run no update).
func (d *DrawList) AddParticles(e *Emitter) {
	if len(e.parts) == 0 {
		return
	}
	run := particleRun{parts: e.parts, aspect: 1, round: e.Round && e.Image.IsZero()}
	page := uint16(0)
	if img := e.Image; !img.IsZero() && img.w > 0 && img.h > 0 {
		page = img.page
		run.sx0, run.sy0 = float32(img.x), float32(img.y)
		run.sx1, run.sy1 = run.sx0+float32(img.w), run.sy0+float32(img.h)
		run.aspect = float32(img.h) / float32(img.w)
	} else {
		run.sx0, run.sy0, run.sx1, run.sy1 = whiteX, whiteY, whiteX, whiteY
	}
	s0 := float32(e.Size) / 2
	s1 := s0
	if e.SizeEnd != 0 {
		s1 = float32(e.SizeEnd) / 2
	}
	run.s0, run.ds, run.maxHalf = s0, s1-s0, max(s0, s1)
	c0, c1 := e.Color, e.ColorEnd
	run.c0 = [4]float32{float32(c0.R) / 255, float32(c0.G) / 255, float32(c0.B) / 255, float32(c0.A) / 255}
	run.dc = [4]float32{float32(c1.R)/255 - run.c0[0], float32(c1.G)/255 - run.c0[1], float32(c1.B)/255 - run.c0[2], float32(c1.A)/255 - run.c0[3]}
	d.runs = append(d.runs, run)
	d.items = append(d.items, item{z: e.Z, layer: int32(e.Layer), ref: int32(len(d.runs) - 1), page: page, kind: kindParticles})
}

// growTo returns s extended to length n, reusing its memory if it can.
func growTo[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	g := make([]T, n, max(n, 2*cap(s)))
	copy(g, s)
	return g
}

// fastSincos returns sin and cos of a, within 0.001: enough to turn a
// particle, at a fraction of math.Sincos's cost. The particle loop
// inlines its pieces by hand: a call spills the loop's float registers.
func fastSincos(a float32) (sin, cos float32) {
	a = wrapAngle(a)
	return parabolicSin(a), parabolicSin(quarterOn(a))
}

// wrapAngle returns a reduced to [-π, π].
func wrapAngle(a float32) float32 {
	const twoPi = 2 * math.Pi
	return a - twoPi*floor32(a/twoPi+0.5)
}

// quarterOn returns a + π/2 (for cos(a) = sin(a + π/2)), kept in
// [-π, π] for an a in [-π, π].
func quarterOn(a float32) float32 {
	a += math.Pi / 2
	if a > math.Pi {
		a -= 2 * math.Pi
	}
	return a
}

// parabolicSin approximates sin on [-π, π] by a parabola refined once.
func parabolicSin(x float32) float32 {
	const b, c = 4 / math.Pi, -4 / (math.Pi * math.Pi)
	y := b*x + c*x*abs32(x)
	return 0.225*(y*abs32(y)-y) + y
}

// floor32 returns math.Floor(x) for |x| < 2⁶³ (any angle a particle
// reaches), without the round trip through float64.
func floor32(x float32) float32 {
	f := float32(int64(x))
	if f > x {
		f--
	}
	return f
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// appendParticles appends the vertices of a particle run, mapped by m,
// culled against v's clip on world layers, and returns how many quads it
// appended.
func (d *DrawList) appendParticles(it *item, m *affine, v *view) int {
	run := &d.runs[it.ref]
	sx0, sy0, sx1, sy1 := run.sx0, run.sy0, run.sx1, run.sy1
	grow := float32(1)
	if run.round {
		disc := discFor(run.maxHalf * float32(math.Hypot(float64(m.a), float64(m.c))))
		grow = (disc.r + 1) / disc.r
		sx0, sy0 = disc.cx-disc.r-1, disc.cy-disc.r-1
		sx1, sy1 = disc.cx+disc.r+1, disc.cy+disc.r+1
	}
	cull := v.cull && it.layer < LayerUI
	asp := run.aspect
	s0, ds := run.s0*grow, run.ds*grow
	c0, dc := run.c0, run.dc
	n0 := len(d.verts)
	d.verts = growTo(d.verts, n0+4*len(run.parts))
	out := d.verts[n0:]
	k := 0
	for i := range run.parts {
		p := &run.parts[i]
		t := p.age / p.life
		// u is half the width, w half the height (u turned a quarter).
		h := s0 + ds*t
		ux, uy := h, float32(0)
		if a := p.rot + p.spin*p.age; a != 0 {
			// fastSincos(a), its pieces inlined (it is too big to be).
			a = wrapAngle(a)
			s, c := parabolicSin(a), parabolicSin(quarterOn(a))
			ux, uy = h*c, h*s
		}
		wx, wy := -uy*asp, ux*asp
		cx, cy := m.apply(p.x, p.y)
		// The linear part of m maps the vectors.
		mux, muy := m.a*ux+m.b*uy, m.c*ux+m.d*uy
		mwx, mwy := m.a*wx+m.b*wy, m.c*wx+m.d*wy
		if cull {
			ex, ey := abs32(mux)+abs32(mwx), abs32(muy)+abs32(mwy)
			if cx+ex <= v.x0 || cy+ey <= v.y0 || cx-ex >= v.x1 || cy-ey >= v.y1 {
				continue
			}
		}
		r, g, b, a := c0[0]+dc[0]*t, c0[1]+dc[1]*t, c0[2]+dc[2]*t, c0[3]+dc[3]*t
		o := out[4*k : 4*k+4 : 4*k+4]
		setVertex(&o[0], cx-mux-mwx, cy-muy-mwy, sx0, sy0, r, g, b, a)
		setVertex(&o[1], cx+mux-mwx, cy+muy-mwy, sx1, sy0, r, g, b, a)
		setVertex(&o[2], cx-mux+mwx, cy-muy+mwy, sx0, sy1, r, g, b, a)
		setVertex(&o[3], cx+mux+mwx, cy+muy+mwy, sx1, sy1, r, g, b, a)
		k++
	}
	d.verts = d.verts[:n0+4*k]
	return k
}

// setVertex sets *v to a vertex at (x, y) sampling (sx, sy),
// premultiplied colour (r, g, b, a), field by field: assigning a whole
// ebiten.Vertex value builds it on the stack and copies it, about a
// sixth of the particles' vertex time. It leaves the Custom fields as
// they are: DrawTriangles32 does not read them.
func setVertex(v *ebiten.Vertex, x, y, sx, sy, r, g, b, a float32) {
	v.DstX, v.DstY, v.SrcX, v.SrcY = x, y, sx, sy
	v.ColorR, v.ColorG, v.ColorB, v.ColorA = r, g, b, a
}

// UpdateParticles returns the system that advances every [Emitter] by
// the game clock (timer.Time: paused, the particles hold still). Add it
// to glue.Update or a later update stage; it needs timer.Plugin. It
// fails the app for an emitter that emits with no Lifetime, and despawns
// the entity of an emitter with DespawnWhenDone once it is [Emitter.Done].
// Its name is "render.UpdateParticles".
func UpdateParticles() *glue.System {
	return glue.Each1P(func(ent glue.Entity, e *Emitter, p struct {
		Time glue.Res[timer.Time]
		Cmds glue.Commands
	}) {
		if err := e.validate(); err != nil {
			p.Cmds.Fail(err)
			return
		}
		e.Advance(p.Time.Get().DeltaSeconds())
		if e.DespawnWhenDone && e.Done() {
			p.Cmds.Despawn(ent)
		}
	})
}

// DrawParticles returns the system that draws every [Emitter]'s
// particles. Add it to glue.Draw. Its name is "render.DrawParticles".
func DrawParticles() *glue.System {
	return glue.Each1P(func(_ glue.Entity, e *Emitter, list glue.ResMut[DrawList]) {
		list.Get().AddParticles(e)
	})
}
