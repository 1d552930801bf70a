package main

// hero.png is made by the generator in internal/genlevel and committed;
// regenerate it with `go generate ./examples/hello`. (This file stays in
// glue: `glue new` leaves it out of the games it writes.)

//go:generate go run ../../internal/genlevel -hello -out .
