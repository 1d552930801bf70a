//go:build js

package main

import (
	"errors"
	"io/fs"
)

// devLevel fails in the browser: a page has no module folder to reload
// level.tmx from (tiled.DevFS, left out of the wasm file).
func devLevel() (fs.FS, error) {
	return nil, errors.New("a page has no files to reload " + LevelDir + "/level.tmx from; run the game from a terminal: go run ./games/platformer -dev")
}
