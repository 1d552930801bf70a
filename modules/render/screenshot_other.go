//go:build !js

package render

import (
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
)

// CheckScreenshotPath reports why a screenshot cannot be written to path,
// or nil if it can: the name must end in .png (PNG) or .jpg or .jpeg
// (JPEG), and its directory must exist. The render [Plugin] checks its
// Screenshot.Path with it, so that [glue.App.Build] reports a bad path
// before the window opens; a game checks its flag with it to name the
// flag.
func CheckScreenshotPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".jpg", ".jpeg":
	default:
		return fmt.Errorf("the file name %q must end in .png or .jpg (or .jpeg), the format it is written in", path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("the directory %s of %q does not exist; create it first", dir, path)
	} else if !st.IsDir() {
		return fmt.Errorf("%s in %q is not a directory", dir, path)
	}
	return nil
}

// savePNG writes a screenshot to a PNG file, or a JPEG file if the name
// ends in .jpg or .jpeg.
func savePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jpg", ".jpeg":
		err = jpeg.Encode(f, img, &jpeg.Options{Quality: 92})
	default:
		err = png.Encode(f, img)
	}
	if err != nil {
		f.Close()
		return fmt.Errorf("render: screenshot: encoding %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	return nil
}
