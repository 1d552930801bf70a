// Command gluevet reports glue code that compiles and runs but silently
// does nothing: writes through read-only component copies and read-only
// resources, systems that are made but never added to an app, and writes
// to captured variables in entity systems that glue may split across
// workers, pointers into component storage kept after the call that
// handed them out, and calls that do nothing (a QueryN.All iterator
// dropped, entities enabled that are never disabled). Run it through go
// vet:
//
//	go install github.com/gluekit/glue/cmd/gluevet@latest
//	go vet -vettool=$(which gluevet) ./...
//
// or on its own, with the usual analysis flags: gluevet ./...
// docs/gluevet.md lists the checks.
package main

import (
	"github.com/gluekit/glue/internal/gluevet"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(gluevet.Analyzers...) }
