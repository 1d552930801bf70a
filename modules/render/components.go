package render

import (
	"image/color"
	"strconv"
)

// Box is a ready-made component for a filled rectangle; it implements
// [IBox] and [IDrawLayer]. Games with their own component types
// implement IBox on them instead.
type Box struct {
	X, Y, W, H float64
	// Color is the fill. The default (zero) value is transparent: the
	// box draws nothing.
	Color color.RGBA
	Layer int // the Z
	// UI puts the box on [LayerUI]: in screen coordinates, ignoring the
	// camera.
	UI bool
}

// DrawLayer returns LayerUI for a UI box, else 0.
func (b Box) DrawLayer() int {
	if b.UI {
		return LayerUI
	}
	return 0
}

// Rect returns the box's top-left corner and size.
func (b Box) Rect() (x, y, w, h float64) { return b.X, b.Y, b.W, b.H }

// Fill returns the box's colour.
func (b Box) Fill() color.RGBA { return b.Color }

// Z returns the box's layer.
func (b Box) Z() int { return b.Layer }

// Disc is a ready-made component for a filled circle; it implements
// [ICircle].
type Disc struct {
	X, Y, R float64 // centre and radius
	// Color is the fill. The default (zero) value is transparent: the
	// disc draws nothing.
	Color color.RGBA
	Layer int
}

// Circle returns the disc's centre and radius.
func (d Disc) Circle() (cx, cy, r float64) { return d.X, d.Y, d.R }

// Fill returns the disc's colour.
func (d Disc) Fill() color.RGBA { return d.Color }

// Z returns the disc's layer.
func (d Disc) Z() int { return d.Layer }

// Label is a ready-made component for a text; it implements [IText]
// and [IDrawLayer].
type Label struct {
	Value string
	X, Y  float64
	Style TextStyle
	Layer int // the Z
	// UI puts the label on [LayerUI]: in screen coordinates, ignoring
	// the camera.
	UI bool
}

// DrawLayer returns LayerUI for a UI label, else 0.
func (l Label) DrawLayer() int {
	if l.UI {
		return LayerUI
	}
	return 0
}

// Text returns the label's text.
func (l Label) Text() string { return l.Value }

// TextPos returns the label's anchor point.
func (l Label) TextPos() (x, y float64) { return l.X, l.Y }

// TextStyle returns the label's style.
func (l Label) TextStyle() TextStyle { return l.Style }

// Z returns the label's layer.
func (l Label) Z() int { return l.Layer }

// SetInt sets the label's text to prefix followed by n in decimal ("Score
// 120"), allocating a new text only when it differs from the one shown:
// a score or lives label updated every tick allocates only when the
// number changes.
func (l *Label) SetInt(prefix string, n int) {
	var buf [64]byte
	if text := strconv.AppendInt(append(buf[:0], prefix...), int64(n), 10); string(text) != l.Value {
		l.Value = string(text)
	}
}

// Align places a text about its anchor point along one axis.
type Align uint8

const (
	// AlignStart puts the anchor at the text's left edge (horizontally)
	// or the top of its first line (vertically). It is the default.
	AlignStart Align = iota
	// AlignCenter centres the text on the anchor.
	AlignCenter
	// AlignEnd puts the anchor at the text's right edge or the bottom of
	// its last line.
	AlignEnd
)

// DefaultTextSize is the text size, in logical pixels, of a [TextStyle]
// whose Size is zero.
const DefaultTextSize = 12

// TextStyle is how a text looks. The zero value is 12-pixel Go Regular,
// in opaque white, anchored at its top-left corner: every field's zero
// value means the default its doc states.
type TextStyle struct {
	// Size is the font size (the em height) in logical pixels. The
	// default (zero) value is DefaultTextSize.
	Size float64
	// Color is the text's colour. The default (zero) value is opaque
	// white, so that a TextStyle{} shows. Any other colour with alpha 0
	// is transparent and draws nothing (its Backdrop still draws), e.g.
	// tween.Clear, which a colour tween writes when it fades a text
	// out.
	Color color.RGBA
	// Font is the typeface. The default (zero) value is Go Regular.
	Font Font
	// Align places the text horizontally about its anchor, VAlign
	// vertically. The default (zero) values anchor the top-left corner.
	Align, VAlign Align
	// Wrap, if positive, breaks the text's lines between words so that
	// none is wider than Wrap logical pixels, as [WrapText] does: a
	// message of any length stays within a field or a panel. The text is
	// wrapped when it is first drawn and again only when it changes.
	Wrap float64
	// Backdrop, if not zero, is the colour of a box drawn behind the
	// text (at its Z, under it), Pad logical pixels larger than the text
	// on every side: a message stays readable over the game. A text of
	// no lines has no box.
	Backdrop color.RGBA
	Pad      float64
}

// color returns the text's colour, white for the zero value.
func (s TextStyle) color() color.RGBA {
	if s.Color == (color.RGBA{}) {
		return color.RGBA{255, 255, 255, 255}
	}
	return s.Color
}

func (s TextStyle) size() float64 {
	if s.Size > 0 {
		return s.Size
	}
	return DefaultTextSize
}
