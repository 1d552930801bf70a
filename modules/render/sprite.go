package render

import (
	"image/color"
	"math"
	"reflect"

	"github.com/gluekit/glue"
)

// Sprite is an image drawn at a position, turned, scaled and tinted: a
// ready-made component that implements [ISprite], and the description
// that game component types return from their ISprite method.
type Sprite struct {
	// Image is the image or sheet frame to draw; the zero Image draws
	// nothing.
	Image Image
	// X and Y place the origin, in world coordinates.
	X, Y float64
	// Rotation turns the sprite about its origin, clockwise, in radians.
	Rotation float64
	// ScaleX and ScaleY stretch the image; the default (zero) values are
	// 1. Negative values mirror it.
	ScaleX, ScaleY float64
	// OriginX and OriginY are the point of the image placed at (X, Y)
	// and turned about, as fractions of its size: (0, 0) is its top-left
	// corner (the default), (0.5, 0.5) its centre.
	OriginX, OriginY float64
	// FlipX and FlipY mirror the image horizontally and vertically,
	// about its centre.
	FlipX, FlipY bool
	// Tint multiplies the image's colours (premultiplied, as every
	// colour here); the default (zero) value draws them as they are. Any
	// other tint with alpha 0 draws nothing (see [TextStyle.Color]).
	Tint color.RGBA
	// Layer and Z order the sprite among the frame's items (see
	// [DrawList]).
	Layer, Z int
}

// Sprite returns s: the ready-made component describes itself.
func (s Sprite) Sprite() Sprite { return s }

// ISprite is a component drawn by [DrawSprite] and [DrawSpriteAt]: Sprite
// describes the sprite to draw. It is called every frame per entity;
// returning a struct by value allocates nothing.
type ISprite interface {
	Sprite() Sprite
}

// IPose is a component that places something in the world: its position
// and rotation (radians, clockwise). [DrawSpriteAt] draws a sprite at an
// entity's pose; physics bodies and transforms implement it.
type IPose interface {
	Pose() (x, y, rotation float64)
}

// AddSprite adds s to the list.
func (d *DrawList) AddSprite(s *Sprite) {
	img := s.Image
	if img.IsZero() || img.w <= 0 || img.h <= 0 {
		return
	}
	sx, sy := s.ScaleX, s.ScaleY
	if sx == 0 {
		sx = 1
	}
	if sy == 0 {
		sy = 1
	}
	w, h := float64(img.w)*sx, float64(img.h)*sy
	// Corners relative to the origin, before rotation.
	x0, y0 := -s.OriginX*w, -s.OriginY*h
	x1, y1 := x0+w, y0+h
	var sin, cos float64 = 0, 1
	if s.Rotation != 0 {
		sin, cos = math.Sincos(s.Rotation)
	}
	tint := s.Tint
	if tint == (color.RGBA{}) {
		tint = color.RGBA{255, 255, 255, 255}
	} else if tint.A == 0 {
		return // faded out
	}
	d.items = append(d.items, item{z: s.Z, layer: int32(s.Layer), c: tint, page: img.page, kind: kindQuad})
	it := &d.items[len(d.items)-1]
	corner := func(k int, lx, ly float64) {
		it.x[k] = float32(s.X + cos*lx - sin*ly)
		it.y[k] = float32(s.Y + sin*lx + cos*ly)
	}
	corner(0, x0, y0)
	corner(1, x1, y0)
	corner(2, x0, y1)
	corner(3, x1, y1)
	u0, v0 := float32(img.x), float32(img.y)
	u1, v1 := u0+float32(img.w), v0+float32(img.h)
	if s.FlipX {
		u0, u1 = u1, u0
	}
	if s.FlipY {
		v0, v1 = v1, v0
	}
	it.s = [4]float32{u0, v0, u1, v1}
}

// DrawSprite returns a system that adds the sprite of every entity with
// a T component to the [DrawList]. Add it to glue.Draw, once per
// component type:
//
//	app.AddSystems(glue.Draw, render.DrawSprite[render.Sprite]())
//
// It reads T (declared ReadOnly) and writes the DrawList; it allocates
// nothing per entity. Its name is "render.DrawSprite[T]".
func DrawSprite[T ISprite]() *glue.System {
	return glue.Each1P(func(_ glue.Entity, t *T, list glue.ResMut[DrawList]) {
		s := (*t).Sprite()
		list.Get().AddSprite(&s)
	}).TypeArgs(reflect.TypeFor[T]())
}

// DrawSpriteAt returns a system that draws the sprite of every entity
// with a T and a P component at the entity's pose: the sprite's X, Y and
// Rotation are taken as relative to the pose (an offset in the pose's
// turned frame, and an extra turn), so a sprite with zero X, Y and
// Rotation is drawn exactly at the pose — no system copies positions
// from a physics body or a transform into the sprite. Its name is
// "render.DrawSpriteAt[T, P]" ("render.DrawSpriteAt[render.Sprite,
// main.Body]").
func DrawSpriteAt[T ISprite, P IPose]() *glue.System {
	return glue.Each2P(func(_ glue.Entity, t *T, p *P, list glue.ResMut[DrawList]) {
		s := (*t).Sprite()
		x, y, r := (*p).Pose()
		if r != 0 {
			sin, cos := math.Sincos(r)
			s.X, s.Y = x+cos*s.X-sin*s.Y, y+sin*s.X+cos*s.Y
		} else {
			s.X, s.Y = x+s.X, y+s.Y
		}
		s.Rotation += r
		list.Get().AddSprite(&s)
	}).TypeArgs(reflect.TypeFor[T](), reflect.TypeFor[P]())
}
