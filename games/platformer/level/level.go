// Package level holds games/platformer's level and art, made by the
// generator in internal/genlevel and committed: the Tiled map
// level.tmx with its tileset tiles.png and image layer hills.png, and
// the sprite sheet sprites.png with its Aseprite export sprites.json.
// Regenerate them with
//
//	go generate ./games/platformer/level
package level

import "embed"

//go:generate go run ../../../internal/genlevel -out .

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
