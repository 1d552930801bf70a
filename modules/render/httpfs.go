package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"
)

// HTTPFS is a read-only file system of files fetched over HTTP: the file
// "ships/a.png" is fetched from Base + "ships/a.png". In the browser it
// uses the page's fetch (so a relative Base, such as "assets/", is
// resolved against the page's address, and the page's origin rules
// apply), and nothing of Go's net/http is linked into the WebAssembly
// file; elsewhere it uses net/http, and Base must be an absolute
// http:// or https:// URL.
//
// Open fetches the whole file before it returns. In the browser that
// needs the page's event loop, which Ebitengine's Update and Draw (and
// so every system) run inside: opening a file there would freeze the
// page. Load images from an HTTPFS with [LoadImagesAsync], which opens
// them on a goroutine of its own and lets the game go on meanwhile.
//
// Errors name the URL: a missing file (HTTP 404 or 410) is an error
// satisfying errors.Is(err, fs.ErrNotExist); other statuses and network
// failures are errors of their own. HTTPFS lists no directories.
type HTTPFS struct {
	// Base is the URL the names are appended to; it ends with a slash
	// unless names are meant to extend its last element.
	Base string
}

// URL returns the URL the file name is fetched from.
func (h HTTPFS) URL(name string) string { return h.Base + name }

// Open fetches the file name (see [HTTPFS]).
func (h HTTPFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	url := h.URL(name)
	data, err := fetch(url)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: url, Err: err}
	}
	return &httpFile{Reader: bytes.NewReader(data), info: httpFileInfo{name: path.Base(name), size: int64(len(data))}}, nil
}

// httpStatusError is an HTTP response that is not a success.
type httpStatusError struct {
	code int
	text string // the status text, if the server sent one
}

func (e *httpStatusError) Error() string {
	if t := strings.TrimSpace(strings.TrimPrefix(e.text, fmt.Sprint(e.code))); t != "" {
		return fmt.Sprintf("HTTP %d %s", e.code, t)
	}
	return fmt.Sprintf("HTTP %d", e.code)
}

// Is makes a 404 or 410 answer fs.ErrNotExist.
func (e *httpStatusError) Is(target error) bool {
	return target == fs.ErrNotExist && (e.code == 404 || e.code == 410)
}

type httpFile struct {
	*bytes.Reader
	info httpFileInfo
}

func (f *httpFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *httpFile) Close() error               { return nil }

type httpFileInfo struct {
	name string
	size int64
}

func (i httpFileInfo) Name() string       { return i.name }
func (i httpFileInfo) Size() int64        { return i.size }
func (i httpFileInfo) Mode() fs.FileMode  { return 0o444 }
func (i httpFileInfo) ModTime() time.Time { return time.Time{} }
func (i httpFileInfo) IsDir() bool        { return false }
func (i httpFileInfo) Sys() any           { return nil }
