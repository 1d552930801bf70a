package physics

import (
	"fmt"

	"github.com/gluekit/glue/codec"
)

// Encode writes the body's position and velocity (float64s), for save
// files. With [Body.Decode] it makes *Body a codec.IBinary:
// codec.RegisterBinary[physics.Body](reg, id, 1). A network registry may
// send less (a watcher needs no velocity) with a codec of its own.
func (b *Body) Encode(w *codec.Writer) {
	w.Float64(b.Pos.X)
	w.Float64(b.Pos.Y)
	w.Float64(b.Vel.X)
	w.Float64(b.Vel.Y)
}

// Decode reads a body written by [Body.Encode].
func (b *Body) Decode(r *codec.Reader) error {
	*b = Body{Pos: Vec{r.Float64(), r.Float64()}, Vel: Vec{r.Float64(), r.Float64()}}
	return nil
}

// Encode writes the collider — its shape, whether it is a sensor, its
// layers and mask — for save files and the network. With
// [Collider.Decode] it makes *Collider a codec.IBinary:
// codec.RegisterBinary[physics.Collider](reg, id, 1).
func (c *Collider) Encode(w *codec.Writer) {
	s := &c.Shape
	w.Uint8(uint8(s.kind))
	switch s.kind {
	case circleShape:
		w.Float64(s.radius)
	case rectShape:
		w.Float64(s.size.X)
		w.Float64(s.size.Y)
	case polygonShape:
		w.Uvarint(uint64(len(s.points)))
		for _, p := range s.points {
			w.Float64(p.X)
			w.Float64(p.Y)
		}
	}
	w.Bool(c.Sensor)
	w.Uint64(uint64(c.Layers))
	w.Uint64(uint64(c.Mask))
}

// Decode reads a collider written by [Collider.Encode]. A shape that is
// not valid (see [Circle], [Rect], [Polygon]) is an error.
func (c *Collider) Decode(r *codec.Reader) error {
	var s Shape
	switch k := shapeKind(r.Uint8()); k {
	case circleShape:
		s = Circle(r.Float64())
	case rectShape:
		s = Rect(r.Float64(), r.Float64())
	case polygonShape:
		pts := make([]Vec, r.Count(16))
		for i := range pts {
			pts[i] = Vec{r.Float64(), r.Float64()}
		}
		s = Shape{kind: polygonShape, points: pts}
	default:
		if r.Err() == nil {
			return fmt.Errorf("physics: unknown shape kind %d", k)
		}
	}
	*c = Collider{Shape: s, Sensor: r.Bool(), Layers: Layers(r.Uint64()), Mask: Layers(r.Uint64())}
	if r.Err() != nil {
		return r.Err()
	}
	if err := s.validate(); err != nil {
		return fmt.Errorf("physics: %v", err)
	}
	return nil
}
