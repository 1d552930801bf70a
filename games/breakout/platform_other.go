//go:build !js

package main

import "github.com/gluekit/glue"

// addPlatform adds what a platform needs beyond the game; on the desktop,
// nothing (see platform_js.go for the browser).
func addPlatform(*glue.App) {}
