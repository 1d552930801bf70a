// Sparse is a program whose data has runs of zeros of many lengths, for
// wasmpack's test: it prints a digest of its tables, which a packed build
// must print the same.
package main

import (
	"fmt"
	"hash/fnv"
)

// table has values with 1 to 40 zero words between them: gaps of 8 to
// 320 bytes, on both sides of wasmpack.Gap.
var table = [...]uint64{
	1, 0, 2, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 5,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6,
	7, 8, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10,
}

var words = []string{"packed", "segments", "zeros", "between"}

func main() {
	h := fnv.New64a()
	for i, v := range table {
		fmt.Fprintf(h, "%d:%d ", i, v)
	}
	for _, w := range words {
		h.Write([]byte(w))
	}
	fmt.Printf("%d values, digest %x\n", len(table), h.Sum64())
}
