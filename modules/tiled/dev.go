package tiled

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DevFS returns the folder of a game's map for a development run that
// reloads it as it is edited ([Plugin.Watch], a game's -dev flag): dir,
// a slash-separated path relative to the root of the game's module,
// under that root — the first folder from the working directory up that
// holds go.mod — checked to hold file, the map. So the run finds the
// map wherever in the module it is started. Its errors say how to start
// the run instead.
//
//	if *dev {
//		level, err := tiled.DevFS("games/platformer/level", "level.tmx")
//		…
//		app.AddPlugins(tiled.Plugin{FS: level, Path: "level.tmx", Watch: true})
//	}
func DevFS(dir, file string) (fs.FS, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("tiled: the working directory: %w", err)
	}
	for root := wd; ; root = filepath.Dir(root) {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			lvl := filepath.Join(root, filepath.FromSlash(dir))
			if _, err := os.Stat(filepath.Join(lvl, filepath.FromSlash(file))); err != nil {
				return nil, fmt.Errorf("tiled: no %s in %s: run the game from its module's folder", file, lvl)
			}
			return os.DirFS(lvl), nil
		}
		if filepath.Dir(root) == root {
			return nil, fmt.Errorf("tiled: no go.mod in %s or above: run the game with go run from its module's folder", wd)
		}
	}
}
