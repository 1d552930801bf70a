package ui

import (
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
	b := float64(ns.Border)
	bi := ns.Border
	if 2*bi >= iw || 2*bi >= ih {
		b, bi = 0, 0
	}
	xs := [4]float64{x, x + b, x + w - b, x + w}
	ys := [4]float64{y, y + b, y + h - b, y + h}
	us := [4]int{0, bi, iw - bi, iw}
	vs := [4]int{0, bi, ih - bi, ih}
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
