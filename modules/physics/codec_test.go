package physics_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/physics"
)

// Bodies and colliders of every shape decode to what was encoded; an
// invalid shape is an error.
func TestCodecs(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[physics.Body](reg)
	codec.Register[physics.Collider](reg)
	cb, encBody, _ := codec.Of[physics.Body](reg)
	cc, encCol, _ := codec.Of[physics.Collider](reg)
	b := physics.Body{Pos: physics.Vec{X: 1.5, Y: -2}, Vel: physics.Vec{X: 3, Y: 4.25}}
	var w codec.Writer
	encBody(&b, &w)
	if v, err := cb.Decode(codec.NewReader(w.Data())); err != nil || v != b {
		t.Errorf("body decoded as %v, %v; want %v", v, err, b)
	}
	for _, c := range []physics.Collider{
		{Shape: physics.Circle(3)},
		{Shape: physics.Rect(20, 10), Sensor: true, Layers: 2, Mask: 5},
		{Shape: physics.Polygon(physics.Vec{X: 0, Y: 0}, physics.Vec{X: 4, Y: 0}, physics.Vec{X: 0, Y: 3}), Layers: 1 << 63},
	} {
		w.Reset()
		encCol(&c, &w)
		v, err := cc.Decode(codec.NewReader(w.Data()))
		if err != nil || !reflect.DeepEqual(v, c) {
			t.Errorf("collider %v decoded as %v, %v", c.Shape, v, err)
		}
	}
	w.Reset()
	bad := physics.Collider{Shape: physics.Circle(-1)}
	encCol(&bad, &w)
	if _, err := cc.Decode(codec.NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "radius") {
		t.Errorf("a negative radius decodes: %v", err)
	}
	w.Reset()
	circle := physics.Collider{Shape: physics.Circle(1)}
	encCol(&circle, &w)
	w.Data()[0] = 9 // the shape's kind, its first field
	if _, err := cc.Decode(codec.NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "unknown shape kind 9") {
		t.Errorf("shape kind 9 decodes: %v", err)
	}
}
