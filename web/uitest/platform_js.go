//go:build js

package main

import (
	"encoding/json"

	"github.com/gluekit/glue/modules/render"
)

// report keeps window.uiState()'s answer current (render.Plugin sets
// <body data-glue-ready> after the first frame, as for the games).
func report(s *State) {
	b, _ := json.Marshal(s)
	render.PublishState("uiState", string(b))
}
