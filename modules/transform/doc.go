// Package transform gives entities a position, rotation and scale
// relative to a parent, and computes their pose in the world once per
// tick, so that a label follows its ball and a turret its tank without a
// game copying positions by hand.
//
// # Components
//
//   - [Transform]: the local pose, relative to the parent (or the world
//     for a root). Make one with [At].
//   - [GlobalTransform]: the world pose, computed by the plugin. Its
//     Pose method makes it a render.IPose, so render draws it.
//   - [ChildOf]: the link to a parent entity.
//
// # Registration
//
//	app.AddPlugins(transform.Plugin{})
//	cmds.Spawn(Tank{}, transform.At(100, 80))
//	// later, in a system that knows both entities:
//	cmds.Spawn(Turret{}, transform.At(0, -6), transform.ChildOf{Parent: tank})
//
// Spawn does not return the new entity, so links are made between
// entities known at the time: a system finds the parent (with a query, or
// an entity stored in a component) and spawns or inserts the child with
// ChildOf. Such a system runs in a stage after the parent's spawn command
// was applied.
//
// # When poses change
//
// In [Plugin.Stage] (glue.PostUpdate by default), every tick:
//
//  1. [InsertSystem] gives each entity with a Transform but no
//     GlobalTransform one (applied when the stage ends), already holding
//     its world pose.
//  2. [RootsSystem] sets the GlobalTransform of every entity without
//     ChildOf to its Transform.
//  3. [ChildrenSystem] computes every child's GlobalTransform from its
//     parent's, parents first, at any depth.
//
// GlobalTransform therefore holds the Transforms as they were when the
// stage ran: game systems of glue.Update read the previous tick's world
// poses, the draw stages read this tick's. A system that moves Transforms
// in the propagation stage itself must run before it: name it in
// [Plugin.After].
//
// # Despawning
//
// Despawning a parent despawns its children and their children. The
// plugin despawns every child whose parent (or an ancestor) has no
// Transform — despawned, or its Transform removed — at the end of the
// first of these stages to run after the parent's despawn is applied:
// the propagation stage, glue.Last, the next tick's glue.First. So a
// parent despawned by a command in glue.Update loses its children at the
// end of glue.PostUpdate, one despawned in glue.PostUpdate at the end of
// glue.Last — in both cases before the tick's frame is drawn — and one
// despawned in glue.Last at the end of the next glue.First, before the
// next tick's game rules. Until then the child keeps its last
// GlobalTransform. ([OrphansSystem] in glue.First and glue.Last looks
// only when some Transform was removed since it last ran.)
//
// [DespawnRecursive] despawns a parent and its descendants by commands of
// the calling system, so that all of them are gone when its stage ends.
//
// ChildOf links that form a cycle fail the app with an error naming an
// entity of the cycle.
package transform
