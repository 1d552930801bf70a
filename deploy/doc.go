// Package deploy holds no code: its test checks the files that run
// Breakout's server on Agones (Dockerfile, fleet.yaml, allocation.yaml)
// against the fields Agones documents and against each other. It is a
// module of its own so that the YAML parser it needs is not a dependency
// of glue.
package deploy
