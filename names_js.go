//go:build js

package glue

import "path"

// mainQualifier is what names the package main in the browser build: the
// last element of its import path, read from file, the source file of one
// of its functions. The browser build is made with -trimpath (make wasm,
// glue web), so that file is named by its import path
// ("github.com/you/mygame/main.go"): the name is the one the native build
// takes from the build information, which the browser build does not
// read (runtime/debug's parser is 24 KB of the page's download). Built
// without -trimpath, file is a folder's path, whose last element is
// usually the same. `go run main.go` builds "command-line-arguments":
// "main".
func mainQualifier(file string) string {
	dir := path.Dir(file)
	if dir == "command-line-arguments" || dir == "." {
		return "main"
	}
	return path.Base(dir)
}
