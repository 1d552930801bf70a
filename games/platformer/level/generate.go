package level

// The files are made by the generator in internal/genlevel and committed;
// regenerate them with
//
//	go generate ./games/platformer/level
//
// (This file stays in glue: `glue new` leaves it out of the games it
// writes, whose level is theirs.)

//go:generate go run ../../../internal/genlevel -out .
