//go:build !js

package main

import (
	"io/fs"

	"github.com/gluekit/glue/games/platformer/level"
	"github.com/gluekit/glue/modules/tiled"
)

// devLevel is -dev's level folder: LevelDir under the module's root,
// wherever in the module the game runs.
func devLevel() (fs.FS, error) { return tiled.DevFS(LevelDir, level.Map) }
