//go:build !js

package main

import "github.com/gluekit/glue"

// gamePlatform returns what a platform needs beyond the game; on the
// desktop, nothing (see platform_js.go for the browser).
func gamePlatform() []*glue.System { return nil }

// menusByDefault is the default of -menus: on the desktop, the menus show.
const menusByDefault = true
