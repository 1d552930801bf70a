// Package level holds the game's level and art, embedded: the Tiled map
// level.tmx with its tileset tiles.png and image layer hills.png, and
// the sprite sheet sprites.png with its Aseprite export sprites.json.
// Edit them with Tiled and Aseprite; `go run . -dev` reloads level.tmx
// while the game runs.
package level

import "embed"

// FS holds the files.
//
//go:embed level.tmx *.png sprites.json
var FS embed.FS

// The files' names in FS.
const (
	Map     = "level.tmx"
	Sheet   = "sprites.json"
	Sprites = "sprites.png"
)
