package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm-glue"), 1000)
	os.WriteFile(filepath.Join(dir, "game.wasm"), wasm, 0o644)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	os.WriteFile(filepath.Join(dir, "game.wasm.gz"), gz.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644)

	srv := httptest.NewServer(Handler(dir)) // listens on 127.0.0.1
	defer srv.Close()

	get := func(p, enc string) *http.Response {
		req, _ := http.NewRequest("GET", srv.URL+p, nil)
		req.Header.Set("Accept-Encoding", enc) // disables Go's transparent gzip
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}

	resp := get("/game.wasm", "gzip, deflate")
	if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Errorf("Content-Type = %q, want application/wasm", ct)
	}
	if ce := resp.Header.Get("Content-Encoding"); ce != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", ce)
	}
	if ul := resp.Header.Get("X-Uncompressed-Length"); ul != "9000" {
		t.Errorf("X-Uncompressed-Length = %q, want 9000", ul)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if body, _ := io.ReadAll(zr); !bytes.Equal(body, wasm) {
		t.Error("gzip body does not decode to the wasm file")
	}

	plain := get("/game.wasm", "identity")
	if plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("identity request: encoding %q type %q", plain.Header.Get("Content-Encoding"), plain.Header.Get("Content-Type"))
	}
	if body, _ := io.ReadAll(plain.Body); !bytes.Equal(body, wasm) {
		t.Error("plain body differs")
	}

	if r := get("/", "gzip"); r.StatusCode != http.StatusOK || r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("index: status %d type %q", r.StatusCode, r.Header.Get("Content-Type"))
	}
	if r := get("/../../etc/passwd", "identity"); r.StatusCode != http.StatusNotFound {
		t.Errorf("path escape: status %d, want 404", r.StatusCode)
	}
}
