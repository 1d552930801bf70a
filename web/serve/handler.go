package main

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

func init() {
	// Some systems' mime tables lack these; browsers need them exact.
	mime.AddExtensionType(".wasm", "application/wasm")
	mime.AddExtensionType(".js", "text/javascript; charset=utf-8")
}

// Handler serves the files of dir, preferring precompressed name.gz files
// for clients that accept gzip. It adds X-Uncompressed-Length so that a
// loader can show progress against the real size.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		full := filepath.Join(dir, filepath.FromSlash(name))
		if st, err := os.Stat(full); err == nil && !st.IsDir() {
			w.Header().Set("X-Uncompressed-Length", strconv.FormatInt(st.Size(), 10))
		}
		if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		if acceptsGzip(r) {
			if gz, err := os.Open(full + ".gz"); err == nil {
				defer gz.Close()
				if st, err := gz.Stat(); err == nil {
					w.Header().Set("Content-Encoding", "gzip")
					w.Header().Add("Vary", "Accept-Encoding")
					http.ServeContent(w, r, name, st.ModTime(), gz)
					return
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
