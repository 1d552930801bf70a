package tween

import (
	"fmt"
	"image/color"
	"math"
	"reflect"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// Values are the up to four numbers a tween changes: a float, a
// position (X, Y), a scale, a colour (R, G, B, A, 0 to 255).
type Values [4]float64

// Prop is what a [Tween] of a component T changes: N values, read and
// written through accessors. [Float], [XY] and [RGBA] make one from a
// function that points into the component:
//
//	tween.XY(func(s *render.Sprite) (*float64, *float64) { return &s.X, &s.Y })
//	tween.Float(func(s *render.Sprite) *float64 { return &s.Rotation })
//	tween.RGBA(func(s *render.Sprite) *color.RGBA { return &s.Tint })
type Prop[T any] struct {
	// N is how many of the values are used, 1 to 4.
	N int
	// Get reads the values from a component; Set writes them.
	Get func(c *T) Values
	Set func(c *T, v Values)
}

// Float returns the Prop of one float field of T.
func Float[T any](field func(*T) *float64) Prop[T] {
	return Prop[T]{N: 1,
		Get: func(c *T) Values { return Values{*field(c)} },
		Set: func(c *T, v Values) { *field(c) = v[0] },
	}
}

// XY returns the Prop of two float fields of T: a position or a scale.
func XY[T any](fields func(*T) (*float64, *float64)) Prop[T] {
	return Prop[T]{N: 2,
		Get: func(c *T) Values { x, y := fields(c); return Values{*x, *y} },
		Set: func(c *T, v Values) { x, y := fields(c); *x, *y = v[0], v[1] },
	}
}

// RGBA returns the Prop of a colour field of T: its four channels, 0 to
// 255 (rounded and clamped when written).
//
// It never writes the zero colour, which glue's colour fields read as
// their documented default (opaque white for a render.TextStyle or a
// sprite's tint): a fade that ends fully transparent writes [Clear]
// instead, so the faded thing stays invisible.
func RGBA[T any](field func(*T) *color.RGBA) Prop[T] {
	return Prop[T]{N: 4,
		Get: func(c *T) Values {
			p := field(c)
			return Values{float64(p.R), float64(p.G), float64(p.B), float64(p.A)}
		},
		Set: func(c *T, v Values) {
			ch := func(x float64) uint8 { return uint8(min(max(math.Round(x), 0), 255)) }
			rgba := color.RGBA{ch(v[0]), ch(v[1]), ch(v[2]), ch(v[3])}
			if rgba == (color.RGBA{}) {
				rgba = Clear
			}
			*field(c) = rgba
		},
	}
}

// Clear is the fully transparent colour [RGBA] writes in place of the
// zero colour. Its alpha is 0, so it draws nothing; it is not zero, so a
// field whose zero value means a default (white) does not read it as
// that default.
var Clear = color.RGBA{R: 1}

// Step is one leg of a tween: from the values at its start to To, over
// Duration seconds of game time, by Ease (nil: Linear). It ends within a
// billionth of Duration, exactly on To: a step of a whole number of
// ticks (0.5 s at 60 TPS) ends in its last tick (the 30th), though the
// ticks' float seconds add up to a hair less.
type Step struct {
	To       Values
	Duration float64
	Ease     Ease
}

// To returns a Step to one value, the first of To.
func To(v, seconds float64, ease Ease) Step {
	return Step{To: Values{v}, Duration: seconds, Ease: ease}
}

// ToXY returns a Step to a pair of values.
func ToXY(x, y, seconds float64, ease Ease) Step {
	return Step{To: Values{x, y}, Duration: seconds, Ease: ease}
}

// ToRGBA returns a Step to a colour.
func ToRGBA(c color.RGBA, seconds float64, ease Ease) Step {
	return Step{To: Values{float64(c.R), float64(c.G), float64(c.B), float64(c.A)}, Duration: seconds, Ease: ease}
}

// Tween is a component that changes its entity's T component over
// time: the Prop, through the Steps in sequence, each starting where the
// one before ended (the first where the component was when the tween
// started), Loops times over. [Update] runs it by the game clock
// (paused, it holds still), writes a [Finished] event when it ends and
// then removes it, unless Keep.
//
//	cmds.Spawn(sprite, tween.Tween[render.Sprite]{
//		Name: "pulse",
//		Prop: tween.Float(func(s *render.Sprite) *float64 { return &s.ScaleX }),
//		Steps: []tween.Step{tween.To(2, 0.2, tween.OutBack), tween.To(1, 0.3, tween.InOutSine)},
//		Loops: tween.Forever,
//	})
type Tween[T any] struct {
	// Name is given back in the Finished event.
	Name  string
	Prop  Prop[T]
	Steps []Step
	// Loops is how many more times the sequence plays after the first:
	// the component jumps back to where the tween started. Forever
	// (-1) never ends. A looping tween needs a step that takes time:
	// [Update] fails the app for one whose steps all take none.
	Loops int
	// Keep keeps the finished tween on the entity (Done then reports
	// it), instead of removing it.
	Keep bool

	started bool
	done    bool
	step    int
	elapsed float64
	origin  Values // the values when the tween started
	from    Values // the values when the current step started
}

// Forever is [Tween.Loops] for a tween that loops until removed.
const Forever = -1

// Done reports whether the tween has finished.
func (tw Tween[T]) Done() bool { return tw.done }

// validate reports a tween that cannot run.
func (tw *Tween[T]) validate() error {
	if tw.Prop.Get == nil || tw.Prop.Set == nil || tw.Prop.N < 1 || tw.Prop.N > 4 {
		return fmt.Errorf("tween: Tween[%T] %q has no Prop (or N outside 1 to 4); make one with tween.Float, tween.XY or tween.RGBA", *new(T), tw.Name)
	}
	for i, s := range tw.Steps {
		if s.Duration < 0 || math.IsNaN(s.Duration) {
			return fmt.Errorf("tween: Tween[%T] %q step %d has duration %v; durations are seconds, 0 or more", *new(T), tw.Name, i, s.Duration)
		}
	}
	if tw.Loops != 0 && len(tw.Steps) > 0 && tw.zeroLength() {
		return fmt.Errorf("tween: Tween[%T] %q loops (Loops %d) but its steps take no time, so it would loop for ever within one tick; give a step a duration, or set Loops to 0", *new(T), tw.Name, tw.Loops)
	}
	return nil
}

// Advance runs the tween on c by dt seconds and reports whether it
// finished in this call. A dt of 0 or less holds it still (after its
// start, which reads c's values).
func (tw *Tween[T]) Advance(c *T, dt float64) (finished bool) {
	if tw.done {
		return false
	}
	if !tw.started {
		tw.started = true
		tw.origin = tw.Prop.Get(c)
		tw.from = tw.origin
	}
	if dt <= 0 {
		return false
	}
	tw.elapsed += dt
	for {
		if len(tw.Steps) == 0 {
			tw.done = true
			return true
		}
		s := &tw.Steps[tw.step]
		// dt is 1/TPS in floating point: 30 ticks of 1/60 s add up to
		// 0.49999999999999994. A step ends within a billionth of its
		// duration, so that one of a whole number of ticks lands on its
		// target in its last tick, not one tick later.
		if tw.elapsed < s.Duration*(1-1e-9) {
			e := s.Ease
			if e == nil {
				e = Linear
			}
			k := e(tw.elapsed / s.Duration)
			var v Values
			for i := range tw.Prop.N {
				v[i] = tw.from[i] + (s.To[i]-tw.from[i])*k
			}
			tw.Prop.Set(c, v)
			return false
		}
		// The step ends within dt: land on its end, go on with the rest.
		tw.elapsed = max(tw.elapsed-s.Duration, 0)
		end := tw.from
		copy(end[:tw.Prop.N], s.To[:tw.Prop.N])
		tw.Prop.Set(c, end)
		tw.from = end
		tw.step++
		if tw.step < len(tw.Steps) {
			continue
		}
		if tw.Loops == 0 || tw.zeroLength() {
			// A loop of zero length would never end the call: it ends
			// where its last step does.
			tw.done = true
			return true
		}
		if tw.Loops > 0 {
			tw.Loops--
		}
		tw.step = 0
		tw.from = tw.origin
		tw.Prop.Set(c, tw.origin)
	}
}

// zeroLength reports whether every step takes no time.
func (tw *Tween[T]) zeroLength() bool {
	for _, s := range tw.Steps {
		if s.Duration != 0 {
			return false
		}
	}
	return true
}

// Finished is the event [Update] writes when a tween ends: the entity
// and the tween's Name.
type Finished struct {
	Entity glue.Entity
	Name   string
}

// Group is a component that runs several tweens of its entity's T
// component at once — a move and a fade together — each through its own
// steps and loops. [Update] runs it with the single tweens: each tween
// writes its [Finished] event (with its own Name) when it ends, and when
// the last has ended the group writes one with the group's Name and is
// removed, unless Keep. A group of no tweens finishes at once.
//
//	cmds.Spawn(sprite, tween.Group[render.Sprite]{Name: "pop", Tweens: []tween.Tween[render.Sprite]{
//		{Prop: scale, Steps: []tween.Step{tween.To(2, 0.3, tween.OutBack)}},
//		{Prop: tint, Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 0.3, nil)}},
//	}})
//
// An entity may have a Tween[T] and a Group[T] at once; the Tween runs
// first.
type Group[T any] struct {
	// Name is given back in the group's Finished event.
	Name   string
	Tweens []Tween[T]
	// Keep keeps the finished group on the entity (Done then reports
	// it), instead of removing it.
	Keep bool

	done bool
}

// Done reports whether every tween of the group has finished.
func (g Group[T]) Done() bool { return g.done }

// advance runs the group's tweens on c by dt seconds, writing the
// Finished events of those that end, and reports whether the group
// finished in this call. A tween that cannot run fails the app.
func (g *Group[T]) advance(e glue.Entity, c *T, dt float64, done glue.Writer[Finished], cmds glue.Commands) bool {
	if g.done {
		return false
	}
	left := 0
	for i := range g.Tweens {
		tw := &g.Tweens[i]
		if !tw.started {
			if err := tw.validate(); err != nil {
				cmds.Fail(err)
				return false
			}
		}
		if tw.Advance(c, dt) {
			done.Write(Finished{Entity: e, Name: tw.Name})
		}
		if !tw.done {
			left++
		}
	}
	if left == 0 {
		g.done = true
		return true
	}
	return false
}

// orphan returns the error for a Tween[T] (kind) on an entity e
// without a T.
func orphan[T any](e glue.Entity, kind string) error {
	return fmt.Errorf("tween: %v has a tween.%s[%T] but no %[3]T component, so it would never run nor finish; spawn it with a %[3]T, or tween a component the entity has", e, kind, *new(T))
}

// Update returns the system that runs every entity's Tween[T] and
// Group[T] on its T by the game clock (timer.Time), writes Finished
// events and removes finished tweens and groups (unless Keep). Add it to
// an update stage, once per component type; it needs timer.Plugin. A
// tween without a Prop, with a negative duration, looping with steps
// that take no time, or on an entity without a T fails the app. Its
// name carries its type argument ("tween.Update[main.Sprite]"), so one
// app may run tweens of several component types.
//
//go:noinline
func Update[T any]() *glue.System {
	// Not inlined: glue names the system after the function its closure
	// is compiled in.
	return glue.Func(func(p struct {
		Time      glue.Res[timer.Time]
		Done      glue.Writer[Finished]
		Cmds      glue.Commands
		Tweens    glue.Query2[*Tween[T], *T]
		Groups    glue.Query2[*Group[T], *T]
		NewTweens glue.Added[Tween[T]]
		NewGroups glue.Added[Group[T]]
		AnyTween  glue.Query1[Tween[T]]
		AnyGroup  glue.Query1[Group[T]]
	}) {
		dt := p.Time.Get().DeltaSeconds()
		done, cmds := p.Done, p.Cmds
		// A tween or group added to an entity without a T would never
		// run nor end.
		for _, e := range p.NewTweens.Entities() {
			if p.AnyTween.Has(e) && !p.Tweens.Has(e) {
				cmds.Fail(orphan[T](e, "Tween"))
			}
		}
		for _, e := range p.NewGroups.Entities() {
			if p.AnyGroup.Has(e) && !p.Groups.Has(e) {
				cmds.Fail(orphan[T](e, "Group"))
			}
		}
		p.Tweens.Each(func(e glue.Entity, tw *Tween[T], c *T) {
			if !tw.started {
				if err := tw.validate(); err != nil {
					cmds.Fail(err)
					return
				}
			}
			if tw.Advance(c, dt) {
				done.Write(Finished{Entity: e, Name: tw.Name})
				if !tw.Keep {
					cmds.Remove(e, glue.TypeOf[Tween[T]]())
				}
			}
		})
		p.Groups.Each(func(e glue.Entity, g *Group[T], c *T) {
			if g.advance(e, c, dt, done, cmds) {
				done.Write(Finished{Entity: e, Name: g.Name})
				if !g.Keep {
					cmds.Remove(e, glue.TypeOf[Group[T]]())
				}
			}
		})
	}).TypeArgs(reflect.TypeFor[T]())
}

// TickOnly marks Tween as state that ticks advance (glue.TickOnly): a
// system of a draw stage that writes it (Update placed in glue.Draw) is
// a build error, since the tween would play at the frame rate.
func (Tween[T]) TickOnly() {}

// TickOnly marks Group as state that ticks advance (glue.TickOnly), as
// [Tween.TickOnly] does.
func (Group[T]) TickOnly() {}
