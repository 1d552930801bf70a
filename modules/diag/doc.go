// Package diag shows what goes on inside a running glue game: an overlay
// of figures and an entity inspector, drawn over the game by render.
//
//	app.AddPlugins(diag.Plugin{}) // F3: figures, F4: inspector, F6: pause, F7: step (Shift+F7: back), F8: filter
//
// The overlay (F3) shows frames and ticks per second with a graph of the
// last frame times, the tick count, the number of entities and
// archetypes, the last frame's draw calls and vertices (render.Stats,
// without the overlay's own), the heap in use and the GC's pauses
// (runtime/metrics), and the time of every stage and of the slowest
// systems (glue.App.Timings), and under them the lines of every
// resource that is a [Liner] — a rollback session's net.Stats: round
// trip, input delay, rollbacks, bytes — which diag does not import. The inspector (F4) lists the entities with
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
// # Rewind
//
// In an app with save.Plugin, while a panel is shown, the plugin keeps
// the last [Plugin.Rewind] (10 s; at most [Plugin.RewindBytes] of
// snapshots, 32 MB) of the game: every tick's
// input.Devices and, every [Plugin.RewindEvery] ticks, a snapshot of the
// world (save.Saves.Snapshot: what a quick save holds). Paused,
// Shift+F7 steps a tick back and F7 a tick forward, and a click on the
// timeline under the overlay's first line goes to its tick
// ([Overlay.Rewind]): the last snapshot before the tick is restored and
// the ticks from it re-simulated with their recorded input (the devices
// left unread: input.External), one tick per glue.App.Update. The
// inspector follows the selected entity, which a restore gives a new id.
// Resumed (F6) from a past tick, the game plays on from there with the
// live input, and the history after it is dropped: a new branch. The
// overlay shows the ticks held and their memory ([Overlay.History]);
// docs/replay.md has the measurements. Only what a save holds is
// restored (the game's saved components and resources).
//
// # Cost
//
// Hidden, the plugin costs a tick the test of [RewindSystem]'s condition
// (with Plugin.Rewind negative, nothing), and glue's pause and profiling
// switches are a test each. A frame costs
// one run of [FrameSystem], which looks at the keys. Shown,
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
//
// # Memory probe
//
// A program that imports diag, built with -tags memprof, samples one
// allocated byte in 512 (runtime.MemProfileRate) and offers [HeapProfile]
// and [MemoryMetrics]; in the browser the page calls them as
// window.glueHeapProfile() and window.glueMetrics() (web/test/memprobe.mjs,
// docs/web.md). Without the tag neither exists.
package diag
