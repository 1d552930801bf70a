package physics

import (
	"iter"

	"github.com/gluekit/glue"
)

// Settings is the resource that tunes the physics step. [Plugin] inserts
// it from its options; a system may change it (ResMut[physics.Settings])
// and the next step uses the new values.
type Settings struct {
	// Delta is the time one tick simulates, in seconds: every body moves
	// by Vel*Delta per tick. By default [Plugin] sets it every tick from
	// the game clock (timer.Time), or keeps 1/60 without one; a game that
	// follows another clock resource sets it each tick, e.g. with
	// [DeltaFrom], and sets Plugin.Delta to keep it fixed. Zero stops all
	// motion.
	Delta float64
	// MaxStep is the longest distance, in pixels, that [StepSystem] moves
	// a [Bouncy] body before testing for collisions; faster bodies are
	// moved in several sub-steps per tick. The default (0) is half the
	// body's smallest half-extent (half the radius of a circle), which
	// guarantees that a body never passes through a collider of any
	// thickness. Larger values are faster and may tunnel.
	MaxStep float64
}

// ProvidedBy returns "physics.Plugin", the plugin that inserts Settings:
// an app with a physics system but without the plugin fails to build with
// an error saying to add it.
func (Settings) ProvidedBy() string { return "physics.Plugin" }

// Contact is one collision found by the physics step: body A touched
// collider B during the tick. A contact describes a state, not an event:
// a pair that still touches in the next tick (a ball crossing a sensor,
// a paddle pushed into a wall) is listed again. A bouncy body that
// bounced off a collider no longer touches it, so a brick hit is listed
// in one tick.
type Contact struct {
	// A is the body that moved: a [Bouncy] body, or a kinematic collider
	// (neither Static nor Bouncy).
	A glue.Entity
	// B is the collider A touched. For two kinematic colliders, A is the
	// lower entity.
	B glue.Entity
	// Normal is the unit contact normal: it points from B towards A, the
	// direction A was (or would be) pushed out of B.
	Normal Vec
	// Depth is how far A overlapped B when the contact was found, in
	// pixels. Normal*Depth is the minimum translation vector.
	Depth float64
	// Sensor is true if A or B is a sensor: the contact was reported but
	// nothing was pushed or bounced.
	Sensor bool
	// Bounced is true if A's velocity was reflected about this contact's
	// normal. A body that touches two bricks at once bounces once: only
	// one of the two contacts has Bounced set.
	Bounced bool
}

// MTV returns the minimum translation vector, Normal*Depth: the shortest
// move that separates A from B.
func (c Contact) MTV() Vec { return c.Normal.Scale(c.Depth) }

// Contacts is the resource that lists the contacts of the last physics
// step. [StepSystem] fills it every tick; systems that run after it (in a
// later stage, or After(physics.StepSystem)) read it to react — remove a
// brick, score, play a sound.
type Contacts struct {
	// List holds the contacts sorted by A; contacts of one A are in the
	// order they happened. A pair (A, B) is listed at most once per tick.
	// It is rewritten by the next step: copy what you need to keep.
	List []Contact
}

// ProvidedBy returns "physics.Plugin", the plugin that inserts Contacts.
func (Contacts) ProvidedBy() string { return "physics.Plugin" }

// Between returns the contact between a and b of the last step, in either
// order: if the contact was recorded as (b, a), it is returned swapped,
// with A == a and the normal flipped to point towards a.
func (c *Contacts) Between(a, b glue.Entity) (Contact, bool) {
	for _, x := range c.List {
		switch {
		case x.A == a && x.B == b:
			return x, true
		case x.A == b && x.B == a:
			x.A, x.B, x.Normal = a, b, x.Normal.Scale(-1)
			return x, true
		}
	}
	return Contact{}, false
}

// For returns the contact as entity e sees it: A is e, B the other
// entity, and Normal points from B towards e (the way e would be pushed
// out). ok is false if e is neither A nor B.
func (c Contact) For(e glue.Entity) (_ Contact, ok bool) {
	switch e {
	case c.A:
		return c, true
	case c.B:
		c.A, c.B, c.Normal = c.B, c.A, c.Normal.Scale(-1)
		return c, true
	}
	return Contact{}, false
}

// Touching reports whether a and b touch in the last step, in either
// order. Unlike [ContactStarted], which fires once when a pair starts
// touching, it answers every tick: an enemy still touching the player
// when the player's invulnerability ends is found by asking.
func (c *Contacts) Touching(a, b glue.Entity) bool {
	_, ok := c.Between(a, b)
	return ok
}

// Of returns the contacts of the last step that involve e, each as e
// sees it ([Contact.For]): A is e, B the other entity, and the normal
// points towards e.
func (c *Contacts) Of(e glue.Entity) iter.Seq[Contact] {
	return func(yield func(Contact) bool) {
		for _, x := range c.List {
			if x, ok := x.For(e); ok && !yield(x) {
				return
			}
		}
	}
}

// ContactStarted is an event, read with glue.Reader[physics.ContactStarted]:
// two colliders touch in this step and did not in the previous one. It
// carries the contact as [Contacts] lists it. A bouncy body that bounces
// off a brick touches it in one step: it gets a ContactStarted in that
// tick and a [ContactEnded] in the next.
//
// [StepSystem] writes the events of a step at its end, in the physics
// stage, in the order of [Contacts.List]; a pair is reported once
// however its contact is oriented. Like every glue event they become
// readable when the physics stage ends: a reader in a stage after it in
// the tick sees them in the tick of the step; a reader in an earlier
// stage (glue.Update, when physics runs in its default glue.PostUpdate)
// or in the physics stage itself, even one ordered after StepSystem,
// sees them in the next tick — read [Contacts] there for this step's
// contacts. They stay readable until the end of the next tick.
type ContactStarted struct {
	Contact
}

// ContactEnded is an event, read with glue.Reader[physics.ContactEnded]:
// two colliders that touched in the previous step do not in this one —
// they moved apart, or one of them was despawned or lost its Collider
// (then that entity no longer exists when the event is read). A and B
// are as in the pair's contact of the previous step. [StepSystem]
// writes them after the step's [ContactStarted] events, ordered by the
// pair's lower entity, then its higher.
type ContactEnded struct {
	A, B glue.Entity
}

// TickOnly marks Contacts as state that ticks advance (glue.TickOnly),
// as [Space.TickOnly] does.
func (Contacts) TickOnly() {}
