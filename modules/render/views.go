package render

import "image/color"

// Views splits the screen into views of the world, each with a camera of
// its own: two players side by side, a minimap in a corner. It is a
// resource the plugin inserts, empty: then the frame is drawn through the
// [Camera] resource alone. With views, the flush system draws the world
// (the layers below [LayerUI]) once in each view, in the order of List —
// later views over earlier ones, each clipped to its rectangle — and then
// the UI layers once over the whole screen (see [DrawList.FlushViews]);
// the Camera resource is not used for drawing then.
//
// A view's camera is a plain [Camera] value: move it with
// [Camera.Follow] and shake it with [Camera.Shake] and [Camera.Advance]
// from the game's own systems ([FollowCamera] and [UpdateCamera] move the
// Camera resource). Culling, texts, custom draw funcs ([DrawList.GeoM])
// work in every view; a frame with views costs one pass over the draw
// list's world items, and at least one draw call, per view.
type Views struct {
	List []View
}

// ProvidedBy returns "render.Plugin", the plugin that inserts the Views.
func (Views) ProvidedBy() string { return pluginName }

// MachineLocal marks Views as this machine's (glue.MachineLocal).
func (Views) MachineLocal() {}

// View is one view of the world in [Views]: a rectangle of the screen,
// in logical pixels, and the camera that shows the world in it.
type View struct {
	// X, Y, W and H are the view's rectangle on the screen, in logical
	// pixels.
	X, Y, W, H float64
	// Camera maps the world into the view, as the [Camera] resource maps
	// it onto the whole screen: (Camera.X, Camera.Y) is shown at the
	// view's centre. Its zero value (Zoom 0) shows the world unmoved,
	// its origin at the view's top-left corner. The flush sets its view
	// size to W×H.
	Camera Camera
	// Background, if not zero, fills the view before the world is drawn
	// in it (a minimap's backdrop). The default (zero) value draws the
	// view over what is under it: the screen's background, or earlier
	// views.
	Background color.RGBA
}

// Contains reports whether the logical screen point (sx, sy) is in the
// view.
func (v *View) Contains(sx, sy float64) bool {
	return sx >= v.X && sy >= v.Y && sx < v.X+v.W && sy < v.Y+v.H
}

// ScreenToWorld maps a logical screen point (a pointer position
// converted with [Viewport.ToLogical]) to the world point the view shows
// there; the point need not be in the view.
func (v *View) ScreenToWorld(sx, sy float64) (x, y float64) {
	v.Camera.SetViewSize(v.W, v.H)
	return v.Camera.ScreenToWorld(sx-v.X, sy-v.Y)
}

// WorldToScreen maps a world point to the logical screen point where the
// view shows it (which may lie outside the view).
func (v *View) WorldToScreen(x, y float64) (sx, sy float64) {
	v.Camera.SetViewSize(v.W, v.H)
	sx, sy = v.Camera.WorldToScreen(x, y)
	return sx + v.X, sy + v.Y
}

// At returns the index of the view at the logical screen point (sx, sy)
// — the last one in List that contains it, as it is drawn on top — or -1
// if none does.
func (vs *Views) At(sx, sy float64) int {
	for i := len(vs.List) - 1; i >= 0; i-- {
		if vs.List[i].Contains(sx, sy) {
			return i
		}
	}
	return -1
}
