//go:build !js

package main

import "github.com/gluekit/glue"

// addWatchPlatform adds what a platform needs for a watcher beyond the
// game's drawing; on the desktop, nothing (see platform_watch_js.go).
func addWatchPlatform(*glue.App) {}
