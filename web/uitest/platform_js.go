//go:build js

package main

import (
	"encoding/json"

	"github.com/gluekit/glue/web/internal/testpage"
)

var page testpage.Page

// report keeps window.uiState()'s answer current and sets
// <body data-glue-ready> after the first frame, as the games do.
func report(s *State) {
	b, _ := json.Marshal(s)
	page.Publish("uiState", string(b))
}
