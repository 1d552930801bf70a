package main

// The templates (templates/) are written from examples/hello and
// games/platformer by internal/gentemplate; regenerate them with
// `go generate ./cmd/glue` after changing either game.

//go:generate go run ../../internal/gentemplate -root ../.. -out templates
