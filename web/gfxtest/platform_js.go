//go:build js

package main

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/gluekit/glue/modules/render"
)

// assetFS fetches the page's assets/ directory over HTTP.
func assetFS() fs.FS { return render.HTTPFS{Base: "assets/"} }

// report keeps window.gfxState()'s answer current (render.Plugin sets
// <body data-glue-ready> after the first frame, as for the games).
func report(s *Scene) { render.PublishState("gfxState", s.state()) }

// state returns the scene as JSON for window.gfxState().
func (s *Scene) state() string {
	q := make([]string, len(s.Errors))
	for i, e := range s.Errors {
		q[i] = fmt.Sprintf("%q", e)
	}
	decoders := s.Decoders
	if decoders == "" {
		decoders = "null"
	}
	w, h := render.MeasureText(Label, labelStyle)
	return fmt.Sprintf(`{"frame":%d,"loaded":%d,"errors":[%s],"decoders":%s,"label":{"x":%d,"y":%d,"w":%g,"h":%g}}`, s.Frame, s.Loaded, strings.Join(q, ","), decoders, LabelX, LabelY, w, h)
}
