package glue

// Spawn2 queues the spawn of an entity with components a and b, like
// [Commands.Spawn], and returns its id at once.
func Spawn2[A, B any](c Commands, a A, b B) Entity { return c.Spawn(a, b) }

// Insert1 queues the insertion of component a into e, like
// [Commands.Insert].
func Insert1[A any](c Commands, e Entity, a A) { c.Insert(e, a) }
