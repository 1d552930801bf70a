// Package render draws a glue app with Ebitengine: it runs the app as an
// ebiten.Game and draws the game's components — boxes, circles and texts —
// through generic systems constrained by small interfaces. It is the only
// part of glue that imports Ebitengine's graphics.
//
// # Outline
//
//   - [Run] runs an app in a window; [NewGame] makes the ebiten.Game
//     without running it, for tests and custom loops.
//   - [Plugin] adds the resources ([Screen], [Viewport], [Background],
//     [DrawList], [Screenshot]) and the systems that clear the frame (in
//     the core stage glue.PreDraw), and flush and capture it (in
//     glue.PostDraw).
//   - [DrawBox], [DrawCircle] and [DrawText] are generic draw systems for
//     the game's components, which implement [IBox], [ICircle] or
//     [IText]; [Box], [Disc] and [Label] are ready-made ones.
//   - [SetupWindow] applies a window resource ([IWindow]; [Window] is
//     ready-made).
//
// # Wiring
//
//	app := glue.NewApp()
//	app.AddPlugins(timer.Plugin{}, input.Plugin{}, render.Plugin{})
//	app.InsertResource(render.Window{Title: "Breakout (glue demo)", Width: 200, Height: 400, Scale: 2})
//	app.AddStartup(render.SetupWindow[render.Window]())
//	app.AddSystems(glue.Draw,
//		render.DrawBox[Brick](), render.DrawBox[Paddle](),
//		render.DrawCircle[Ball](), render.DrawText[Score]())
//	if err := render.Run(app, nil); err != nil { … }
//
// # Frames
//
// Ebitengine calls the [Game]'s Update TPS times a second and Draw once
// per displayed frame. Update runs one tick of the app's update stages
// (glue.App.Update: glue.First … glue.Last). Draw puts the screen image in
// the [Screen] resource and runs the app's draw stages (glue.App.Draw), in
// order: in glue.PreDraw, [BeginSystem] clears the screen and the
// [DrawList]; the draw systems, in glue.Draw (or a stage the game added
// among the draw stages), add items to the list; in glue.PostDraw,
// [FlushSystem] draws the list onto the screen and [ScreenshotSystem]
// then takes a pending [Screenshot]. The systems of the draw stages run
// one at a time on Ebitengine's goroutine.
//
// # Coordinates and scale
//
// Systems draw in logical pixels: the [Viewport]'s Width × Height, x to
// the right and y down. The screen is rendered at Scale screen pixels per
// logical pixel, so a 200×400 game at scale 2 is drawn on an 400×800
// image — sharp text and round circles — and Ebitengine fits that image
// into the window, keeping its aspect ratio. Pointer input converts back
// with [Viewport.ToLogical].
//
// # Draw order and batching
//
// Every item has a layer, its Z: higher Z is drawn over lower Z; items
// of equal Z are drawn in the order they were added (draw systems in
// stage and registration order, entities in query order), so the picture
// is deterministic. At the end of the frame the list is sorted by Z
// (stable; usually already in order, otherwise by counting) and drawn
// with one DrawTriangles32 call: boxes, circles and texts of any colour
// are all quads from one atlas image, tinted by vertex colours. Ten
// thousand boxes and the score are one draw call. [DrawList.Stats] tells
// what the last frame drew. Adding and flushing reuse the list's memory,
// so drawing allocates nothing per entity in steady state.
//
// # Text
//
// Text is drawn with Ebitengine's text/v2 in the Go fonts
// (golang.org/x/image/font/gofont): Go Regular and Go Mono Bold. Each
// distinct string, font, size and alignment is rendered once into the
// atlas and drawn from there at whole-pixel positions; colour changes
// cost nothing. When the atlas's text area is full, texts not drawn in
// the current frame are dropped and the rest are packed anew. A text too
// large for the atlas is drawn directly, as a draw call of its own.
// [MeasureText] measures a text for layout.
//
// # Screenshots
//
// A [Screenshot] resource captures the screen after a given number of
// ticks, keeps it as an image, optionally writes it to a PNG file and
// optionally ends the app: tests check pixels with it, and games map
// their -screenshot FILE -frames N flags onto it through
// [Plugin.Screenshot].
//
// # Testing
//
// Ebitengine reads pixels back only inside a running game, so this
// package's tests run inside a game loop (see main_test.go): under
// `xvfb-run -a go test ./modules/render/...` where no display is. Without
// a DISPLAY the tests that need one skip, saying so.
package render
