//go:build js

package render

import (
	"fmt"
	"image"
)

// CheckScreenshotPath reports that a browser cannot write screenshot
// files (see [Screenshot]); it is the browser's form of the desktop
// function of the same name.
func CheckScreenshotPath(path string) error {
	return fmt.Errorf("cannot write %s: a browser has no files; leave Screenshot.Path empty and read Screenshot.Image", path)
}

// savePNG fails in the browser, which has no files to write to: the
// screenshot is in [Screenshot].Image. Leaving the PNG encoder out saves
// about 0.03 MB of every WebAssembly download.
func savePNG(path string, _ image.Image) error {
	return fmt.Errorf("render: screenshot: %w", CheckScreenshotPath(path))
}
