package physics

// IBody is a component with a position and a velocity, moved by [Move].
// *[Body] is one; a game may make its own component types IBody with
// pointer-receiver methods.
type IBody interface {
	// Position returns the body's center, in logical pixels.
	Position() Vec
	// SetPosition moves the body's center.
	SetPosition(Vec)
	// Velocity returns the body's velocity, in pixels per second.
	Velocity() Vec
}

// IClock is a resource that knows how much time a tick covers. [DeltaFrom]
// copies it into [Settings.Delta] every tick, so that physics follows the
// game's clock instead of the fixed [Plugin.Delta].
type IClock interface {
	// DeltaSeconds returns the time the current tick covers, in seconds.
	DeltaSeconds() float64
}

// IPose is a component that has a pose in the world, as render.IPose and
// transform.IPose: transform.GlobalTransform is one. [Place] moves
// kinematic bodies to it.
type IPose interface {
	// Pose returns the position and rotation, in logical pixels and
	// radians.
	Pose() (x, y, rotation float64)
}
