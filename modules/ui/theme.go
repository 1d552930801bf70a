package ui

import (
	"fmt"
	"image/color"

	"github.com/gluekit/glue/modules/render"
)

// Theme is how a [Menu] looks: its text, colours, sizes and, if set,
// the nine-slice images of its panels and widgets. [DefaultTheme]
// returns a plain one; a game changes its fields.
type Theme struct {
	// Text is the style of every text: font, size and colour (its Align
	// is set by each widget).
	Text render.TextStyle
	// Panel is the fill of panels; Widget of buttons, sliders' tracks,
	// toggles' boxes and fields; Focus of the focused widget's
	// outline; Accent of a slider's fill and a toggle's mark;
	// Disabled of the text of a disabled widget.
	Panel, Widget, Focus, Accent, Disabled color.RGBA
	// Padding is the space inside panels and widgets, Spacing between
	// the children of a row or a column, FocusWidth the width of the
	// focus outline, in logical pixels.
	Padding, Spacing, FocusWidth float64
	// PanelImage and WidgetImage, if their Image is not zero, are drawn
	// instead of the Panel and Widget fills, stretched as nine slices.
	PanelImage, WidgetImage NineSlice
}

// NineSlice is an image drawn stretched to any size with its corners
// kept: Border pixels from each edge are the corners and edges, the
// middle is stretched.
type NineSlice struct {
	Image  render.Image
	Border int
	// Left, Top, Right and Bottom, if any is set, are the edges' widths
	// in pixels instead of Border: an Aseprite slice's nine-slice centre
	// ([NineSliceOf]) has its own on each side. The default (all zero)
	// uses Border on every side.
	Left, Top, Right, Bottom int
}

// NineSliceOf returns the nine slices of the named slice of an Aseprite
// sprite (made with the Slice tool, with "9-Slices" ticked), at frame 0:
// a panel or button image drawn in Aseprite, for [Theme].PanelImage or
// WidgetImage. A slice without a nine-slice centre is an error saying
// so.
func NineSliceOf(a *render.Aseprite, slice string) (NineSlice, error) {
	img, k, err := a.SliceImage(slice, 0)
	if err != nil {
		return NineSlice{}, fmt.Errorf("ui: NineSliceOf: %w", err)
	}
	if k.Center.Empty() {
		return NineSlice{}, fmt.Errorf("ui: NineSliceOf: slice %q has no nine-slice centre; tick \"9-Slices\" in the slice's properties in Aseprite", slice)
	}
	w, h := img.Size()
	return NineSlice{Image: img, Left: k.Center.Min.X, Top: k.Center.Min.Y, Right: w - k.Center.Max.X, Bottom: h - k.Center.Max.Y}, nil
}

// edges returns the widths of the left, top, right and bottom edges of
// an iw×ih image: all zero if they leave no middle.
func (ns *NineSlice) edges(iw, ih int) (l, t, r, b int) {
	l, t, r, b = ns.Left, ns.Top, ns.Right, ns.Bottom
	if l == 0 && t == 0 && r == 0 && b == 0 {
		l, t, r, b = ns.Border, ns.Border, ns.Border, ns.Border
	}
	if l < 0 || t < 0 || r < 0 || b < 0 || l+r >= iw || t+b >= ih {
		return 0, 0, 0, 0
	}
	return l, t, r, b
}

// DefaultTheme returns a plain theme: Go Regular at 12 pixels, white on
// dark blue-grey, a yellow focus outline.
func DefaultTheme() Theme {
	return Theme{
		Text:       render.TextStyle{Size: 12, Color: color.RGBA{240, 240, 240, 255}},
		Panel:      color.RGBA{20, 24, 36, 230},
		Widget:     color.RGBA{56, 64, 90, 255},
		Focus:      color.RGBA{255, 210, 60, 255},
		Accent:     color.RGBA{90, 170, 255, 255},
		Disabled:   color.RGBA{120, 120, 120, 255},
		Padding:    6,
		Spacing:    4,
		FocusWidth: 2,
	}
}

// box draws a filled rectangle, or the nine-slice if it has an image.
func box(d *render.DrawList, x, y, w, h float64, fill color.RGBA, ns *NineSlice, z int) {
	if ns == nil || ns.Image.IsZero() {
		if fill.A > 0 {
			d.AddRect(x, y, w, h, fill, z)
		}
		return
	}
	iw, ih := ns.Image.Size()
	l, t, r, b := ns.edges(iw, ih)
	xs := [4]float64{x, x + float64(l), x + w - float64(r), x + w}
	ys := [4]float64{y, y + float64(t), y + h - float64(b), y + h}
	us := [4]int{0, l, iw - r, iw}
	vs := [4]int{0, t, ih - b, ih}
	layer := d.Layer()
	for j := range 3 {
		for i := range 3 {
			sw, sh := us[i+1]-us[i], vs[j+1]-vs[j]
			dw, dh := xs[i+1]-xs[i], ys[j+1]-ys[j]
			if sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 {
				continue
			}
			sub, err := ns.Image.Sub(us[i], vs[j], sw, sh)
			if err != nil {
				continue
			}
			d.AddSprite(&render.Sprite{Image: sub, X: xs[i], Y: ys[j], ScaleX: dw / float64(sw), ScaleY: dh / float64(sh), Layer: layer, Z: z})
		}
	}
}

// outline draws a rectangle's outline, width wide, inside it.
func outline(d *render.DrawList, x, y, w, h, width float64, c color.RGBA, z int) {
	if width <= 0 || c.A == 0 {
		return
	}
	d.AddRect(x, y, w, width, c, z)
	d.AddRect(x, y+h-width, w, width, c, z)
	d.AddRect(x, y+width, width, h-2*width, c, z)
	d.AddRect(x+w-width, y+width, width, h-2*width, c, z)
}
