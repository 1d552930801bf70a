// Package random is a game's seeded random stream: [Rand], math/rand/v2's
// generator over a PCG source, as a resource (or a component) whose state
// is saved with the game (its codec: codec.Register[random.Rand]) and
// restored by a rollback checkpoint (glue.Copier). The same seed and the
// same inputs then give the same game — after a load, after a rollback,
// on every machine — which a *rand.Rand kept in a resource does not: a
// checkpoint would share its source, and a save could not write it.
//
//	app.InsertResource(random.New(seed))
//	codec.Register[random.Rand](reg) // saved with the game
//
//	func Serve(r glue.ResMut[random.Rand]) {
//		angle := (r.Get().Float64()*2 - 1) * maxAngle
//		…
//	}
package random
