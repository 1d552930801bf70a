//go:build !js

package main

// report does nothing outside the browser.
func report(*State) {}
