package physics

import "fmt"

// Validate reports a collider whose shape is not valid (see [Circle],
// [Rect], [Polygon]). codec.Register[physics.Collider] derives the
// collider's codec from its fields (the shape's too) and checks every
// decoded collider with Validate, so that a save file or a message with
// a broken shape is an error; physics.Body needs no check.
func (c *Collider) Validate() error {
	if c.Shape.kind > polygonShape {
		return fmt.Errorf("physics: unknown shape kind %d", c.Shape.kind)
	}
	if err := c.Shape.validate(); err != nil {
		return fmt.Errorf("physics: %v", err)
	}
	return nil
}
