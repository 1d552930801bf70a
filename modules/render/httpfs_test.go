package render_test

import (
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue/modules/render"
)

// assetServer serves a PNG, a text file and a failing path on
// 127.0.0.1; slow delays ok.png until release is closed.
func assetServer(t *testing.T, release <-chan struct{}) *httptest.Server {
	t.Helper()
	png := pngBytes(t, 6, 4, red)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/assets/ok.png":
			if release != nil {
				<-release
			}
			w.Write(png)
		case "/assets/page.png":
			w.Write([]byte("<!doctype html><title>Not an image</title>"))
		case "/assets/broken.png":
			http.Error(w, "server on fire", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestHTTPFS(t *testing.T) {
	srv := assetServer(t, nil)
	fsys := render.HTTPFS{Base: srv.URL + "/assets/"}
	data, err := fs.ReadFile(fsys, "ok.png")
	if err != nil || len(data) == 0 {
		t.Fatalf("ReadFile(ok.png) = %d bytes, %v", len(data), err)
	}
	if img, err := render.LoadImage(fsys, "ok.png"); err != nil || img.IsZero() {
		t.Fatalf("LoadImage(ok.png) = %v, %v", img, err)
	} else if w, h := img.Size(); w != 6 || h != 4 {
		t.Errorf("size %d×%d, want 6×4", w, h)
	}
	for _, c := range []struct {
		path, want string
		notExist   bool
	}{
		{"missing.png", `render: image "missing.png": open ` + srv.URL + `/assets/missing.png: HTTP 404 Not Found`, true},
		{"broken.png", `render: image "broken.png": open ` + srv.URL + `/assets/broken.png: HTTP 500 Internal Server Error`, false},
		{"page.png", `render: image "page.png" (` + srv.URL + `/assets/page.png) is not a valid PNG`, false},
	} {
		_, err := render.LoadImage(fsys, c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("LoadImage(%q) = %v, want an error starting %q", c.path, err, c.want)
		}
		if errors.Is(err, fs.ErrNotExist) != c.notExist {
			t.Errorf("LoadImage(%q): errors.Is(err, fs.ErrNotExist) = %v, want %v", c.path, !c.notExist, c.notExist)
		}
	}
	if _, err := (render.HTTPFS{Base: "assets/"}).Open("ok.png"); err == nil || !strings.Contains(err.Error(), "open assets/ok.png: not an absolute http:// or https:// URL") {
		t.Errorf("a relative base outside the browser: %v, want an error saying so", err)
	}
	if _, err := fsys.Open("../secret"); !errors.Is(err, fs.ErrInvalid) {
		t.Errorf("Open(../secret) = %v, want fs.ErrInvalid", err)
	}
}

// TestLoadImagesAsync loads from a server that holds the PNG back: the
// caller goes on (Poll says not done) until the server answers.
func TestLoadImagesAsync(t *testing.T) {
	release := make(chan struct{})
	srv := assetServer(t, release)
	fsys := render.HTTPFS{Base: srv.URL + "/assets/"}
	load := render.LoadImagesAsync(fsys, "ok.png")
	for range 5 {
		if imgs, done, err := load.Poll(); done || imgs != nil || err != nil {
			t.Fatalf("Poll before the server answered = %v, %v, %v; want not done", imgs, done, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(release)
	select {
	case <-load.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("the load did not finish within 30 s of the server's answer")
	}
	imgs, done, err := load.Poll()
	if !done || err != nil || len(imgs) != 1 {
		t.Fatalf("Poll after the answer = %v, %v, %v", imgs, done, err)
	}
	if w, h := imgs[0].Size(); w != 6 || h != 4 {
		t.Errorf("size %d×%d, want 6×4", w, h)
	}
	if again, _, _ := load.Poll(); again[0] != imgs[0] {
		t.Error("a second Poll packed the image again")
	}

	// All or none, the error naming the URL.
	bad := render.LoadImagesAsync(fsys, "page.png", "missing.png")
	<-bad.Done()
	if imgs, done, err := bad.Poll(); !done || imgs != nil || err == nil || !strings.Contains(err.Error(), srv.URL+"/assets/page.png") {
		t.Errorf("Poll of a load with a non-PNG = %v, %v, %v; want the error naming the URL", imgs, done, err)
	}
	missing := render.LoadImagesAsync(fsys, "missing.png")
	<-missing.Done()
	if _, _, err := missing.Poll(); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Poll of a missing file: %v, want fs.ErrNotExist", err)
	}
}
