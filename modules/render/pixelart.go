package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// PixelArt is the pixel-art mode of a [DrawList]: set it for the game
// with [Plugin].PixelArt, or on a list of your own with
// [DrawList.SetPixelArt]. The default (zero) value is off: images are
// drawn with linear filtering straight onto the screen, which blurs pixel
// art when scaled and, at any scale but 1 (whole scales included), blends
// each tile's edge with its neighbours in the tileset's image: draw tile
// maps in pixel-art mode, or give smoothed art extruded tilesets.
type PixelArt struct {
	// On draws the world layers (those below [LayerUI]) at the logical
	// resolution, with nearest filtering, into an image of the logical
	// screen's size, and then scales that image onto the screen once,
	// with nearest filtering too: pixels stay square and sharp, and tiles
	// that meet in the world meet on the screen, with no seam at any
	// scale or camera position. The UI layers are drawn afterwards at the
	// screen's full resolution, so text stays smooth; texts on world
	// layers are drawn at the logical resolution with the world. With
	// [Views], each view is drawn straight onto the screen with nearest
	// filtering (no intermediate image).
	On bool
	// SnapCamera rounds the camera's translation to whole logical pixels,
	// so that the world moves in whole pixels and sprites do not shimmer
	// as the camera glides. It needs On.
	SnapCamera bool
}

// SetPixelArt sets the list's pixel-art mode; see [PixelArt].
func (d *DrawList) SetPixelArt(p PixelArt) { d.pixel = p }

// PixelArt returns the list's pixel-art mode.
func (d *DrawList) PixelArt() PixelArt { return d.pixel }

// filter returns the filter images are sampled with.
func (d *DrawList) filter() ebiten.Filter {
	if d.pixel.On {
		return ebiten.FilterNearest
	}
	return ebiten.FilterLinear
}

// snap rounds a world transform's translation to whole pixels when the
// camera snaps.
func (d *DrawList) snap(m affine) affine {
	if d.pixel.On && d.pixel.SnapCamera {
		m.tx, m.ty = float32(math.Round(float64(m.tx))), float32(math.Round(float64(m.ty)))
	}
	return m
}

// flushPixelArt is flush without views in pixel-art mode: the world
// layers at scale 1 into the logical-size image, that image scaled onto
// dst (onto its part field, if field is not empty), then the UI layers
// onto dst.
func (d *DrawList) flushPixelArt(dst *ebiten.Image, scale float64, cam *Camera, items []item, field image.Rectangle) {
	b := dst.Bounds()
	if !field.Empty() {
		b = field
	}
	w, h := int(math.Ceil(float64(b.Dx())/scale)), int(math.Ceil(float64(b.Dy())/scale))
	if d.pixImg == nil || d.pixImg.Bounds().Dx() != w || d.pixImg.Bounds().Dy() != h {
		if d.pixImg != nil {
			d.pixImg.Deallocate()
		}
		d.pixImg = ebiten.NewImage(w, h)
	}
	d.pixImg.Clear()
	one := affine{a: 1, d: 1}
	v := view{world: one, ui: one, only: worldLayers}
	if cam != nil && (cam.Zoom != 0 || cam.shakeX != 0 || cam.shakeY != 0) {
		v.world = d.snap(cam.affine())
	}
	v.setClip(d.pixImg.Bounds())
	d.prepare(items, &v, true)
	d.draw(d.pixImg, &v)
	d.pixOpts = ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	d.pixOpts.GeoM.Scale(scale, scale)
	d.pixOpts.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(d.pixImg, &d.pixOpts)
	ui := affine{a: float32(scale), d: float32(scale)}
	v = view{world: ui, ui: ui, only: uiLayers}
	v.setClip(dst.Bounds())
	d.prepare(items, &v, true)
	d.draw(dst, &v)
}
