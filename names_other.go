//go:build !js

package glue

import (
	"runtime/debug"
	"sync"
)

// mainQualifier is what names the package main: the last element of its
// import path, from the build information every Go binary carries (under
// go test it is the path of the package being tested). A program started
// as `go run main.go` has none: "main".
func mainQualifier(string) string { return mainPath() }

var mainPath = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Path != "" && bi.Path != "command-line-arguments" {
		return lastElem(bi.Path)
	}
	return "main"
})
