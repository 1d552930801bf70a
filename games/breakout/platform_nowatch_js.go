//go:build js && !watch

package main

import "github.com/gluekit/glue"

// watchPlatform returns nothing: this build cannot watch (NewWatchApp
// fails; see net_nowatch_js.go), breakout-watch.wasm can.
func watchPlatform() []*glue.System { return nil }
