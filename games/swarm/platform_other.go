//go:build !js

package main

import "github.com/gluekit/glue"

// webSystems are the browser's systems (platform_js.go); the desktop has
// none.
func webSystems() []*glue.System { return nil }
