//go:build !js

package main

import "github.com/gluekit/glue"

// web is what the browser build adds (web_js.go); nothing on the desktop.
func web() []*glue.System { return nil }
