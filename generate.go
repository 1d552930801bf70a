package glue

//go:generate go run ./internal/generate
