//go:build !js

package render

import (
	"fmt"
	"image"
	"image/png"
	"os"
)

// savePNG writes a screenshot to a PNG file.
func savePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("render: screenshot: encoding %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	return nil
}
