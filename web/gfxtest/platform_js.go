//go:build js

package main

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/web/internal/testpage"
)

// assetFS fetches the page's assets/ directory over HTTP.
func assetFS() fs.FS { return render.HTTPFS{Base: "assets/"} }

var page testpage.Page

// report keeps window.gfxState()'s answer current and sets
// <body data-glue-ready> after the first frame, as the games do.
func report(s *Scene) { page.Publish("gfxState", s.state()) }

// state returns the scene as JSON for window.gfxState().
func (s *Scene) state() string {
	q := make([]string, len(s.Errors))
	for i, e := range s.Errors {
		q[i] = fmt.Sprintf("%q", e)
	}
	return fmt.Sprintf(`{"frame":%d,"loaded":%d,"errors":[%s]}`, s.Frame, s.Loaded, strings.Join(q, ","))
}
