package main

import (
	"fmt"
	"testing"
)

func TestNames(t *testing.T) { fmt.Println(names()) }
