package tiled

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	tmx "github.com/lafriks/go-tiled"
)

// Object is an object of one of the map's object layers, handed to the
// game's spawn function for its class ([Plugin.Spawn]).
type Object struct {
	// ID is the object's id in the map, Name its name.
	ID   uint32
	Name string
	// Class is its class (Tiled 1.9+), or its type in older maps.
	Class string
	// Layer is the name of its object layer.
	Layer string
	// X and Y are its top-left corner, W and H its size, in pixels (before
	// its Rotation).
	X, Y, W, H float64
	// Kind is the object's shape in Tiled: a rectangle, an ellipse, a
	// point, a polygon, a polyline, a tile or a text.
	Kind ObjectKind
	// Rotation is its rotation in degrees, clockwise, about its origin
	// in Tiled: its top-left corner (X, Y), or a tile object's
	// bottom-left (X, Y+H). [Object.Center] takes it into account.
	Rotation float64
	// Points are a polygon's or a polyline's points, relative to (X, Y).
	Points []physics.Vec
	// Image is a tile object's image; zero for other objects.
	Image render.Image
	// FlipH and FlipV are set when a tile object's tile is flipped
	// horizontally or vertically in Tiled (Image is the tile unflipped).
	FlipH, FlipV bool
	// Hidden is set when the object, its object layer or a group layer
	// it is in is hidden in Tiled. Hidden objects are spawned all the
	// same: a spawn function may leave them out.
	Hidden bool
	// Props are its custom properties, its layer's included.
	Props Props
	// Reload is true when the map is being spawned again after its file
	// changed ([Plugin.Watch]): a spawn function may keep what should
	// survive a reload — the player — by spawning nothing.
	Reload bool
}

// Center returns the center of the object's rectangle, turned with the
// object by its Rotation about its origin.
func (o *Object) Center() physics.Vec {
	c := physics.Vec{X: o.X + o.W/2, Y: o.Y + o.H/2}
	if o.Rotation == 0 {
		return c
	}
	origin := physics.Vec{X: o.X, Y: o.Y}
	if o.Kind == KindTile {
		origin.Y += o.H
	}
	sin, cos := math.Sincos(o.Rotation * math.Pi / 180)
	d := c.Sub(origin)
	return origin.Add(physics.Vec{X: d.X*cos - d.Y*sin, Y: d.X*sin + d.Y*cos})
}

// ObjectKind is the shape of an [Object] in Tiled.
type ObjectKind uint8

// The kinds of objects.
const (
	KindRect     ObjectKind = iota // a rectangle
	KindEllipse                    // an ellipse in the rectangle
	KindPoint                      // a point: no size and no other shape
	KindPolygon                    // a polygon: Points
	KindPolyline                   // a polyline: Points
	KindTile                       // a tile object: Image
	KindText                       // a text object
)

// String returns the kind's name: "rectangle", "ellipse", "point",
// "polygon", "polyline", "tile" or "text".
func (k ObjectKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "ObjectKind(" + strconv.Itoa(int(k)) + ")"
}

var kindNames = [...]string{"rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"}

// Spawn spawns an entity with the given components and the [FromMap]
// marker, so that a reload of the map despawns it.
func (o *Object) Spawn(cmds glue.Commands, components ...any) glue.Entity {
	return cmds.Spawn(append(components, FromMap{})...)
}

// Err returns an error about the object naming the map's file, the
// object and its class: what a spawn function returns when the object is
// wrong.
func (o *Object) Err(format string, args ...any) error {
	return fmt.Errorf("%s: %s: %s (class %q): "+format, append([]any{o.Props.pkg(), o.Props.file, o.Props.where, o.Class}, args...)...)
}

// FromMap marks the entities spawned from a map: its collision and the
// entities the game's spawn functions made with [Object.Spawn]. A reload
// despawns them all.
type FromMap struct{}

// Spawn spawns the shape as a static physics collider (a
// physics.OneWay one if s.OneWay) with the [FromMap] marker.
func (s Solid) Spawn(cmds glue.Commands) glue.Entity {
	if s.OneWay {
		return cmds.Spawn(physics.Body{Pos: s.Pos}, physics.Collider{Shape: s.Shape}, physics.Static{}, physics.OneWay{}, FromMap{})
	}
	return cmds.Spawn(physics.Body{Pos: s.Pos}, physics.Collider{Shape: s.Shape}, physics.Static{}, FromMap{})
}

// NewProps returns the properties p of the thing named where (e.g.
// "level \"Start\" entity 3") in file, made with the editor named
// editor ("LDtk"), for an [Object] made by another loader (package
// modules/ldtk): each getter's error, and [Object.Err], then names them
// and the editor. Property types are Tiled's: "string" (or ""), "int",
// "float", "bool", "color" ("#AARRGGBB").
func NewProps(editor, file, where string, p tmx.Properties) Props {
	return Props{editor: editor, file: file, where: where, p: p}
}

// Props are the custom properties of a map or an object, read by type.
// Each getter returns an error naming the file, the object and the
// property when the property is missing or has another type.
type Props struct {
	editor      string // "" for Tiled
	file, where string
	p           tmx.Properties
}

// pkg and ed return the error prefix and the editor's name.
func (p Props) pkg() string {
	if p.editor == "" {
		return "tiled"
	}
	return strings.ToLower(p.editor)
}

func (p Props) ed() string {
	if p.editor == "" {
		return "Tiled"
	}
	return p.editor
}

func (p Props) get(name, want string) (string, error) {
	for _, x := range p.p {
		if x.Name == name {
			if x.Type != want && !(want == "string" && x.Type == "") && !(want == "float" && x.Type == "int") {
				typ := x.Type
				if typ == "" {
					typ = "string"
				}
				return "", fmt.Errorf("%s: %s: %s: property %q is a %s, not a %s; change its type in %s", p.pkg(), p.file, p.where, name, typ, want, p.ed())
			}
			return x.Value, nil
		}
	}
	return "", fmt.Errorf("%s: %s: %s has no property %q; add it in %s", p.pkg(), p.file, p.where, name, p.ed())
}

// Has reports whether the property is set.
func (p Props) Has(name string) bool { return len(p.p.Get(name)) > 0 }

// String returns a string property.
func (p Props) String(name string) (string, error) { return p.get(name, "string") }

// Int returns an int property.
func (p Props) Int(name string) (int, error) {
	v, err := p.get(name, "int")
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(v)
}

// Float returns a float property (an int property is accepted too).
func (p Props) Float(name string) (float64, error) {
	v, err := p.get(name, "float")
	if err != nil {
		return 0, err
	}
	return strconv.ParseFloat(v, 64)
}

// Bool returns a bool property.
func (p Props) Bool(name string) (bool, error) {
	v, err := p.get(name, "bool")
	if err != nil {
		return false, err
	}
	return v == "true", nil
}

// Color returns a color property, premultiplied by its alpha as Go's
// color.RGBA is (and render's tints are): Tiled's #80ff0000 is
// {128, 0, 0, 128}. (go-tiled hands over the file's straight values, so
// a translucent colour used as a tint came out brighter than it is.)
func (p Props) Color(name string) (color.RGBA, error) {
	if _, err := p.get(name, "color"); err != nil {
		return color.RGBA{}, err
	}
	c := p.p.GetColor(name)
	if straight, ok := c.(*color.RGBA); ok {
		return color.RGBAModel.Convert(color.NRGBA(*straight)).(color.RGBA), nil
	}
	return color.RGBAModel.Convert(c).(color.RGBA), nil
}

// FloatOr returns a float property, or def if it is not set; a property
// of another type is still an error.
func (p Props) FloatOr(name string, def float64) (float64, error) {
	if !p.Has(name) {
		return def, nil
	}
	return p.Float(name)
}
