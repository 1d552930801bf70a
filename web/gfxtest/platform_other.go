//go:build !js

package main

import (
	"fmt"
	"io/fs"
	"os"
	"testing/fstest"
)

// assetFS reads games/assets (run from the repository's root), with a
// file that is not a PNG and a PNG cut short.
func assetFS() fs.FS {
	data, err := os.ReadFile("games/assets/sprites.png")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gfxtest: run it from the repository's root:", err)
	}
	return fstest.MapFS{"sprites.png": {Data: data}, "notpng.png": {Data: []byte("<!doctype html>")}, "cut.png": {Data: data[:min(200, len(data))]}}
}

// report does nothing outside the browser.
func report(*Scene) {}
