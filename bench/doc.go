// Package bench compares glue with other ways of writing the same game
// loop: Lepenka's Table 4.1 (an object model against an ECS), the
// scenarios of the public go-ecs-benchmarks suite, a compute-heavy variant
// and glue's own overheads. It is a module of its own so that the peers it
// measures (donburi used idiomatically, mlange-42/ark) stay out of glue's
// go.mod.
//
// Every implementation of one scenario computes the same world: the tests
// check that the final positions, velocities and ages agree bit for bit.
// The benchmarks are in *_test.go; cmd/report runs them with -count,
// summarises them with benchstat and writes docs/benchmarks.md and
// docs/benchmarks.png. run.sh is what `make bench` calls.
package bench
