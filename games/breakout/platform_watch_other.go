//go:build !js

package main

import "github.com/gluekit/glue"

// watchPlatform returns what a platform needs for a watcher beyond the
// game's drawing; on the desktop, nothing (see platform_watch_js.go).
func watchPlatform() []*glue.System { return nil }
