// Command names prints the names glue gives the systems of a main package,
// so that a test can compare them under go run and go test.
package main

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/gluekit/glue"
)

// Coin is a component of the main package.
type Coin struct{}

// Step is a system of the main package.
func Step(struct{}) {}

func spawn[T any]() *glue.System {
	return glue.Func(func(glue.Commands) {}).TypeArgs(reflect.TypeFor[T]())
}

func names() string {
	return "names: " + strings.Join([]string{
		glue.Func(Step).Name(),
		glue.Each1(func(glue.Entity, *Coin) {}).Name(),
		spawn[Coin]().Name(),
	}, ", ")
}

func main() { fmt.Println(names()) }
