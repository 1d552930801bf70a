// Package tiled brings maps made with the Tiled editor (.tmx files, read
// by github.com/lafriks/go-tiled) into glue games.
//
// [Plugin] loads the map when the app is built — a bad file is a Build
// error naming the file, the layer or the object — and then:
//
//   - draws its tile layers and image layers through render's draw list,
//     in the file's order, each on a render layer of its own with its
//     offset, opacity, tint and parallax factor — those of the group
//     layers it is in folded in, about the map's parallax origin
//     ([Map.ParallaxOrigin]) — and image layers repeated along x or y
//     when Tiled says so (repeatx, repeaty); object layers are not drawn
//     (their objects are spawned: a game draws what it spawns), nor is
//     the map's background colour; only the cells the camera shows are
//     visited, tile flips, tile offsets, the tileset's transparent colour
//     and animated tiles (advanced by the game clock, see [Map.Animate])
//     are drawn as Tiled shows them (checked against
//     Tiled's own tmxrasterizer), and the tiles of one tileset image (one
//     atlas page) go out in one draw call;
//   - reads CSV, XML and base64 layer data, uncompressed or compressed
//     with gzip, zlib or — with [Plugin.Zstd] set to
//     tiledzstd.Decompress — zstd, infinite maps' chunks (the map's bounds
//     are its chunks'), tilesets without a tile count, and
//     image-collection tilesets; what it does not read (isometric maps,
//     another compression) is an error naming it;
//   - spawns its collision as static physics colliders: the shapes drawn
//     on a tile in Tiled's tileset editor go wherever the tile is placed,
//     flipped with it; tiles whose one shape covers the whole tile are
//     merged with their neighbours into large rectangles; other
//     rectangles, convex polygons (slopes) and ellipses with equal sides
//     (circles), turned or not, are colliders of their own, objects of
//     class "solid" and "oneway" too; a shape physics has no collider
//     for (another ellipse, a concave polygon, a polyline) is an error
//     naming the tile; the bool property oneway makes a physics.OneWay
//     platform;
//   - hands every other object to the game's spawn function for its
//     class ([Plugin.Spawn]), with its properties read by type
//     ([Props]) — an object made from a template (.tx) takes what it does
//     not set from the template; objects without a class are one Build error listing
//     them, unless [Plugin.IgnoreUnclassed] skips them;
//   - keeps the map, its size and its properties in the [Level]
//     resource ([Map.Find] gives the first object of a class: where the
//     hero starts), and with [Plugin.CameraBounds] keeps render.Camera's
//     Bounds on the map;
//   - with [Plugin.Watch], reloads the map when its file changes while
//     the game runs (desktop only: an embedded map in the browser has no
//     modification time and never reloads); [DevFS] finds the map's
//     folder in the game's module for a -dev run that watches it.
//
// A map can also be baked when the game is built ([Bake], run by
// go generate through cmd/gluebake): [LoadBaked] and the [Baked] plugin
// read the baked file (level.tmx.baked) with glue's own codec, giving the
// same map, so a game that reads only baked maps leaves go-tiled and
// encoding/xml out of its build (about 0.1 MB of a WebAssembly download).
// The baked file records the files it was made from; a bake older than
// its map, tilesets or images is refused with the fix.
package tiled
