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

// encodings are the precompressed variants Handler looks for beside a
// file, best first: name.br (brotli), then name.gz (gzip).
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves the files of dir. For a file with precompressed variants
// beside it (name.br, name.gz) it negotiates by the request's
// Accept-Encoding: brotli if accepted, else gzip, else the file itself,
// with Content-Encoding set accordingly, Vary: Accept-Encoding and the
// Content-Type of the file itself. It adds X-Uncompressed-Length so that a
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
		st, err := os.Stat(full)
		if err != nil || st.IsDir() {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("X-Uncompressed-Length", strconv.FormatInt(st.Size(), 10))
		if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		accepted := parseAcceptEncoding(r.Header.Get("Accept-Encoding"))
		varies := false
		for _, enc := range encodings {
			f, err := os.Open(full + enc.ext)
			if err != nil {
				continue
			}
			varies = true
			cst, err := f.Stat()
			if err != nil || cst.IsDir() || !accepted(enc.name) {
				f.Close()
				continue
			}
			defer f.Close()
			w.Header().Add("Vary", "Accept-Encoding")
			w.Header().Set("Content-Encoding", enc.name)
			// ServeContent leaves Content-Length to the caller when the
			// content is encoded; ranges of an encoded file are not
			// offered, so the length is the whole variant's.
			w.Header().Set("Content-Length", strconv.FormatInt(cst.Size(), 10))
			r = r.Clone(r.Context())
			r.Header.Del("Range")
			http.ServeContent(w, r, name, cst.ModTime(), f)
			return
		}
		if varies {
			w.Header().Add("Vary", "Accept-Encoding")
		}
		files.ServeHTTP(w, r)
	})
}

// parseAcceptEncoding returns whether an Accept-Encoding header value
// accepts an encoding: named with a q-value above 0, or covered by "*"
// with one.
func parseAcceptEncoding(header string) func(enc string) bool {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		enc = strings.ToLower(strings.TrimSpace(enc))
		if enc == "" {
			continue
		}
		v := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
					v = f
				}
			}
		}
		q[enc] = v
	}
	return func(enc string) bool {
		if v, ok := q[enc]; ok {
			return v > 0
		}
		v, ok := q["*"]
		return ok && v > 0
	}
}
