package render

import "image/color"

// The constraints below are what a game's component types implement to be
// drawn by the generic draw systems. Their methods have value receivers
// and return plain values, so a component struct implements them with a
// few one-line methods, and a system calls them without allocating:
//
//	type Brick struct {
//		X, Y  float64
//		Color color.RGBA
//	}
//
//	func (b Brick) Rect() (x, y, w, h float64) { return b.X, b.Y, 20, 10 }
//	func (b Brick) Fill() color.RGBA           { return b.Color }
//	func (b Brick) Z() int                     { return 0 }
//
// Coordinates are logical pixels of the [Viewport]: x to the right, y
// down, (0, 0) the top-left corner. Colours are color.RGBA, which Go
// defines as alpha-premultiplied: opaque colours are written as usual,
// and a half-transparent red is {128, 0, 0, 128}.

// ILayer orders drawing. Z returns the item's layer: items of a higher Z
// are drawn over items of a lower Z. Items of equal Z are drawn in the
// order they were added to the [DrawList]: draw systems in stage and
// registration order, the entities of one system in query order.
type ILayer interface {
	Z() int
}

// IDrawLayer is an optional method of the components drawn by [DrawBox],
// [DrawCircle] and [DrawText]: DrawLayer returns the item's layer in the
// [DrawList] (0 without it). Return [LayerUI] or more for items drawn in
// screen space, ignoring the [Camera]: a score, a menu.
type IDrawLayer interface {
	DrawLayer() int
}

// IBox is a filled axis-aligned rectangle, drawn by [DrawBox]: Rect
// returns its top-left corner and size, Fill its colour.
type IBox interface {
	ILayer
	Rect() (x, y, w, h float64)
	Fill() color.RGBA
}

// ICircle is a filled circle, drawn by [DrawCircle]: Circle returns its
// centre and radius, Fill its colour. Edges are anti-aliased.
type ICircle interface {
	ILayer
	Circle() (cx, cy, r float64)
	Fill() color.RGBA
}

// IText is a text, drawn by [DrawText] in a Go font: Text returns the
// string (it may hold newlines), TextPos the anchor point that
// [TextStyle.Align] and [TextStyle.VAlign] place the text about, and
// TextStyle its size, colour and font. Text is called every frame: keep
// the string in the component and change it when it changes, rather than
// formatting it in Text, so that drawing allocates nothing.
type IText interface {
	ILayer
	Text() string
	TextPos() (x, y float64)
	TextStyle() TextStyle
}

// IWindow is a window configuration, applied by [SetupWindow]. [Window]
// implements it; a game may use its own type.
type IWindow interface {
	// WindowTitle returns the window's title.
	WindowTitle() string
	// LogicalSize returns the game's logical screen size in pixels: the
	// coordinate space of every draw system and of pointer input.
	LogicalSize() (width, height int)
	// WindowScale returns how many screen pixels a logical pixel covers:
	// the window opens at LogicalSize × WindowScale and the screen is
	// rendered at that resolution, so text and circles stay sharp (at
	// less in a smaller window: [Viewport.LayoutDevice]). Values <= 0
	// mean 1.
	WindowScale() float64
	// WindowResizable reports whether the user may resize the window. The
	// picture is scaled to fit, keeping its aspect ratio.
	WindowResizable() bool
	// WindowTPS returns the ticks (updates) per second, or 0 to keep
	// Ebitengine's default of 60.
	WindowTPS() int
}

// IWindowGrow is implemented by a window configuration ([IWindow]) whose
// logical screen may grow downwards with a tall window: [SetupWindow]
// copies WindowGrowDown into [Viewport].GrowDown. [Window] implements it
// (Window.GrowDown); a window type without the method never grows.
type IWindowGrow interface {
	// WindowGrowDown reports whether the logical screen grows downwards
	// with a window taller than the field's aspect.
	WindowGrowDown() bool
}
