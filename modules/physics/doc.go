// Package physics moves bodies and collides them for glue games, on the
// resolv collision library (github.com/solarlune/resolv v0.8).
//
// # Components
//
// An entity takes part in physics with a [Body] (center position and
// velocity) and, to collide, a [Collider] (a [Circle], [Rect] or
// [Polygon] shape, solid or sensor). Marker components say how it moves:
//
//   - [Static]: never moves (walls, bricks). Costs nothing per tick, even
//     by the ten thousand.
//   - [Bouncy]: moved by [StepSystem] with collision response — pushed out
//     of solid colliders by the minimum translation vector and reflected
//     about the contact normal, v' = v - 2(v·n)n (a ball).
//   - [Character]: moved by [StepSystem] with move-and-slide — stopped
//     by solids with the rest of its motion kept along the surface,
//     floor, wall and ceiling flags and the floor normal set every tick,
//     [OneWay] platforms, steps, slopes, carried by the kinematic body it
//     stands on; or top-down (a player, an enemy). See [Character].
//   - neither: kinematic, moved by its velocity with no response (a
//     paddle, a moving platform). Its overlaps are reported.
//
// A ball and a brick:
//
//	cmds.Spawn(Ball{},
//		physics.Body{Pos: physics.Vec{X: 100, Y: 300}, Vel: physics.Vec{X: 120, Y: -240}},
//		physics.Collider{Shape: physics.Circle(3)}, physics.Bouncy{})
//	cmds.Spawn(Brick{}, physics.Body{Pos: physics.Vec{X: 30, Y: 40}},
//		physics.Collider{Shape: physics.Rect(20, 10)}, physics.Static{})
//
// # Systems
//
// [Plugin] adds four systems (five with [Plugin.Place]) to one stage,
// [Plugin.Stage] — by default the core stage glue.PostUpdate, after the
// game's rules in glue.Update — in this order (each runs After the one before): [SyncSystem] (shapes for
// spawned and despawned colliders, through glue.Added and glue.Removed),
// [MoveSystem] (kinematic bodies), [Plugin.Place] if set (kinematic
// bodies moved to a pose another module keeps, e.g.
// Place[transform.GlobalTransform]), [TrackSystem] (kinematic shapes
// follow their bodies) and [StepSystem] (bouncy bodies, then the [Contacts]
// resource and the [ContactStarted] and [ContactEnded] events). Game
// systems that react to contacts decide what a contact means — despawn
// the brick, add to the score. One that reads [Contacts] runs after
// StepSystem: in a later stage, or in the same stage with
// .After(physics.StepSystem). One that reads the events runs in a later
// stage to see them in the same tick: events become readable when the
// stage that wrote them ends (glue.Writer says when, for every event), so
// a reader in the physics stage itself sees them only in the next tick,
// After or not.
// A game that moves its paddle, steps physics and then applies its rules
// in one tick declares a stage for physics between its own:
//
//	const (
//		Control glue.Stage = "Control"
//		Physics glue.Stage = "Physics"
//		Rules   glue.Stage = "Rules"
//	)
//	app.AddStagesAfter(glue.Update, Control, Physics, Rules)
//	app.AddPlugins(physics.Plugin{Stage: Physics})
//
// With the default stage, rules in glue.Update see the contacts of the
// previous tick. A brick despawned by a command leaves the space at the
// next tick's SyncSystem.
//
// # Contacts and events
//
// [Contacts] lists what touches in this step, a state: a ball resting on
// a sensor is listed every tick; [Contacts.Touching] asks whether two
// entities still touch, and [Contacts.Of] lists an entity's contacts as
// it sees them ([Contact.For]: B is the other entity, the normal points
// towards the reader). The events say what changed:
// [ContactStarted] when a pair starts touching, [ContactEnded] when it
// stops (or one of the two is despawned), each pair once, in a fixed
// order, read with glue.Reader[physics.ContactStarted] from the stage
// after the physics stage on. A bounce is a start in one tick and an end
// in the next.
//
// # Layers
//
// A [Collider] is on one or more collision [Layers] (bits, resolv's Tags;
// DefaultLayer when zero) and collides with the layers of its Mask
// (AllLayers when zero). Two colliders collide only if each one's Layers
// meet the other's Mask; other pairs are skipped when candidates are
// gathered, before any test, so they neither push, bounce nor report a
// contact, and cost nothing but a bit test.
//
// [Move] is the generic movement system, for the game's own [IBody]
// component types; the plugin uses Move[Body].
//
// # Time
//
// Every tick simulates [Settings.Delta] seconds. By default physics
// follows the game clock: in an app with timer.Plugin each tick simulates
// the clock's DeltaSeconds — bodies stop while the game is paused
// (timer.Time.SetPaused) and follow its speed — and 1/60 otherwise, the
// right value for a game at Ebitengine's fixed 60 ticks per second. A
// game sets [Plugin.Delta] for a fixed step, or adds [DeltaFrom] for
// another clock resource that implements [IClock].
//
// # Tunnelling and bounces
//
// A bouncy body moves in sub-steps of at most [Settings.MaxStep] pixels
// (by default half its smallest half-extent: 1.5 px for a ball of radius
// 3, so 4 sub-steps per tick at 300 px/s). Between two sub-steps it
// cannot cross more than a quarter of its own size, so it always finds a
// collider it reaches before its center passes the collider's middle, and
// the push-out is always towards the side it came from: it never passes
// through a brick or a wall, however thin.
//
// In each sub-step the body is pushed out of the deepest overlap first,
// and its velocity is reflected only if it still moves into that
// contact's surface. A ball that hits the seam of two bricks is pushed out
// of both by one push and bounces once; a ball in a concave corner
// bounces off both walls. Every collider the body touched is reported.
//
// # Determinism
//
// The same inputs give the same results: colliders are tested in entity
// order, contacts are sorted by entity, and nothing depends on map order,
// time or goroutine scheduling, so a run with glue.Options{Sequential:
// true} equals a parallel one.
//
// # resolv
//
// The space is a resolv grid ([Space.Resolv]); narrow-phase tests use
// resolv's minimum translation vector. Three resolv behaviours are worked
// around: IntersectionTest and CellSelection.ForEach keep package-level
// scratch slices (unsafe when two apps step at once), so physics walks
// the grid's cells itself; resolv misses a circle whose center is inside
// a polygon, which physics resolves through the polygon's nearest edge;
// and resolv's Shape.Intersection allocates (about 20 times per call), so
// a circle against a rectangle and two rectangles or polygons are tested
// by physics itself, with resolv's result (the same vector bit for bit
// wherever resolv finds the contact) and no allocation. Only a circle
// against a circle or a polygon still goes through Shape.Intersection and
// allocates. resolv needs edges that cross, so it misses a rectangle or
// polygon entirely inside another; physics finds it.
package physics
