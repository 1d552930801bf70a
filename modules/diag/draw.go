package diag

import (
	"image/color"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// The panels' layout, in units of the text's line height or in logical
// pixels.
const (
	margin      = 2   // logical pixels around the panels
	pad         = 0.4 // line heights inside a panel's edge
	lineSpacing = 1.25
	graphLines  = 3 // the graph's height, in lines
)

// draw adds the shown panels to the draw list on render.LayerOverlay.
func (o *Overlay) draw(list *render.DrawList, s *render.Screen, cam *render.Camera) {
	scale := s.Scale
	if scale <= 0 {
		scale = 1
	}
	size := o.textSize / scale
	if o.charSize != size {
		w, _ := render.MeasureText("0123456789", render.TextStyle{Size: size, Font: overlayFont()})
		o.charW, o.charSize = w/10, size
	}
	viewW, viewH := cam.ViewSize()
	lh := size * lineSpacing
	layer := list.Layer()
	list.SetLayer(render.LayerOverlay)
	defer list.SetLayer(layer)
	o.panels = o.panels[:0]
	o.rowsBox, o.rowH, o.timeline = box{}, 0, box{}

	x, y := float64(margin), o.top+margin
	maxChars := max(8, int((viewW-2*margin-2*pad*lh)/o.charW))
	if o.shown {
		lines := o.lines
		chars := 0
		for _, l := range lines {
			chars = max(chars, runeCount(l))
		}
		chars = min(max(chars, 30), maxChars)
		w := float64(chars)*o.charW + 2*pad*lh
		bar := 0.0
		if o.rw.first != 0 {
			bar = 1 // the rewind's timeline
		}
		h := float64(len(lines)+graphLines)*lh + bar*lh + 2*pad*lh
		b := box{x, y, w, h}
		o.panels = append(o.panels, b)
		list.AddRect(b.x, b.y, b.w, b.h, panelColor, 0)
		ty := y + pad*lh
		for i, l := range lines {
			c := textColor
			if i == 0 {
				c = headColor
			}
			list.AddText(clip(l, chars), x+pad*lh, ty, render.TextStyle{Size: size, Font: overlayFont(), Color: c}, 1)
			ty += lh
			if i == 0 && bar > 0 { // the timeline under the head, on screen however small
				o.drawTimeline(list, box{x + pad*lh, ty + 0.2*lh, w - 2*pad*lh, 0.6 * lh})
				ty += lh
			}
		}
		o.drawGraph(list, box{x + pad*lh, ty + 0.2*lh, w - 2*pad*lh, float64(graphLines)*lh - 0.4*lh})

		y = y + h + margin
	}
	if o.inspecting {
		o.drawInspector(list, viewW, viewH, y, size, lh, cam)
	}
}

// inspectorChars is the most characters a line of the inspector has.
const inspectorChars = 64

// drawInspector draws the inspector: at the bottom of the screen, below
// the overlay's panel (top, the y given), as wide as inspectorChars and
// as high as its text but at most 55% of the screen, so that a part of
// the game stays visible to click in. It shows its head, as many rows
// of the list as fit from the scroll position (at most half of the
// panel when an entity is selected) and the selected entity, and
// outlines that entity in the game.
func (o *Overlay) drawInspector(list *render.DrawList, viewW, viewH, top, size, lh float64, cam *render.Camera) {
	chars := max(8, min(inspectorChars, int((viewW-2*margin-2*pad*lh)/o.charW)))
	var detail []string
	for _, l := range o.ins.details {
		detail = append(detail, wrap(l, chars, "      ")...)
	}
	want := 2 + len(o.ins.rows) - o.ins.scroll + len(detail)
	lines := min(want, int((0.55*viewH-2*pad*lh)/lh), int((viewH-margin-top-2*pad*lh)/lh))
	if lines < 4 {
		return
	}
	b := box{w: float64(chars)*o.charW + 2*pad*lh, h: float64(lines)*lh + 2*pad*lh}
	b.x, b.y = margin, viewH-margin-b.h
	o.panels = append(o.panels, b)
	list.AddRect(b.x, b.y, b.w, b.h, panelColor, 0)
	tx, ty := b.x+pad*lh, b.y+pad*lh
	style := render.TextStyle{Size: size, Font: overlayFont(), Color: textColor}
	text := func(s string, c color.RGBA) {
		st := style
		st.Color = c
		list.AddText(clip(s, chars), tx, ty, st, 1)
		ty += lh
		lines--
	}
	head := o.inspectorHead()
	text(head[0], headColor)
	text(head[1], textColor)
	rows := len(o.ins.rows) - o.ins.scroll
	if len(detail) > 0 {
		rows = min(rows, max(lines/2, lines-len(detail)))
	}
	rows = max(0, min(rows, lines))
	o.rowsBox = box{b.x, ty, b.w, float64(rows) * lh}
	o.rowH, o.rowFirst = lh, o.ins.scroll
	sel, _ := o.Selected()
	for i := range rows {
		r := o.ins.rows[o.ins.scroll+i]
		c := textColor
		prefix := "  "
		if r.e == sel && sel != 0 {
			c, prefix = selColor, "> "
		}
		text(prefix+r.text, c)
	}
	for i, l := range detail {
		if lines <= 0 {
			break
		}
		c := textColor
		if i == 0 {
			c = selColor
		}
		text(l, c)
	}
	if sel != 0 {
		o.outlineSelected(list, sel, cam)
	}
}

// drawGraph draws the frame times as bars: green up to 1/60 s, yellow
// up to 1/30 s, red above, with a line at 1/60 s; the scale is 1/20 s.
func (o *Overlay) drawGraph(list *render.DrawList, b box) {
	const full = 50.0 // ms at the graph's top
	list.AddRect(b.x, b.y+b.h-b.h*16.7/full, b.w, max(b.h/60, 0.5), lineColor, 3)
	bw := b.w / graphLen
	n := min(o.frameN, graphLen)
	for i := range n {
		ms := o.frames[(o.frameN-n+i)%graphLen]
		c := goodColor
		switch {
		case ms > 34:
			c = badColor
		case ms > 17.5:
			c = slowColor
		}
		bh := min(ms/full, 1) * b.h
		list.AddRect(b.x+float64(graphLen-n+i)*bw, b.y+b.h-bh, max(bw*0.8, 0.5), bh, c, 2)
	}
}

// outlineSelected outlines the selected entity where it is drawn.
func (o *Overlay) outlineSelected(list *render.DrawList, sel glue.Entity, cam *render.Camera) {
	zoom := cam.Zoom
	if zoom == 0 {
		zoom = 1
	}
	shapes := shapesOf(o.app, sel, o.at, zoom, nil)
	if len(shapes) == 0 {
		return
	}
	top := &shapes[0]
	for i := range shapes {
		if shapes[i].above(top) {
			top = &shapes[i]
		}
	}
	pts := top.outline(cam)
	w := math.Max(1, o.charW/4)
	for i := range pts {
		a, c := pts[i], pts[(i+1)%len(pts)]
		list.AddLine(a.X, a.Y, c.X, c.Y, w, selColor, 4)
	}
}

// wrap cuts s into lines of at most n runes, the lines after the first
// starting with indent. It cuts after a space or after one of , ; / ] }
// within the line, where there is one ("Layers:T / ags" was cut
// mid-word), and within a word only if the word alone is longer than a
// line.
func wrap(s string, n int, indent string) []string {
	r := []rune(s)
	if len(r) <= n || n <= len(indent)+1 {
		return []string{s}
	}
	var out []string
	width, lead := n, ""
	for len(r) > width {
		k := width
		for i := width; i > width/3; i-- {
			if c := r[i-1]; c == ' ' || c == ',' || c == ';' || c == '/' || c == ']' || c == '}' {
				k = i
				break
			}
		}
		out = append(out, lead+strings.TrimRight(string(r[:k]), " "))
		r = r[k:]
		for len(r) > 0 && r[0] == ' ' {
			r = r[1:]
		}
		width, lead = n-len(indent), indent
	}
	if len(r) > 0 {
		out = append(out, lead+string(r))
	}
	return out
}

// clip cuts s to n runes, marking the cut with "~", after replacing the
// characters the overlay's font does not draw with '?' (drawable).
func clip(s string, n int) string {
	s = drawable(s)
	if runeCount(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "~"
}

func runeCount(s string) int { return utf8.RuneCountInString(s) }

// drawTimeline draws the rewind's history as a bar, with the snapshots
// as ticks and the tick shown as a marker; a click on it rewinds there.
func (o *Overlay) drawTimeline(list *render.DrawList, b box) {
	r := &o.rw
	o.timeline = b
	n := float64(r.last - r.first + 1)
	list.AddRect(b.x, b.y, b.w, b.h, lineColor, 2)
	for _, s := range r.snaps {
		list.AddRect(b.x+float64(s.tick-r.first)/n*b.w, b.y+b.h*0.6, max(b.w/n, 0.5), b.h*0.4, textColor, 3)
	}
	list.AddRect(b.x+float64(r.at-r.first)/n*b.w, b.y-b.h*0.2, max(b.w/n, 1.5), b.h*1.4, selColor, 4)
}
