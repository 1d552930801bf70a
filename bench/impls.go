package bench

import "github.com/gluekit/glue"

// Impls lists the Table 4.1 implementations in the order the report shows
// them.
var Impls = []Impl{
	{"object", newObjectSim},
	{"slices", newSliceSim},
	{"slices-par", newSliceParSim},
	{"slices-fn", newSliceFnSim},
	{"glue-seq", newGlueSim(glue.Options{Sequential: true})},
	{"glue-par", newGlueSim(glue.Options{Workers: 2})},
	{"glue-batch-seq", newGlueBatchSim(glue.Options{Sequential: true})},
	{"glue-batch-par", newGlueBatchSim(glue.Options{Workers: 2})},
	{"donburi", newDonburiSim},
	{"donburi-arch", newDonburiArchSim},
	{"ark", newArkSim},
	{"ark-tables", newArkTablesSim},
}

// ImplByName returns the implementation with the given name.
func ImplByName(name string) Impl {
	for _, im := range Impls {
		if im.Name == name {
			return im
		}
	}
	panic("bench: no implementation named " + name)
}
