// Wasmpack packs the data segments of Go WebAssembly files in place
// (internal/wasmpack): the same memory at start, a smaller download.
// make wasm and scripts/wasm-budget.sh run it on every browser build
// before compressing it; glue web does the same itself.
//
//	go run ./scripts/wasmpack web/dist/breakout.wasm
package main

import (
	"fmt"
	"os"

	"github.com/gluekit/glue/internal/wasmpack"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmpack FILE.wasm...")
		os.Exit(2)
	}
	for _, file := range os.Args[1:] {
		if err := pack(file); err != nil {
			fmt.Fprintln(os.Stderr, "wasmpack:", err)
			os.Exit(1)
		}
	}
}

func pack(file string) error {
	in, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	out, st, err := wasmpack.Pack(in)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments packed into %d, %d -> %d bytes\n", file, st.Segments, st.Packed, len(in), len(out))
	return nil
}
