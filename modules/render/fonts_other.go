//go:build !js

package render

import "golang.org/x/image/font"

// openGoFont returns a Go font's face at size pixels: natively, its
// glyphs are rasterized by golang.org/x/image.
func openGoFont(s *fontSource, size float64) font.Face { return openParsed(s, size) }
