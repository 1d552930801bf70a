//go:build !js

package render

import (
	"bytes"
	"image"
	"image/png"
)

// decodePNG decodes a PNG file's bytes with the standard library's
// image/png (DecodeImage; in the browser the page decodes them).
func decodePNG(data []byte) (image.Image, error) {
	return png.Decode(bytes.NewReader(data))
}
