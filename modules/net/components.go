package net

// Remote marks an entity a [Client] spawned for an entity of the server:
// ID is that entity's network id ([Server.NetID] on the server). The client
// spawns it together with the entity's received components, finds the
// local entity through it, and keeps it on the entity; game systems may
// ignore it, and then cannot tell a received entity from a local one.
type Remote struct {
	ID uint64
}

// Replicated is a ready-made tag component for picking the entities a
// server sends: spawn them with Replicated{} and filter the [Send] systems
// with With(glue.TypeOf[net.Replicated]()). Any other component can serve
// as the tag; Replicated itself is not sent unless registered and sent
// like any component.
type Replicated struct{}
