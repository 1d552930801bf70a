// Package render draws a glue app with Ebitengine: it runs the app as an
// ebiten.Game and draws the game's components — images and animated
// sprites, boxes, circles, lines, polygons and texts — through generic
// systems constrained by small interfaces, into one z-ordered draw list
// seen through a camera. It is the only part of glue that imports
// Ebitengine's graphics.
//
// # Outline
//
//   - [Run] runs an app in a window; [NewGame] makes the ebiten.Game
//     without running it, for tests and custom loops.
//   - [Command] is a game's command line: the flags games share (-seed,
//     -headless, -ticks, -schedule, -sequential and the window's
//     [AddFlags]), their checks ([Problems]), and the run they ask for,
//     in a window or without one ([RunHeadless]).
//   - [Plugin] adds the resources ([Screen], [Viewport], [Background],
//     [DrawList], [Camera], [Views], [Screenshot]) and the systems that clear the frame (in
//     the core stage glue.PreDraw), and flush and capture it (in
//     glue.PostDraw).
//   - [DrawBox], [DrawCircle] and [DrawText] are generic draw systems for
//     the game's components, which implement [IBox], [ICircle] or
//     [IText]; [Box], [Disc] and [Label] are ready-made ones.
//   - [SetupWindow] applies a window resource ([IWindow]; [Window] is
//     ready-made).
//   - [LoadImage], [LoadImages] and [NewImage] put images into atlas
//     pages; an [Image] is a region of one. [LoadImagesAsync] loads in
//     the background, from any fs.FS or an [HTTPFS]. [GridSheet] and [NamedSheet]
//     cut a [Sheet] into frames, [Sheet.Clip] makes a [Clip].
//   - [DrawSprite] draws components implementing [ISprite] ([Sprite] is
//     ready-made); [DrawSpriteAt] draws them at a second component's
//     pose ([IPose]: a physics body, a transform), so no system copies
//     positions. [DrawPolygonAt] draws vector art ([IPolygon], [Shape]) at
//     a pose.
//   - [Animator] plays a clip; [Animate] advances animators by the
//     timer module's clock and writes [ClipEnded] events.
//   - [Camera] (a resource) maps the world onto the screen; [UpdateCamera]
//     shakes it and [FollowCamera] follows a target. [Views] splits the
//     screen into views with cameras of their own.
//   - [DrawList] takes items — shapes such as polylines with joins
//     ([DrawList.AddPolylineJoin]) — and custom draw funcs
//     ([DrawList.AddFunc]) from any system of the draw stages.
//   - [Font] is a typeface for a [TextStyle]: [FontRegular],
//     [FontMonoBold] or a game's own ([NewFont]).
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
// into the window, keeping its aspect ratio. In a window too small to show
// that many pixels the screen is rendered at fewer, a whole number of
// them per logical pixel ([Viewport.LayoutDevice]): the GPU draws no more
// than about what the window shows. Custom draws scale by [Screen].Scale,
// which says the scale of the frame; pointer input converts back with
// [Viewport.ToLogical].
//
// A window of another aspect is letterboxed, unless the game's [Window]
// says GrowDown: then a window taller than the field (a phone held
// upright) grows the screen downwards to its aspect ([Viewport.LayoutDevice]).
// The field, Width × Height, stays at the top, as wide as the window, and
// the world is drawn in it exactly as before, clipped to it; the
// [Viewport]'s Below logical pixels under it are for the UI layers —
// touch controls (modules/input's corner anchors), a score, buttons — in
// the same coordinates, y from Height to Height + Below. A wider window
// is letterboxed as ever.
//
// # Draw order and batching
//
// Every item has a layer and a Z: lower layers are drawn first, higher Z
// over lower Z within a layer, and items of equal layer and Z in the
// order they were added (draw systems in stage and registration order,
// entities in query order), so the picture is deterministic. Boxes,
// circles and texts are on layer 0 unless their component implements
// [IDrawLayer]; sprites carry theirs. At the end of the frame the list is
// sorted (stable; usually already in order, otherwise by counting) and
// drawn with as few DrawTriangles32 calls as the atlas pages allow: every
// item is a quad from an atlas page, tinted by vertex colours — boxes,
// circles, lines, polygons and texts from the shapes page, images from
// the image pages ([PageSize] square) — and a run of items from one page
// is one call. Ten thousand sprites from one page and the score are two
// draw calls. A custom draw func is called in its place in the order,
// between runs. [DrawList.Stats] tells what the last frame drew. Adding
// and flushing reuse the list's memory, so drawing allocates nothing per
// entity in steady state.
//
// # Images, sprites and animation
//
// Images are loaded from an fs.FS — an embed.FS in the games, so that
// they work in the browser too — as PNG files, packed into atlas pages
// (shelves, tallest first) with a transparent border. A missing or
// undecodable file is an error naming its path. Natively Go's image/png
// decodes them; in the browser the browser's own decoder does
// ([DecodeImage]), so a page's download carries no PNG decoder and the
// game imports none. [HTTPFS] fetches files
// over HTTP (with the page's fetch in the browser); [LoadImagesAsync]
// loads on a goroutine of its own while the game goes on — the way to
// load from an HTTPFS in the browser without freezing the page — and a
// system polls it until the images are in the atlas. A [Sprite] places an
// image (or a sheet frame) with its origin at X, Y, turned, scaled,
// flipped and tinted; sprites are drawn with linear filtering, or in
// [PixelArt] mode (render.Plugin.PixelArt) with nearest filtering, the
// world drawn at the logical resolution and scaled once so that tiles
// show no seams, and the camera optionally snapped to whole pixels. An
// [Animator] component plays a [Clip] — frames with per-frame durations,
// [Loop], [Once] or [PingPong], at its own speed — by the game clock
// (timer.Time), so pausing and scaling the clock apply; [Animate] shows
// its frame in the entity's Sprite. An invalid clip (no frames, a frame
// out of range) is an error where it is made, and an animator playing
// one fails the app with that error instead of panicking.
//
// # Cameras
//
// The [Camera] resource is off in its zero value (world coordinates are
// screen coordinates). With a Zoom it shows the world point (X, Y) at the
// viewport's centre, zoomed and turned, kept inside Bounds, shaken by
// [Camera.Shake]. Items on layers from [LayerUI] up ignore it: a score,
// buttons ([Label] and [Box] have a UI field). Items of the world layers
// that fall wholly outside the screen are culled before they reach the
// GPU. [Camera.ScreenToWorld] maps a pointer position, converted with
// [Viewport.ToLogical], to the world.
//
// More than one camera: the [Views] resource splits the screen into
// views, each a rectangle with a [Camera] of its own — two players side
// by side, a minimap over a corner. The world layers are then drawn once
// per view, clipped to it and culled against it, and the UI layers once
// over the whole screen; [Views.At] and [View.ScreenToWorld] map a
// pointer to the view under it and the world point it shows. A custom
// draw func gets the transform of the view it is drawn in from
// [DrawList.GeoM].
//
// # Text
//
// Text is drawn in the Go fonts (golang.org/x/image/font/gofont), Go
// Regular ([FontRegular], the default) and Go Mono Bold ([FontMonoBold]),
// or in a font of the game's own ([NewFont]); a Go font's data is linked
// only into programs that use it. Glyphs are rasterized by
// golang.org/x/image's opentype package at the text's size on screen
// (style size times the screen scale), so text stays crisp at every
// scale; lines are laid out with the font's advances and kerning, without
// shaping (Latin, Greek and Cyrillic texts need none; Ebitengine's
// text/v2 is not used, and its shaping engine not linked). In the
// browser, the Go fonts' glyphs are drawn by the page's own text
// renderer instead, each where render places it, and the lines are laid
// out by a table of the font's advances and line metrics that matches
// opentype's to the 1/64 pixel: a text measures and wraps the same in
// the browser as natively, and the download carries no font parser or
// rasterizer (about 40 kB less at brotli -q 11); only the glyphs'
// anti-aliasing differs. A font of the game's own is rasterized by
// opentype in the browser too. Each distinct
// string, font, size and alignment is rendered once into the atlas and
// drawn from there at whole-pixel positions; colour changes cost nothing.
// When the atlas's text area is full, texts not drawn in the current
// frame are dropped and the rest are packed anew. A text too large for
// the atlas is rendered into an image of its own and drawn as a draw call
// of its own. [MeasureText] measures a text for layout.
//
// A [Notice] is a short message for the player that goes by itself after
// [NoticeTicks] ticks: what a quick save did (save.QuickSave), that the
// sound is off (audio.MuteKey). The plugins that show notices share one,
// inserted by [AddNotice]; the game draws its Text where it likes.
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
//
// # Focus
//
// A single-player game pauses while the player is away: once its window
// has had the focus and lost it (in a browser: the page lost the focus
// or was hidden), it runs no tick until it is back — Ebitengine's own
// pause (ebiten.SetRunnableOnUnfocused), turned on once the window was
// seen focused. In the browser the focus is read every tick, and the
// frame after it is lost shows [PauseNotice] ("Paused — click or press
// a key to resume") over the world before Ebitengine pauses the page;
// on the desktop the last frame stays as it was (reading the focus
// there allocates). [Window].RunUnfocused keeps a networked game ticking.
// A game with a pause menu of its own sets [Window].PauseMenu and adds
// [PauseOnFocusLoss] to glue.First: it gets one more tick after the
// loss (Focus.JustLost), in which its paused state is entered and its
// menu opens, and the frame after shows that menu, with no notice — on
// the desktop too, where its focus is then read every 15th tick.
// Breakout and the platformer do:
//
//	app.InsertResource(render.Window{..., PauseMenu: true})
//	app.AddSystems(glue.First, render.PauseOnFocusLoss(Paused, Playing))
//
// The [Focus] resource takes a Source that tests set instead (a window
// under Xvfb may never get the focus, and one that never had it is not
// paused).
package render
