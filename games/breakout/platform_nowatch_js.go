//go:build js && !watch

package main

// watchPlatform returns nothing: this build cannot watch (NewWatchApp
// fails; see net_nowatch_js.go), breakout-watch.wasm can.
func watchPlatform() platformSystems { return platformSystems{} }
