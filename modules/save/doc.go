// Package save saves the world to a file and loads it back: every entity
// with its components of registered types, and the resources a game
// marks as saved, in a versioned, checksummed binary file written
// atomically — or, in the browser, in the page's localStorage.
//
// # Outline
//
//   - [Plugin]: the game's name, the codec.Registry of the types to save
//     (package github.com/gluekit/glue/codec, shared with modules/net),
//     the saved resources and the [Store].
//   - [Saves]: the resource systems ask for a save or a load through:
//     Save("quick"), Load("quick").
//   - [Result]: the event that reports each save and load, in the next
//     tick; failures are also logged.
//   - [QuickSave]: the quick save every game writes, F5 and F9, with a
//     render.Notice of what each did.
//   - [Store]: where saves are kept: [Dir] (files), [LocalStorage] (the
//     browser), [Memory].
//
// # What is saved
//
// A save holds every entity that has at least one component of a type in
// the registry — with those components, in the order the world stores
// them — and the resources listed in [Plugin.Resources] that the app
// holds (one it does not hold is named in the save's [Result.Notes] and
// the log, in native builds). Components of
// types that are not registered are not saved, and entities with none of
// a registered type (a HUD's labels) are neither saved nor touched by a
// load. Nothing else is saved: not events in flight, not glue.Local
// state, not the app's tick count, not the resources a module keeps for
// itself (physics' space is rebuilt from the loaded colliders by the
// change lists, as for any spawn). A game that needs some of its own
// state saved puts it in a saved resource or component.
//
// # When
//
// Requests made during a tick are carried out at its end, when the
// commands of glue.Last are applied (glue.Commands.Exclusive), in the
// order they were made, while no system runs. A save writes the tick's
// final state; a load replaces the world, and the next tick starts from
// the loaded state: a game saved at the end of tick N and loaded at the
// end of tick M plays tick M+1 as it played tick N+1. State machines are
// loaded as they were saved (glue.State and glue.NextState are resources
// like others, when registered and listed); their OnEnter and OnExit
// systems do not run. The [Result] of each request is an event in
// glue.First of the next tick, with the error of a failed one.
//
// # Loading
//
// A load reads the whole file and checks it before it changes anything:
// the magic bytes, the format version, the length and the CRC-32C
// checksum, the game's name, the structure, and that every value decodes
// — each by the schema the file recorded for its type, so that a save
// written before fields were added, removed, reordered or renamed still
// loads (codec.Codec.Adapt; docs/save.md). A missing, truncated,
// corrupt, foreign, newer or mismatched file, or a store that fails, is a
// [Result] error that names the file and the problem and wraps one of
// [ErrNotFound], [ErrStorage] ([ErrFull]), [ErrNotSave], [ErrFormat]
// ([ErrNewer]), [ErrTruncated], [ErrCorrupt], [ErrForeign] and
// [ErrTypes]; [Reason] gives the player a short line. The world is left
// as it was and the game goes on. Only then, in one step, the entities
// with registered components are despawned, the saved ones spawned and
// the saved resources set. A save made before the game saved a type
// loads: a saved resource the file lacks keeps the app's value, types the
// game no longer saves are ignored, and [Result.Notes] say so.
//
// # Entity references
//
// Loaded entities get new ids. A glue.Entity field of a registered type
// is an entity reference (a codec written by hand writes it with
// codec.Writer.Entity and reads it with codec.Reader.Entity):
//
//	type Target struct{ Of glue.Entity }
//
//	codec.Register[Target](reg)
//
// A load maps the saved ids to the new ones, so references between saved
// entities survive; a reference to an entity the file does not hold (one
// despawned before the save, or one with no registered component) loads
// as 0, no entity. New ids are handed out in the order of the saved ones,
// so loaded entities compare with each other as they did.
//
// # The file
//
// A 24-byte header — "GLUESAVE", format version 2 (uint16), flags 0
// (uint16), the body's length (uint64), its CRC-32C (uint32), all
// little-endian — then the body: the game's name, the table of the types
// the game registered (each one's schema: name, version, fields), the
// resources, and the
// entities in groups of the same types, each entity its id when saved and
// one payload per type as its codec wrote it. docs/save.md has the
// grammar. In the browser the same bytes are stored in base64.
package save
