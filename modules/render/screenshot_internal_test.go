//go:build !js

package render

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// TestScreenshotFormatFollowsTheName writes a .jpg as JPEG and a .png as
// PNG (a .jpg used to get PNG bytes).
func TestScreenshotFormatFollowsTheName(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	dir := t.TempDir()
	for name, want := range map[string]string{"a.png": "png", "b.jpg": "jpeg", "c.JPEG": "jpeg"} {
		path := filepath.Join(dir, name)
		if err := savePNG(path, img); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, format, err := image.DecodeConfig(f)
		f.Close()
		if err != nil || format != want {
			t.Errorf("%s: written as %q (%v), want %s", name, format, err, want)
		}
	}
}

// TestBadScreenshotPathIsABuildError: a name that is neither .png nor
// .jpg, or a directory that does not exist, is reported by Build, before
// any window opens, naming the field and the fix.
func TestBadScreenshotPathIsABuildError(t *testing.T) {
	dir := t.TempDir()
	for path, want := range map[string]string{
		filepath.Join(dir, "shot.gif"):            "must end in .png or .jpg",
		filepath.Join(dir, "missing", "shot.png"): "does not exist; create it first",
	} {
		app := glue.NewApp()
		app.AddPlugins(Plugin{Screenshot: Screenshot{Path: path, Frames: 1}})
		err := app.Build()
		app.Close()
		if err == nil || !strings.Contains(err.Error(), "Plugin.Screenshot.Path") || !strings.Contains(err.Error(), want) {
			t.Errorf("Screenshot.Path %s: Build = %v, want an error naming Plugin.Screenshot.Path and %q", path, err, want)
		}
	}
	if err := CheckScreenshotPath(filepath.Join(dir, "ok.png")); err != nil {
		t.Errorf("CheckScreenshotPath of a .png in an existing directory: %v", err)
	}
}

// TestNoDisplaySaysWhatToDo: Ebitengine's error for a machine without a
// window system becomes ErrNoDisplay with xvfb-run as the way out; other
// errors pass unchanged.
func TestNoDisplaySaysWhatToDo(t *testing.T) {
	ebiten := errorString("ui: no window system is available: fbdev: failed to open /dev/fb0: no such file or directory")
	err := noDisplay(ebiten)
	if err == nil || !strings.Contains(err.Error(), "xvfb-run") || !strings.Contains(err.Error(), "fbdev") {
		t.Errorf("noDisplay = %v, want the cause and xvfb-run", err)
	}
	if other := errorString("something else"); noDisplay(other) != error(other) {
		t.Errorf("noDisplay changed an unrelated error")
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }
