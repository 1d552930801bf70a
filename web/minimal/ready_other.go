//go:build !js

package main

// firstFrame does nothing outside the browser.
func firstFrame() {}
