package render

import "testing"

// TestOverlayCountedApart checks that items on LayerOverlay get a batch of
// their own and are counted apart, so that the frame's own figures are
// those it would have without the overlay.
func TestOverlayCountedApart(t *testing.T) {
	game := func(d *DrawList) {
		for i := range 10 {
			d.AddRect(float64(i), 0, 1, 1, red, 0)
		}
		d.SetLayer(LayerUI)
		d.AddRect(0, 0, 5, 5, blue, 0)
		d.SetLayer(0)
	}
	var plain DrawList
	game(&plain)
	plain.Flush(nil, 1)
	want := plain.Stats()
	if want.OverlayDrawCalls != 0 || want.OverlayVertices != 0 {
		t.Fatalf("no overlay, yet overlay figures: %+v", want)
	}

	var d DrawList
	d.SetLayer(LayerOverlay) // added first, drawn last
	d.AddRect(0, 0, 50, 20, blue, 0)
	d.AddRect(0, 0, 50, 20, red, 1)
	d.AddRect(0, 0, 50, 20, red, 2)
	d.SetLayer(0)
	game(&d)
	d.Flush(nil, 1)
	got := d.Stats()
	if got.OverlayDrawCalls != 1 || got.OverlayVertices != 12 {
		t.Errorf("overlay figures = %d draw calls, %d vertices; want 1, 12", got.OverlayDrawCalls, got.OverlayVertices)
	}
	if own := got.DrawCalls() - got.OverlayDrawCalls; own != want.DrawCalls() {
		t.Errorf("the frame's own draw calls = %d, want %d as without the overlay", own, want.DrawCalls())
	}
	if own := got.Vertices - got.OverlayVertices; own != want.Vertices {
		t.Errorf("the frame's own vertices = %d, want %d as without the overlay", own, want.Vertices)
	}
}
