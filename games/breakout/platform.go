package main

import "github.com/gluekit/glue"

// platformSystems are what a platform adds to a game or a watcher beyond
// the game itself, by where they run; main.go adds them. The browser's
// are in platform_js.go and platform_watch_js.go; the desktop adds none.
type platformSystems struct {
	Startup []*glue.System // run once, before the first tick
	HUD     []*glue.System // in the HUD stage, after the labels
	Draw    []*glue.System // in glue.Draw, with the game's drawing
}
