package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gluekit/glue/internal/ebitenpatch"
	"github.com/gluekit/glue/internal/gocmd"
	"github.com/gluekit/glue/internal/wasmpack"
	"github.com/gluekit/glue/web/static"
)

// webOptions is what glue web is asked for.
type webOptions struct {
	Dir     string // the folder to build in (the module's); "" is the working directory
	Package string // the game's package; "" is "."
	// GzipLevel is the gzip level of the served copies; 0 is
	// gzip.BestCompression (tests ask for gzip.BestSpeed: under -race the
	// best level of a 15 MB file took minutes on a loaded machine).
	GzipLevel int
	// Plain leaves out the gzipped copies: -out writes only the files.
	Plain bool
	// AsIs builds with Ebitengine as it is, leaving out the patch that
	// takes text/template and the shader compiler out of the game
	// (internal/ebitenpatch).
	AsIs bool
	// Cache is the folder of the patched copy of Ebitengine; "" is
	// glue/ebitenpatch in the user's cache folder.
	Cache string
	// Log, when not nil, is told when the patch is left out, and why.
	Log io.Writer
}

// site is a game built for the browser: its files by name, as served.
type site struct {
	Name  string               // the game's name: its package's last path element
	Files map[string]*siteFile // index.html, loader.js, wasm_exec.js, NAME.wasm, and NAME-replay.wasm for a game with one (buildSite)
}

// siteFile is one file of a site.
type siteFile struct {
	Data []byte
	Gzip []byte // Data gzipped, for clients that accept it; nil to send Data only
	Type string // Content-Type
}

// runWeb runs glue web with its command line.
func runWeb(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("web", stderr,
		"usage: glue web [-addr 127.0.0.1:8080] [-out DIR] [PACKAGE]",
		"builds the game (PACKAGE, default: the one in the working directory) for the browser with glue's loader page,",
		"and serves it at http://ADDR/, or writes the files into DIR for static hosting (-out).")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on (the default is only reachable from this machine)")
	out := fs.String("out", "", "write the files into this folder for static hosting instead of serving them")
	asIs := fs.Bool("ebiten-as-is", false, "build with Ebitengine as it is: by default its shader sources are made, and its built-in shaders compiled, before the build, which leaves text/template and the shader compiler out of the game (about 0.9 MB less to download, and no shader compiled at start)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(stderr, "glue web: want at most one package, got", fs.Args())
		return 2
	}
	fmt.Fprintln(stdout, "glue web: building for the browser (GOOS=js GOARCH=wasm)…")
	s, err := buildSite(webOptions{Package: fs.Arg(0), Plain: *out != "", AsIs: *asIs, Log: stdout})
	if err != nil {
		fmt.Fprintln(stderr, "glue web:", err)
		return 1
	}
	if *out != "" {
		if err := s.write(*out); err != nil {
			fmt.Fprintln(stderr, "glue web:", err)
			return 1
		}
		fmt.Fprintf(stdout, "glue web: wrote %s into %s: serve that folder as it is, or zip its files for itch.io (docs/web.md)\n", s.Name, *out)
		return 0
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "glue web: %v: choose another address with -addr (e.g. -addr 127.0.0.1:8081)\n", err)
		return 1
	}
	srv := &http.Server{Handler: s.handler(), ReadHeaderTimeout: 10 * time.Second}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() {
		<-stop
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	fmt.Fprintf(stdout, "glue web: playing %s at http://%s/ (Ctrl-C stops)\n", s.Name, ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "glue web:", err)
		return 1
	}
	return 0
}

// wasmGCFlags compiles glue's core package without inlining, as make
// wasm does (the Makefile's WASM_GCFLAGS): a smaller download (18-25 KB
// of the platformer's, brotli'd) for commands 15-50 % slower in the page
// and queries no slower (docs/web.md, "Under budget").
const wasmGCFlags = "-gcflags=github.com/gluekit/glue=-l"

// buildSite builds the game that o names for the browser and puts it with
// glue's loader page (web/static) and Go's wasm_exec.js.
func buildSite(o webOptions) (*site, error) {
	pkg := o.Package
	if pkg == "" {
		pkg = "."
	}
	goCommand := func(env []string, args ...string) ([]byte, error) { return gocmd.Run(o.Dir, env, args...) }
	js := []string{"GOOS=js", "GOARCH=wasm"}
	info, err := goCommand(js, "list", "-f", "{{.Name}} {{.ImportPath}}\n{{.Dir}}", pkg)
	if err != nil {
		return nil, err
	}
	first, pkgDir, _ := strings.Cut(strings.TrimSpace(string(info)), "\n")
	kind, importPath, _ := strings.Cut(first, " ")
	if kind != "main" || strings.Contains(pkgDir, "\n") {
		return nil, fmt.Errorf("%s is not one game (package %s, %s): run glue web in the folder of the game's package main, or name it", pkg, kind, importPath)
	}
	name := path.Base(importPath)
	if majorVersion.MatchString(name) && path.Dir(importPath) != "." {
		name = path.Base(path.Dir(importPath))
	}
	tmp, err := os.MkdirTemp("", "glue-web-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	build := js
	if w, err := patchEbiten(o, tmp); err != nil {
		return nil, err
	} else if w != "" {
		build = append(js[:len(js):len(js)], "GOWORK="+w)
	}
	// A game whose package has files for -tags replay (the platformer's
	// replay.go and replay_js.go) leaves replays out of its play build:
	// NAME-replay.wasm, built with the tag, is what the page loads for
	// ?record= and ?replay= (data-wasm-replay).
	replay, err := hasReplayBuild(goCommand, js, pkg)
	if err != nil {
		return nil, err
	}
	// A start profile beside the package (webstart.txt, recorded as make
	// web-profiles records the games') goes into the play build for the
	// loader's compiling worker, as make wasm does (internal/wasmpack.Start).
	var profile []string
	if f, err := os.Open(filepath.Join(pkgDir, "webstart.txt")); err == nil {
		profile, err = wasmpack.ReadProfile(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(pkgDir, "webstart.txt"), err)
		}
	}
	buildWasm := func(tags ...string) ([]byte, error) {
		wasmFile := filepath.Join(tmp, "game.wasm")
		start := profile != nil && len(tags) == 0
		ldflags := "-ldflags=-s -w"
		if start {
			ldflags = "-ldflags=-w" // the names, which Start reads and drops
		}
		args := append(append([]string{"build"}, tags...), "-trimpath", ldflags, wasmGCFlags, "-o", wasmFile, pkg)
		if _, err := goCommand(build, args...); err != nil {
			return nil, err
		}
		wasm, err := os.ReadFile(wasmFile)
		if err != nil {
			return nil, err
		}
		// The linker's tens of thousands of data segments joined into a
		// few dozen, as make wasm does: the same program, 0.1 MB less
		// to download (internal/wasmpack).
		packed, _, err := wasmpack.Pack(wasm)
		if err != nil {
			return nil, fmt.Errorf("the build of %s: %w", pkg, err)
		}
		if start {
			if packed, _, err = wasmpack.Start(packed, profile); err != nil {
				return nil, fmt.Errorf("the build of %s with its webstart.txt: %w", pkg, err)
			}
		}
		return packed, nil
	}
	wasm, err := buildWasm()
	if err != nil {
		return nil, err
	}
	var replayWasm []byte
	if replay {
		if replayWasm, err = buildWasm("-tags", "replay"); err != nil {
			return nil, err
		}
	}
	root, err := goCommand(nil, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	var execJS []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it to lib/
		if execJS, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), filepath.FromSlash(p))); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("no wasm_exec.js in GOROOT %s: %v", strings.TrimSpace(string(root)), err)
	}
	page, err := static.FS.ReadFile("index.html")
	if err != nil {
		return nil, err
	}
	if page, err = pageFor(page, name, replay); err != nil {
		return nil, err
	}
	loader, err := static.FS.ReadFile("loader.js")
	if err != nil {
		return nil, err
	}
	s := &site{Name: name, Files: map[string]*siteFile{
		"index.html":   {Data: page, Type: "text/html; charset=utf-8"},
		"loader.js":    {Data: loader, Type: "text/javascript; charset=utf-8"},
		"wasm_exec.js": {Data: execJS, Type: "text/javascript; charset=utf-8"},
		name + ".wasm": {Data: wasm, Type: "application/wasm"},
	}}
	if replay {
		s.Files[name+"-replay.wasm"] = &siteFile{Data: replayWasm, Type: "application/wasm"}
	}
	if o.Plain {
		return s, nil
	}
	for _, f := range s.Files {
		var gz bytes.Buffer
		level := o.GzipLevel
		if level == 0 {
			level = gzip.BestCompression
		}
		w, err := gzip.NewWriterLevel(&gz, level)
		if err != nil {
			return nil, err
		}
		w.Write(f.Data)
		if err := w.Close(); err != nil {
			return nil, err
		}
		f.Gzip = gz.Bytes()
	}
	return s, nil
}

// hasReplayBuild says whether the game's package pkg, built for the
// browser (env), has other files with -tags replay than without: then its
// play build leaves replays out, and NAME-replay.wasm has them.
func hasReplayBuild(goCommand func(env []string, args ...string) ([]byte, error), env []string, pkg string) (bool, error) {
	files := func(tags ...string) (string, error) {
		out, err := goCommand(env, append(append([]string{"list"}, tags...), "-f", "{{join .GoFiles \" \"}}", pkg)...)
		return strings.TrimSpace(string(out)), err
	}
	play, err := files()
	if err != nil {
		return false, err
	}
	replay, err := files("-tags", "replay")
	return err == nil && replay != play, err
}

// pageFor returns glue's loader page made the page of the game name: it
// loads NAME.wasm, says "Loading NAME…" and is titled NAME; the links to
// glue's demos are left out. With replay, it loads NAME-replay.wasm for
// ?record= and ?replay= (data-wasm-replay).
func pageFor(page []byte, name string, replay bool) ([]byte, error) {
	s, esc := string(page), html.EscapeString(name)
	body := `<body data-wasm="` + esc + `.wasm" data-wasm-watch="` + esc + `.wasm"`
	if replay {
		body += ` data-wasm-replay="` + esc + `-replay.wasm"`
	}
	for _, r := range []struct{ from, to string }{
		{"<body>", body + ">"},
		{"Loading Breakout…", "Loading " + esc + "…"},
		{"<title>Breakout (glue demo)</title>", "<title>" + esc + "</title>"},
		{"Breakout is a game written in Go", esc + " is a game written in Go"},
	} {
		if !strings.Contains(s, r.from) {
			return nil, fmt.Errorf("glue's loader page (web/static/index.html) has no %q to make it %s's: change cmd/glue/web.go with it", r.from, name)
		}
		s = strings.Replace(s, r.from, r.to, 1)
	}
	if i := strings.Index(s, `<nav id="games">`); i >= 0 {
		if j := strings.Index(s[i:], "</nav>\n"); j >= 0 {
			s = s[:i] + s[i+j+len("</nav>\n"):]
		}
	}
	return []byte(s), nil
}

// write writes the site's files into dir, for static hosting.
func (s *site) write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, f := range s.Files {
		if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// handler serves the site: / is index.html; each file with its exact
// Content-Type, gzipped for clients that accept gzip (Content-Encoding,
// Vary: Accept-Encoding), with X-Uncompressed-Length for the loader's
// progress bar and Cache-Control: no-cache so that a rebuild is seen.
func (s *site) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		f, ok := s.Files[name]
		if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.Type)
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Uncompressed-Length", strconv.Itoa(len(f.Data)))
		h.Set("Vary", "Accept-Encoding")
		data := f.Data
		if f.Gzip != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
			h.Set("Content-Encoding", "gzip")
			data = f.Gzip
		}
		h.Set("Content-Length", strconv.Itoa(len(data)))
		if r.Method == http.MethodHead {
			return
		}
		w.Write(data)
	})
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip: it
// names gzip (or *) without q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		enc, params, _ := strings.Cut(part, ";")
		enc = strings.ToLower(strings.TrimSpace(enc))
		if enc != "gzip" && enc != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		return !strings.HasPrefix(q, "q=0") || strings.HasPrefix(q, "q=0.") && strings.Trim(q[len("q=0."):], "0") != ""
	}
	return false
}

// patchEbiten prepares the go.work file, in tmp, that builds o's game with
// Ebitengine's shader sources made, and its built-in shaders compiled,
// before the build (internal/ebitenpatch),
// and returns its path, or "" to build with Ebitengine as it is: when o
// asks for that, or when the patch does not apply (said on o.Log).
func patchEbiten(o webOptions, tmp string) (string, error) {
	if o.AsIs {
		return "", nil
	}
	note := func(format string, args ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, "glue web: Ebitengine as it is: "+format+"\n", args...)
		}
	}
	cache := o.Cache
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			note("no cache folder for its patched copy (%v)", err)
			return "", nil
		}
		cache = filepath.Join(dir, "glue", "ebitenpatch")
	}
	w, err := ebitenpatch.Prepare(o.Dir, cache, filepath.Join(tmp, "go.work"))
	if errors.Is(err, ebitenpatch.ErrSkipped) {
		note("%v", err)
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("%v (glue web -ebiten-as-is builds without the patch)", err)
	}
	return w.File, nil
}
