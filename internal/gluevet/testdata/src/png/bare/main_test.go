package main

// A test that imports the decoder does not put it into the game.

import (
	_ "image/png"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

func TestLoad(t *testing.T) { render.LoadImage(nil, "x.png") }
