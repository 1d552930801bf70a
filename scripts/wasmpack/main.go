// Wasmpack packs the data segments of Go WebAssembly files in place
// (internal/wasmpack): the same memory at start, a smaller download.
// make wasm and scripts/wasm-budget.sh run it on every browser build
// before compressing it; glue web does the same itself.
//
//	go run ./scripts/wasmpack web/dist/breakout.wasm
//
// With -start PROFILE it also writes the start profile PROFILE (a game's
// webstart.txt: function names, one a line) into each file for the
// loader's compiling worker, and drops the function names; the files
// must be linked with -ldflags=-w, not -s (internal/wasmpack.Start).
// With -names it packs nothing and prints each function's index and name
// (tab-separated), for recording profiles (web/test/startprofile.mjs).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"

	"github.com/gluekit/glue/internal/wasmpack"
)

func main() {
	start := flag.String("start", "", "write the start `profile` (function names, one a line) into the files")
	names := flag.Bool("names", false, "print the functions' indices and names instead of packing")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmpack [-start PROFILE] FILE.wasm...\n       wasmpack -names FILE.wasm")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	var profile []string
	if *start != "" {
		var err error
		if profile, err = readProfile(*start); err != nil {
			fmt.Fprintln(os.Stderr, "wasmpack:", err)
			os.Exit(1)
		}
	}
	for _, file := range flag.Args() {
		var err error
		if *names {
			err = printNames(file)
		} else {
			err = pack(file, *start, profile)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmpack:", err)
			os.Exit(1)
		}
	}
}

// readProfile reads a start profile file (wasmpack.ReadProfile).
func readProfile(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return wasmpack.ReadProfile(f)
}

func pack(file, start string, profile []string) error {
	in, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	out, st, err := wasmpack.Pack(in)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	fmt.Printf("%s: %d data segments packed into %d, %d -> %d bytes\n", file, st.Segments, st.Packed, len(in), len(out))
	if start != "" {
		var ss wasmpack.StartStats
		if out, ss, err = wasmpack.Start(out, profile); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		fmt.Printf("%s: start profile %s: %d of its %d functions found\n", file, start, ss.Found, ss.Listed)
		if ss.Found < ss.Listed*9/10 {
			fmt.Fprintf(os.Stderr, "wasmpack: warning: %s: only %d of the %d functions of %s are in the build: record it again (make web-profiles)\n", file, ss.Found, ss.Listed, start)
		}
	}
	return os.WriteFile(file, out, 0o644)
}

func printNames(file string) error {
	in, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	names, err := wasmpack.Names(in)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	idx := make([]uint32, 0, len(names))
	for f := range names {
		idx = append(idx, f)
	}
	slices.Sort(idx)
	w := bufio.NewWriter(os.Stdout)
	for _, f := range idx {
		fmt.Fprintf(w, "%d\t%s\n", f, names[f])
	}
	return w.Flush()
}
