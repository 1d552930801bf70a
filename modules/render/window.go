package render

// Window is a ready-made window resource; it implements [IWindow]. Insert
// it and register [SetupWindow] for it:
//
//	app.InsertResource(render.Window{Title: "Breakout (glue demo)", Width: 200, Height: 400, Scale: 2})
//	app.AddStartup(render.SetupWindow[render.Window]())
//
// [Run] also applies a Window resource before it opens the window, so that
// the window opens at its final size.
type Window struct {
	// Title is the window's title.
	Title string
	// Width and Height are the logical screen size in pixels.
	Width, Height int
	// Scale is the number of screen pixels per logical pixel: the window
	// opens at Width×Scale by Height×Scale and is rendered at that
	// resolution — at less in a window made smaller, or a page smaller
	// than that ([Viewport.LayoutDevice]). The default (zero) value is 1.
	Scale float64
	// Resizable lets the user resize the window; the picture is scaled
	// to fit.
	Resizable bool
	// TPS is the number of ticks per second. The default (zero) value
	// keeps Ebitengine's, 60.
	TPS int
	// RunUnfocused keeps the game ticking while its window has lost the
	// focus or its page is hidden ([Focus]); set it for networked games,
	// whose session must keep going. The default (false) pauses a
	// single-player game while the player is away.
	RunUnfocused bool
	// PauseMenu says the game pauses itself, with a menu of its own, when
	// the focus is lost: [Focus] runs one more tick, with Focus.JustLost
	// set, in which the game opens its pause menu ([PauseOnFocusLoss] does
	// it for a game with a paused state), and draws no [PauseNotice] over
	// that menu; the frame after the tick shows it, natively as in the
	// browser. The default (false) stops the game at once, with the
	// notice. It changes nothing with RunUnfocused.
	PauseMenu bool
	// GrowDown lets the logical screen grow downwards with the window
	// when the window is taller than Width:Height — a phone held upright:
	// the field, Width × Height, keeps its size and its place at the top
	// of the screen, the world is drawn in it exactly as without growing
	// (clipped to it), and the space below it ([Viewport].Below logical
	// pixels) is left to the UI layers, e.g. touch controls anchored to
	// the screen's bottom (input.TouchControls). A window wider than the
	// field is letterboxed as without it. The default (false) letterboxes
	// every window.
	GrowDown bool
}

// MachineLocal marks Window as this machine's (glue.MachineLocal).
func (Window) MachineLocal() {}

// WindowTitle returns w.Title.
func (w Window) WindowTitle() string { return w.Title }

// LogicalSize returns w.Width and w.Height.
func (w Window) LogicalSize() (width, height int) { return w.Width, w.Height }

// WindowScale returns w.Scale.
func (w Window) WindowScale() float64 { return w.Scale }

// WindowResizable returns w.Resizable.
func (w Window) WindowResizable() bool { return w.Resizable }

// WindowTPS returns w.TPS.
func (w Window) WindowTPS() int { return w.TPS }

// WindowGrowDown returns w.GrowDown; see [IWindowGrow].
func (w Window) WindowGrowDown() bool { return w.GrowDown }
