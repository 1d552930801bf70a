// Package ldtk brings levels made with the LDtk editor (.ldtk projects,
// read by github.com/solarlune/ldtkgo) into glue games, the way package
// modules/tiled brings Tiled maps: the same spawn functions, the same
// colliders, the same hot reload.
//
// [Plugin] loads the project when the app is built — a bad file is a
// Build error naming the file, the level and the layer — and then:
//
//   - draws the level in play's tile layers and auto-layers (those of
//     IntGrid and auto-layer layers) through render's draw list, bottom
//     layer first, each on a render layer of its own (0 for the bottom
//     one), with its offset, opacity and tile flips; only the cells the
//     camera shows are visited and a frame allocates nothing (a layer's
//     tiles are drawn cell by cell, row by row: where tiles shifted off
//     their cells by auto-layer rules overlap, the order can differ from
//     LDtk's);
//   - spawns the IntGrid cells as static physics colliders, merged into
//     rectangles ([Options.Collision] says which values are solid or
//     one-way platforms; by default every non-zero value is solid);
//   - hands each entity to the game's spawn function for its identifier
//     ([Plugin.Spawn]): a tiled.Object with the entity's rectangle (its
//     pivot taken off), its iid as Name and its fields as typed
//     properties (Int, Float, Bool, Color, String, Multilines, FilePath
//     and enums; others are read from the ldtkgo level), so one spawn
//     function serves Tiled objects and LDtk entities;
//   - switches levels at run time ([Levels.Switch]): the entities spawned
//     from the old level (marked tiled.FromMap) are despawned and the new
//     level spawned in one step; levels sit at their world positions in
//     free and GridVania worlds;
//   - with [Plugin.Watch], reloads the project when its file changes
//     while the game runs, keeping the level in play (desktop only).
//
// What it does not read is an error naming it: levels saved in separate
// files (.ldtkl), multi-world projects, tilesets without an image, layers
// whose tileset is not defined, and projects saved by an LDtk newer than
// the format it reads. That format is LDtk 1.5's (what ldtkgo v0.9.3
// reads): a project whose jsonVersion has a later major version (2.0.1)
// is refused as one whose format glue cannot read, and one with a later
// minor version (1.9.0) as one that may hold what glue would drop or
// misread — the package has no warnings, so that is an error too; the
// error names the file, its version and the format glue reads. Later
// patch versions (1.5.9) and older versions load. Each
// level is drawn over its background as LDtk shows it: its colour
// ([Level.Background]) filling the level and its background image placed
// as the file says (render layer -1, below the bottom layer). Entity
// tiles are not drawn: entities are spawned, and the game draws them.
package ldtk
