// Package net sends entities over the network: a WebSocket server that
// replicates the entities a game picks to its clients, and a client —
// native or in the browser (GOOS=js GOARCH=wasm) — that mirrors them into
// its own world, so that its systems cannot tell a received entity from a
// local one. Clients send inputs back. It is the networking module of the
// Lepenka thesis (§4.3) on github.com/coder/websocket.
//
// In the browser the client speaks through the page's own WebSocket
// (the same frames, the same errors), and the server is left out: a
// page cannot listen, and the server's net/http and crypto/tls were most
// of a browser build's code (docs/web.md). [Server] exists there as a
// type only, so that code naming it compiles; no browser app has one.
//
// # Outline
//
//   - codec.Registry (package github.com/gluekit/glue/codec, shared with
//     modules/save): the types that may cross the network, one line each
//     (codec.Register[Ball](reg), the codec derived from the fields). The
//     wire numbers them in name order and checks a hash of each one's
//     schema, so server and clients register the same types with the
//     same options. Entity references (glue.Entity fields) are sent as
//     the server's ids, not translated to the client's.
//   - [ServerPlugin] and its [Server] resource: listens (startup system
//     [ListenSystem]), publishes what the [Send] and [SendResource]
//     systems record every [ServerConfig.SendEvery] ticks, and hands the
//     game its clients' [Inputs].
//   - [ClientPlugin] and its [Client] resource: connects to the [Peer]
//     resource (startup system [ConnectSystem]), applies what arrives
//     through Commands, and sends inputs: [SendInput] for events,
//     [SendPeriodically] for input state held in a resource.
//   - [Remote]: the component a client adds to each received entity;
//     [Replicated]: a ready-made tag for picking the entities to send.
//   - Smooth remote play, on clients: [Interpolate] shows received
//     components blended between states, a render delay in the past;
//     [Predict] applies the player's own input to the entity it controls
//     at once ([IOwner] says which), sends it stamped with the client's
//     tick ([Input.Tick] on the server) and reconciles with the server's
//     answer.
//   - Interest management, on the server: [Interest] decides per client
//     which entities it is sent.
//   - Rollback netcode for 2 to 4 players ([RollbackConfig.Players]):
//     [Rollback] runs the whole game on every side, relays each player's
//     inputs through the server, predicts the others' and, when a
//     prediction was wrong, restores a glue.Checkpoint and runs the ticks
//     since again; the game reads each [Player]'s input as its own type,
//     with its [InputStatus], in [PlayerInputs]; [Session] counts what it
//     did and [Desync] reports states that differ (rollback.go,
//     playerinputs.go, relay.go; docs/net.md, "Rollback").
//     [RollbackWatch] watches a match from its confirmed inputs only, a
//     few ticks behind, with no path to the players (rollback_watch.go). The server grants each rollback
//     seat to one client ([ServerConfig.SeatKeys] keeps seats for invited
//     players) and relays messages between seated players only, never to
//     watchers; a client claiming a held seat, or relaying without one,
//     is disconnected with the reason. A host that also serves watchers
//     publishes each tick once: ticks run again are no ticks of its
//     server's. The session survives a bad link — inputs are sent again
//     on a timer, a reconnecting player keeps its seat — tells the game what happens in [SessionEvent]s
//     ([SessionNotices] keeps them as the player's line, [SessionNotice]),
//     ends with a reason wrapping [ErrDisconnected] instead of waiting
//     for ever, refuses messages outside a window around its tick, and
//     moves its input delay with the round trip during the match, the
//     longest over the players (rollback_events.go, adapt.go; docs/net.md, "When the link is
//     bad"). Its figures are the [Stats] resource, which a diagnostics
//     overlay shows.
//   - Reconnection ([ServerConfig.ReconnectGrace]): a player whose
//     connection is lost keeps its [ClientID] and seats for the grace
//     period; its client presents a token in a header (never the URL),
//     which rotates on every resume. A watcher's slot is not held.
//   - The sync test, the first check of a game meant for rollback:
//     [SyncTest] runs the game in one process and after every tick runs
//     the last [DefaultSyncCheck] ticks again from their checkpoint,
//     comparing digests; a [SyncError] names the tick, the components
//     and the entities that differ (synctest.go; docs/net.md, "The sync
//     test").
//   - Stages: the plugins add their systems to the core stages. Received
//     state and inputs are handed over in glue.PreUpdate
//     ([ReceiveSystem], [BeginTickSystem]), before the game's rules, and
//     the client's clock advances there ([ClockSystem]); the game adds its
//     [Send], [SendResource], [Interest], [SendPeriodically],
//     [Interpolate] and [Predict] systems to glue.PostUpdate, after them;
//     the server publishes in glue.Last ([PublishSystem]).
//
// # Replication
//
// On a send tick every Send[T] system encodes component T of each entity
// it matches (filter it like any entity system, typically with a tag
// component) and the publish system sorts the records into a state: the
// entities by network id, each with its encoded components. Changes are
// found by comparing this state's bytes with the last published one —
// per component per entity, in one merge pass — rather than by tracking
// writes: glue cannot see writes through component pointers, and for a
// breakout-sized world (40 entities, under 1 KB encoded) the whole send —
// encode, compare, publish — costs about 10 µs (BenchmarkPublish200).
// Only a state that differs is published (the first always is; when
// nothing changes, the first unchanged state is, so that clients know the
// change ended, and then one every [ServerConfig.Heartbeat] sends, so that
// clients see the tick advance).
//
// A connection gets a snapshot of the latest state when it opens, then
// deltas: created entities with their components, changed entities with
// only their changed (or removed) components, removed entities; each
// stamped with the server tick it leads to and the one it applies to.
// The game loop never writes to a socket: publishing stores the state and
// signals a goroutine that wakes each connection's writer goroutine
// through a one-slot channel.
// The writer sends the delta shared by all up-to-date clients; a writer
// that is behind (its client reads slowly) skips the states it missed and
// sends one delta from what its client has to the latest, computed for
// it; a new connection gets the snapshot, encoded once per state. A
// client that takes no message for [ServerConfig.WriteTimeout] is
// disconnected. So per-client queues hold at most one state, coalesce to
// the latest, and a slow client costs the game loop nothing.
//
// Entities are identified on the wire by network ids the server assigns
// ([Server.NetID]), never reused while it runs: small numbers that cost a
// byte or two. The client keeps its copy of the server state (decoded
// values by network id) and, at the start of each tick, turns what
// changed into commands: Spawn with the components and [Remote]{ID} for a
// new entity, Insert for changed components, Despawn for removed
// entities. It learns the local entity of each spawn the next tick from
// glue.Added[Remote]; [Client.Local] maps network ids to local entities.
// A local entity that a game system despawns is spawned again, and a
// client that reconnects, or falls behind, converges to the server's
// state from the next snapshot or delta.
//
// An entity that gains or loses components is despawned and spawned again
// on the client (same Remote ID, new local entity) instead of receiving
// Insert and Remove. That worked around a miscount of donburi v1.15.8,
// which glue used to store entities in; glue's own store (issue #22) has
// no such bug, so games may add and remove components freely, and the
// client could move entities instead (not done yet).
//
// Resources sent with [SendResource] travel as entities with odd ids and
// are inserted as resources on the client.
//
// # Interpolation and prediction
//
// A client that showed each state as it came would move things in steps
// of a send interval (three ticks at the default 20 Hz). [Interpolate]
// keeps the last received values of a component per entity with their
// server ticks and shows, every tick, the value at the client's render
// tick ([Client.RenderTick]): about two send intervals behind the newest
// state ([ClientConfig.InterpDelay]), blended between the two states
// around it. The clock follows the latest states' arrival, so jitter of
// up to about one interval never leaves it without a state to blend;
// past the newest state it extrapolates from the last two for at most
// [ClientConfig.MaxExtrapolation] ticks (one interval), then holds. A
// value that did not change in the newest state is held, never
// extrapolated.
//
// [Predict] makes the entity a player controls respond in the tick of the
// input instead of a round trip later: it applies the input to its copy
// at once, sends it stamped with the client's tick, and when the server's
// state arrives — with an ack of the last stamped input the game had by
// then — starts again from the server's value and replays the inputs not
// yet acknowledged. The server hands a client's stamped inputs to the
// game one per tick, in order; a game that applies each as the client's
// step function does is never corrected. A misprediction is corrected
// gradually ([ClientConfig.CorrectionRate]).
//
// The Receive system leaves the components these systems drive to them.
//
// # Interest management
//
// An [Interest] system asks, on every send tick, for each entity it
// matches and each connected client, whether the client may see it. A
// client is sent the state without the entities hidden from it — in its
// snapshot and in deltas computed for it — so that a hidden entity is
// never in a message to that client; one that becomes visible is created
// on the client by the next delta, one that becomes hidden removed.
//
// # Wire format
//
// Every WebSocket message is one binary frame: the bytes 'g' 'n', the
// protocol version (1), a message type, then varints and encoded values.
// The server sends welcome (the client's id), snapshot, delta and ack
// (the last stamped input the state includes) messages; the client sends
// input, stamped input (with its tick) and keepalive messages. Each component
// travels as its wire type id, its version and its length-prefixed
// payload. Receivers check everything: magic and version, that the message
// type is allowed in that direction and at that point (welcome, then
// snapshot, then deltas whose base tick is the client's current tick),
// that counts and lengths fit in the bytes left before anything is
// allocated, that ids increase, that the type id is registered with the
// same version, that the decoder consumed exactly its payload. A message
// that fails closes that connection only, with the reason logged and sent
// as the WebSocket close reason. FuzzDecode fuzzes the decoder; its seed
// corpus (testdata/fuzz/FuzzDecode) runs with go test.
//
// # Security and limits
//
// The server binds 127.0.0.1 unless [ServerConfig.Addr] names another
// host; refuses clients past [ServerConfig.MaxClients] (HTTP 503), TCP
// connections past [ServerConfig.MaxConnections], requests for a Host it
// does not serve (HTTP 403, against DNS rebinding; see
// [ServerConfig.AllowedHosts]), browser origins other than its own host
// and [ServerConfig.OriginPatterns] (HTTP 403), and clients that do not
// speak the "glue.net.v1" subprotocol; closes idle HTTP connections after
// [ServerConfig.HTTPTimeout]; limits client messages to
// [ServerConfig.MaxMessageSize] bytes and [ServerConfig.MaxMessageRate]
// per second, input messages to [ServerConfig.MaxInputsPerTick] per client
// per tick, the time to write a message or to hear from a client (clients
// send a keepalive every [ClientConfig.KeepAlive]), and how far a client
// may lag ([ServerConfig.MaxLag], measured with pings); and logs at most
// [ServerConfig.MaxLogRate] warnings a second. The defaults are the
// Default constants. Only registered types are ever decoded; input values
// are handed to the game as they are, so the game must validate them as
// it would local input.
//
// # Lifecycle
//
// The plugins close the server and the client when the app is closed
// (glue.App.OnClose; App.Run and render.Run close the app when it ends).
// Server.Close and Client.Close may also be called directly, any number of
// times. Client.Close tells the server the client is leaving.
//
// For an orchestrator running one room per process, the server has
// lifecycle hooks ([ServerConfig.OnListening], [ServerConfig.OnJoin],
// [ServerConfig.OnLeave], [ServerConfig.OnShutdown]), a liveness and a
// readiness endpoint on its own listener ([HealthPath], [ReadyPath];
// [Server.Healthy], [Server.Ready]), and a graceful end: [Server.Drain]
// takes no new clients, [Server.Shutdown] closes the clients with a
// reason and returns when they are gone or its context ends.
//
// On Agones, [ServerConfig.Agones] ([AgonesConfig]) speaks to the pod's
// SDK sidecar: Ready, health pings, the room's players and clients label
// reconciled until the sidecar holds them, the GameServer watched for its
// state, allocation and addresses ([Server.Agones]), reuse
// ([Server.AgonesReady]) and a bounded Shutdown. Package agonestest is a
// fake sidecar for tests. docs/net.md, "Running rooms on Agones", has the
// whole path.
//
// # Load
//
// BenchmarkSpectatorSeries runs a headless breakout-shaped world (a ball,
// a paddle, 36 bricks, a score) at 60 ticks per second with 200, 500,
// 1,000 and 2,000 watchers on loopback receiving at 20 Hz, 30 seconds
// each, and checks issue #15's goals: tick p99 at most 4 ms, at most
// 1 KB/s per watcher after the snapshot, no watcher dropped:
//
//	go test ./modules/net -run '^$' -bench SpectatorSeries -benchtime 1x -timeout 30m
//
// On the 2-core development machine in a quiet moment (load average 3.5
// to 5.2) every goal was met at every size: tick p99 0.18, 0.27, 0.57 and
// 0.25 ms (median 26–38 µs); 794, 793, 782 and 687 B/s and 20, 20, 19.7
// and 17.3 states a second per watcher (at 2,000, writers skipped to the
// latest state rather than fall behind); none dropped. On the machine
// busy with other jobs (load 10–14) the p99 missed at 2,000 watchers (and
// at 1,000 at load 13–14) and watchers got fewer states, but none was
// dropped. docs/net.md has the
// tables.
//
// The game loop's own cost (BenchmarkPublish200: three ticks, one of
// them a send tick, 200 connections, no network) is about 15 µs and 6
// allocations per send. Waking the connection writers is left to a
// separate goroutine: done by the game loop itself, it took the p99 to
// 2–4 ms with 200 clients.
package net
