package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// serveDir writes a folder like `make wasm` leaves: game.wasm with .br and
// .gz variants, loader.js with a .gz only, index.html alone. The .br
// content is opaque to the server, so any bytes stand for it.
func serveDir(t *testing.T) (dir string, wasm, br, gz []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = bytes.Repeat([]byte("\x00asm-glue"), 1000)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(wasm)
	zw.Close()
	gz = buf.Bytes()
	br = []byte("brotli stand-in")
	files := map[string][]byte{
		"game.wasm": wasm, "game.wasm.gz": gz, "game.wasm.br": br,
		"loader.js": []byte("'use strict';"), "loader.js.gz": gz,
		"index.html": []byte("<!doctype html>"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm, br, gz
}

// get requests path from srv with the Accept-Encoding given ("-" for
// none) and returns the response and its raw body.
func get(t *testing.T, srv *httptest.Server, method, path, enc string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+path, nil)
	if enc != "-" {
		req.Header.Set("Accept-Encoding", enc)
	}
	resp, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestHandlerNegotiatesEncoding(t *testing.T) {
	dir, wasm, br, gz := serveDir(t)
	srv := httptest.NewServer(Handler(dir)) // listens on 127.0.0.1
	defer srv.Close()

	for _, tc := range []struct {
		path, accept string
		enc          string // Content-Encoding wanted
		body         []byte
		ctype        string
		vary         bool
	}{
		{"/game.wasm", "gzip, deflate, br, zstd", "br", br, "application/wasm", true},
		{"/game.wasm", "br", "br", br, "application/wasm", true},
		{"/game.wasm", "gzip;q=1.0, br;q=0.5", "br", br, "application/wasm", true}, // the server's order: a smaller file wins
		{"/game.wasm", "gzip, deflate", "gzip", gz, "application/wasm", true},
		{"/game.wasm", "gzip, br;q=0", "gzip", gz, "application/wasm", true},
		{"/game.wasm", "GZIP", "gzip", gz, "application/wasm", true},
		{"/game.wasm", "*", "br", br, "application/wasm", true},
		{"/game.wasm", "*, br;q=0", "gzip", gz, "application/wasm", true},
		{"/game.wasm", "identity", "", wasm, "application/wasm", true},
		{"/game.wasm", "br;q=0, gzip;q=0", "", wasm, "application/wasm", true},
		{"/game.wasm", "-", "", wasm, "application/wasm", true},
		{"/loader.js", "br, gzip", "gzip", gz, "text/javascript; charset=utf-8", true},
		{"/loader.js", "br", "", []byte("'use strict';"), "text/javascript; charset=utf-8", true},
		{"/", "br, gzip", "", []byte("<!doctype html>"), "text/html; charset=utf-8", false},
	} {
		resp, body := get(t, srv, "GET", tc.path, tc.accept)
		what := tc.path + " with Accept-Encoding " + tc.accept
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", what, resp.StatusCode)
			continue
		}
		if got := resp.Header.Get("Content-Encoding"); got != tc.enc {
			t.Errorf("%s: Content-Encoding %q, want %q", what, got, tc.enc)
		}
		if !bytes.Equal(body, tc.body) {
			t.Errorf("%s: body is not the %q variant (%d bytes, want %d)", what, tc.enc, len(body), len(tc.body))
		}
		if got := resp.Header.Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", what, got, tc.ctype)
		}
		if got := slices.Contains(resp.Header.Values("Vary"), "Accept-Encoding"); got != tc.vary {
			t.Errorf("%s: Vary %q, want Accept-Encoding: %t", what, resp.Header.Values("Vary"), tc.vary)
		}
	}

	// The loader's progress bar counts the decoded size.
	if resp, _ := get(t, srv, "GET", "/game.wasm", "br"); resp.Header.Get("X-Uncompressed-Length") != "9000" {
		t.Errorf("X-Uncompressed-Length = %q, want 9000", resp.Header.Get("X-Uncompressed-Length"))
	}
	// The gzip variant decodes to the file.
	_, body := get(t, srv, "GET", "/game.wasm", "gzip")
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, wasm) {
		t.Error("the gzip variant does not decode to the wasm file")
	}
	// HEAD reports the length of the variant it would send.
	if resp, _ := get(t, srv, "HEAD", "/game.wasm", "br"); resp.Header.Get("Content-Length") != strconv.Itoa(len(br)) || resp.Header.Get("Content-Encoding") != "br" {
		t.Errorf("HEAD: length %q encoding %q, want %d br", resp.Header.Get("Content-Length"), resp.Header.Get("Content-Encoding"), len(br))
	}
	// A range of an encoded variant is not offered: the whole variant comes.
	req, _ := http.NewRequest("GET", srv.URL+"/game.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	req.Header.Set("Range", "bytes=0-3")
	if resp, err := http.DefaultTransport.RoundTrip(req); err != nil {
		t.Fatal(err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, br) || resp.Header.Get("Content-Length") != strconv.Itoa(len(br)) {
			t.Errorf("range of the br variant: status %d, %d bytes, Content-Length %q", resp.StatusCode, len(body), resp.Header.Get("Content-Length"))
		}
	}
	if resp, _ := get(t, srv, "GET", "/../../etc/passwd", "identity"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("path escape: status %d, want 404", resp.StatusCode)
	}
	if resp, body := get(t, srv, "GET", "/missing.wasm", "br"); resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("missing file: status %d encoding %q body %q", resp.StatusCode, resp.Header.Get("Content-Encoding"), strings.TrimSpace(string(body)))
	}
}
