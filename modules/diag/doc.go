// Package diag shows what goes on inside a running glue game: an overlay
// of figures and an entity inspector, drawn over the game by render.
//
//	app.AddPlugins(diag.Plugin{}) // F3: figures, F4: inspector, F6: pause, F7: step, F8: filter
//
// The overlay (F3) shows frames and ticks per second with a graph of the
// last frame times, the tick count, the number of entities and
// archetypes, the last frame's draw calls and vertices (render.Stats,
// without the overlay's own), the heap in use and the GC's pauses
// (runtime/metrics), and the time of every stage and of the slowest
// systems (glue.App.Timings). The inspector (F4) lists the entities with
// their component types, filtered by one type (F8, Shift+F8; after the
// last type, the app's resources with their values), and shows
// the selected entity's components with their values as fmt prints
// them; a click on an entity in the game selects it ([Pick]) and
// outlines it, a click on a row of the list too. F6 pauses and resumes
// the game's ticks (glue.App.Pause) — the draw stages go on, so the game
// stays on screen and can be inspected — and F7 runs exactly one tick of
// a paused game (glue.App.Step). The keys work while the overlay or the
// inspector is shown; [Plugin.Keys] changes them. Hiding both panels
// resumes a game their keys paused.
//
// # Cost
//
// Hidden, the plugin costs a tick nothing: it has no system in the update
// stages, and glue's pause and profiling switches are a test each. A
// frame costs one run of [FrameSystem], which looks at the keys. Shown,
// it turns on glue's timing of stages and systems (two clock reads per
// system run), reads the world, the timings and runtime/metrics four
// times a second ([RefreshEvery]) — with reflection and allocations —
// and adds its panels to the frame's draw list on render.LayerOverlay, in
// a batch of their own. docs/diagnostics.md has the measurements.
//
// # Input
//
// The plugin reads the keyboard and mouse from Ebitengine directly, in
// glue.Draw, once a frame: the update stages do not run while the game is
// paused, and a system in them would cost every tick. On the desktop a
// press counts when a frame sees the key down that the previous frame
// saw up, so a tap shorter than a frame is missed at a few frames per
// second; in the browser, where a software WebGL can be that slow, the
// page's own key and mouse events are counted, and no tap is lost. The
// plugin does not take the input from the game: a key or a click the
// inspector uses is seen by the game too (pause first to click around
// without playing).
//
// # Text
//
// The panels draw with a cut of Go Mono Bold that holds printable ASCII
// and µ only (overlay.ttf, made by go generate from the Go font of the
// x/image version in go.mod), so that a browser build does not download
// the whole font for the overlay; a character outside it — in an entity's
// component values, say — is drawn as '?'.
package diag
