package glue

import "github.com/gluekit/glue/internal/world"

// EntityDigest is the hash of one entity's value of one component type in
// a saved state (see [Checkpoint.DigestEach]).
type EntityDigest struct {
	Entity Entity
	Sum    uint64
}

// DigestEach appends to dst, in storage order, each entity of the saved
// state that has the component type called name (a [Digest]'s Name) and
// the hash of its value, and returns the extended slice: the detail
// behind that type's Digest, for naming the entities whose values differ
// between two states. With name "entities" it appends every entity, with
// a Sum of 0. A resource's name, an unknown name or a checkpoint not
// saved append nothing. It is for reports, not for every tick: it looks
// the name up among the registered types.
func (c *Checkpoint) DigestEach(name string, dst []EntityDigest) []EntityDigest {
	if !c.saved {
		return dst
	}
	ti := -1
	if name != "entities" {
		if ti = world.TypeIndex(name); ti < 0 {
			return dst
		}
	}
	c.world.DigestEach(ti, func(e world.Entity, sum uint64) {
		dst = append(dst, EntityDigest{Entity: Entity(e), Sum: sum})
	})
	return dst
}
