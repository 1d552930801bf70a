// Package replay records a run of a game — its seed, its build's
// fingerprint and the input of every tick — and plays it back, checking
// tick by tick that the game plays as it was recorded: a bug report a
// player can send, a demo that plays itself, a test of determinism.
//
// # Use
//
// A game with flags adds -record FILE and -replay FILE with [Flags], and
// the plugin it returns to its app:
//
//	rp := replay.Flags(fs, "seed") // before fs.Parse
//	…
//	app := NewApp(cfg).AddPlugins(rp)
//	return replay.Run(cmd, rp, app, render.Headless{}, report) // render.Command's Run, and the final digest checked
//
//	go run ./games/breakout -record run.replay   # play, then close
//	go run ./games/breakout -replay run.replay   # watch it again
//
// or sets [Plugin] itself. The plugin needs input.Plugin (the input it
// records and plays is input.Devices, written before glue.PreUpdate
// while replaying, the devices left unread: input.External).
//
// # Networked matches
//
// In an app with a rollback session (modules/net's Rollback, or a
// watcher's RollbackWatch) the same plugin records the match: the
// session finds the plugin's match.Tap (package
// [github.com/gluekit/glue/modules/replay/match]) and hands it every
// player's confirmed input of each tick — never a predicted one — with
// the tick's checkpoint, and the match's seed, players and input type.
// Replaying such a recording, the session connects to nothing and runs
// the match offline from the recorded inputs. A host's, a guest's and a
// watcher's recordings of one match end at one final digest
// ([Plugin.ReplayPlayers] says a recording is a match's: a game's main
// then serves and joins nothing; docs/net.md, "Record a networked
// match").
//
// # One digest
//
// The digests are glue's Checkpoint.Digest, the one rollback compares:
// the entities, each component type, each resource not marked
// glue.MachineLocal (Plugin.Registry, if set, limits them to its types
// and Plugin.Resources).
//
// # What is recorded
//
// The seed (Plugin.Seed: -replay sets the game's seed flag to it), the
// other flags the run was started with, the game's name (save.Plugin.Game:
// a replay of another game is refused with [ErrForeign]), a fingerprint
// of the build (a hash of the startup and update systems in their order,
// and one of the digested types' schemas: a replay on another build, or
// with another seed, is refused with [ErrBuild]),
// the changes of input.Devices tick by tick (only what changed, in
// varints) or, in a match, of each player's input, and digests of the
// world: every Plugin.Every ticks a 16-bit digest of the whole world,
// every Plugin.Detail of those checks the 16-bit digest of every value
// that changed since — each component of each entity, each resource —
// and after the last tick the 64-bit digest of each part. A ten-minute
// game of breakout, played with the keys, is about 8.5 KB
// (docs/replay.md).
//
// # Checking
//
// The replay computes the same digests at the same ticks. The first
// check whose world digest differs says between which ticks the game
// diverged (at which tick, with Every 1); the next detailed check names
// the components and entities whose values differ. The replay then fails
// the app with an error wrapping [ErrDiverged], also in [Status].Err.
// After the last recorded tick the world's full 64-bit digest is
// compared (naming the parts that differ), and the app ends
// ([Status].Done). A replay stopped before
// its last tick never checked it: [Plugin.Err] says so
// ([ErrUnfinished]), and a game's main exits with a failure when Err is
// not nil, running a headless replay for [Plugin.ReplayTicks] ticks until
// [Plugin.Finished]: [Run] does both. A file that cannot be true — a tick count its
// digests do not account for, inputs beyond it — is refused before it is
// played, with [ErrNotReplay]: a tick count its digests do not account
// for, a match of more than 4 players, an input longer than the file; a
// file of format 1 (the replay's own digests) with [ErrBuild]. A detailed
// check names at most 16 entities of a component type; when more changed
// since the previous one, it names the type only.
//
// # Failures
//
// A refused replay's error (a file missing or damaged, another build,
// seed or game) is App.Build's and [Plugin.Err]'s. A recording that
// cannot be written is not lost silently: [Status].Err and [Plugin.Err]
// wrap save.ErrStorage, the game plays on, and [Run] exits 1. A tick that
// fails (a system panics) before the app is closed is recorded with the
// world it left, which is the same in every run: its replay fails at that
// tick with the same error and checks that world ([Status].Done).
package replay
