// Ebitenwork prepares the go.work file with which the Makefile and
// scripts/wasm-budget.sh build glue's games for the browser: Ebitengine
// with its shader sources made, and its built-in shaders compiled, before
// the build, so that neither text/template nor the shader compiler is in
// the game (internal/ebitenpatch; docs/web.md, "Ebitengine without
// text/template" and "Ebitengine's shaders compiled before the build").
// It prints the file's path:
//
//	GOWORK=$(go run ./scripts/ebitenwork -o tmp/wasm/go.work) GOOS=js GOARCH=wasm go build ./games/breakout
//
// The patched copy of Ebitengine is kept in the user's cache folder
// (glue/ebitenpatch there), one per Ebitengine version. Where the patch
// cannot be made (the module is in a workspace already, or replaces
// Ebitengine), it says why and exits 1: build with GOWORK=off then.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gluekit/glue/internal/ebitenpatch"
)

func main() {
	out := flag.String("o", "tmp/wasm/go.work", "the go.work `file` to write")
	cache := flag.String("cache", "", "the `folder` for the patched copy (default: glue/ebitenpatch in the user's cache folder)")
	flag.Parse()
	if *cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			fmt.Fprintln(os.Stderr, "ebitenwork: no cache folder:", err, "(name one with -cache)")
			os.Exit(1)
		}
		*cache = filepath.Join(dir, "glue", "ebitenpatch")
	}
	file, err := filepath.Abs(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ebitenwork:", err)
		os.Exit(1)
	}
	w, err := ebitenpatch.Prepare(".", *cache, file)
	if errors.Is(err, ebitenpatch.ErrSkipped) {
		err = fmt.Errorf("%w (build with Ebitengine as it is: GOWORK=off, or make's WASM_WORK=off)", err)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ebitenwork:", err)
		os.Exit(1)
	}
	fmt.Println(w.File)
}
