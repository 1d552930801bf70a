// Wasmsize reports what takes the space of a Go WebAssembly file: the size
// of each section, and the code (function bodies) attributed to each Go
// package and to groups of packages, by the function names of the file's
// "name" section. Build without -ldflags=-s so that the names are kept
// (stripping them does not change the code or the data):
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/b.wasm ./games/breakout
//	go run ./scripts/wasmsize /tmp/b.wasm
//	go run ./scripts/wasmsize -top 40 /tmp/b.wasm
//
// Go's linker writes all data (read-only data, pclntab, type data, ...)
// in segments that do not say which package a byte is of (tens of
// thousands of them, or a few dozen once scripts/wasmpack has packed
// them), so data is reported by section, not by package.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	top := flag.Int("top", 25, "packages to list")
	funcs := flag.Int("funcs", 0, "also list the `N` largest functions")
	match := flag.String("match", "", "with -funcs: only functions whose name contains this `text`")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-funcs N [-match TEXT]] FILE.wasm")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	m, err := parse(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
	report(os.Stdout, m, *top)
	if *funcs > 0 {
		reportFuncs(os.Stdout, m, *funcs, *match)
	}
}

// module is what wasmsize reads from a WebAssembly file.
type module struct {
	size     int
	sections []section
	funcs    []function // defined functions, in order
}

type section struct {
	name string
	size int
}

type function struct {
	name string // "" if the file has no name for it
	size int    // the body's size in bytes
}

// reader reads the WebAssembly binary encoding.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("at byte %d: %s", r.off, fmt.Sprintf(format, args...))
	}
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.fail("unexpected end of file")
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) uleb() int {
	var v uint64
	for shift := 0; ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift > 35 {
			r.fail("integer too long")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return int(v)
		}
	}
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.off {
		r.fail("length %d runs past the end", n)
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (r *reader) name() string { return string(r.bytes(r.uleb())) }

var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"}

// parse reads the sections, the function bodies' sizes and their names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly file (no \\0asm magic)")
	}
	r := &reader{b: b, off: 8}
	m := &module{size: len(b)}
	imported := 0
	names := map[int]string{}
	for r.off < len(b) && r.err == nil {
		id := r.byte()
		size := r.uleb()
		body := &reader{b: r.bytes(size)}
		if r.err != nil {
			break
		}
		name := fmt.Sprintf("section %d", id)
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		switch id {
		case 0:
			cname := body.name()
			name = "custom " + cname
			if cname == "name" {
				readNames(body, names)
			}
		case 2:
			for n := body.uleb(); n > 0 && body.err == nil; n-- {
				body.name()
				body.name()
				switch kind := body.byte(); kind {
				case 0: // function
					body.uleb()
					imported++
				case 1: // table
					body.byte()
					limits(body)
				case 2: // memory
					limits(body)
				case 3: // global
					body.byte()
					body.byte()
				default:
					body.fail("unknown import kind %d", kind)
				}
			}
		case 10:
			for n := body.uleb(); n > 0 && body.err == nil; n-- {
				fsize := body.uleb()
				body.bytes(fsize)
				m.funcs = append(m.funcs, function{size: fsize})
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("%s section: %w", name, body.err)
		}
		m.sections = append(m.sections, section{name, size})
	}
	if r.err != nil {
		return nil, r.err
	}
	for i := range m.funcs {
		m.funcs[i].name = names[imported+i]
	}
	return m, nil
}

func limits(r *reader) {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// readNames reads the function names subsection of a name section.
func readNames(r *reader, names map[int]string) {
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		sub := &reader{b: r.bytes(r.uleb())}
		if id != 1 {
			continue
		}
		for n := sub.uleb(); n > 0 && sub.err == nil; n-- {
			idx := sub.uleb()
			names[idx] = sub.name()
		}
	}
}

// pkgOf returns the Go package of a function name. Go's wasm linker
// writes names with "/" as "_" (github.com_x_y.(_T).M); the package is the
// text before the first dot after the module's host.
func pkgOf(fn string) string {
	if fn == "" {
		return "(unnamed)"
	}
	if strings.HasPrefix(fn, "type_.") || strings.HasPrefix(fn, "type:") {
		return "(type algorithms)"
	}
	prefix := ""
	if rest, ok := strings.CutPrefix(fn, "vendor_"); ok {
		prefix, fn = "vendor/", rest
	}
	start := 0
	if dot := strings.IndexByte(fn, '.'); dot > 0 {
		if us := strings.IndexByte(fn[dot:], '_'); us > 0 && hosts[fn[dot+1:dot+us]] {
			start = dot + us // skip the host's dot
		}
	}
	end := len(fn)
	if dot := strings.IndexByte(fn[start:], '.'); dot >= 0 {
		end = start + dot
	}
	return prefix + strings.ReplaceAll(fn[:end], "_", "/")
}

// hosts are the top-level domains of module hosts, which put a dot in a
// package path before the package's own.
var hosts = map[string]bool{"com": true, "org": true, "in": true, "io": true, "net": true, "dev": true}

// groups are how packages are summed up, first match wins.
var groups = []struct{ name, prefix string }{
	{"glue (core and modules)", "github.com/gluekit/glue"},
	{"Ebitengine", "github.com/hajimehoshi/ebiten"},
	{"go-text/typesetting (text shaping)", "github.com/go/text/"}, // go-text, as the linker writes it
	{"coder/websocket", "github.com/coder/websocket"},
	{"donburi", "github.com/yohamta/donburi"},
	{"golang.org/x/...", "golang.org/x/"},
	{"other modules", "."}, // a dot in the first path element: a module
}

// stdGroups split the standard library.
var stdGroups = []struct{ name string }{
	{"net, net/http, crypto (TLS)"},
	{"runtime"},
	{"rest of the standard library"},
}

func groupOf(pkg string) string {
	first, _, _ := strings.Cut(pkg, "/")
	for _, g := range groups {
		if g.prefix == "." {
			if strings.Contains(first, ".") {
				return g.name
			}
			continue
		}
		if strings.HasPrefix(pkg, g.prefix) {
			return g.name
		}
	}
	switch {
	case first == "net" || first == "crypto" || strings.HasPrefix(pkg, "vendor/golang.org/x/net") || strings.HasPrefix(pkg, "vendor/golang.org/x/crypto") || pkg == "mime/multipart" || pkg == "mime/quotedprintable":
		return stdGroups[0].name
	case first == "runtime" || first == "internal":
		return stdGroups[1].name
	}
	return stdGroups[2].name
}

type total struct {
	name  string
	size  int
	funcs int
}

func sums(m *module, key func(string) string) []total {
	byName := map[string]*total{}
	for _, f := range m.funcs {
		k := key(pkgOf(f.name))
		t := byName[k]
		if t == nil {
			t = &total{name: k}
			byName[k] = t
		}
		t.size += f.size
		t.funcs++
	}
	var out []total
	for _, t := range byName {
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b total) int { return cmp.Or(cmp.Compare(b.size, a.size), cmp.Compare(a.name, b.name)) })
	return out
}

func report(w io.Writer, m *module, top int) {
	mb := func(n int) string { return fmt.Sprintf("%7.3f MB", float64(n)/1e6) }
	fmt.Fprintf(w, "file %s\n\nsections:\n", mb(m.size))
	for _, s := range m.sections {
		fmt.Fprintf(w, "  %-28s %s\n", s.name, mb(s.size))
	}
	code := 0
	for _, f := range m.funcs {
		code += f.size
	}
	fmt.Fprintf(w, "\ncode by group (%d functions, %s):\n", len(m.funcs), mb(code))
	for _, t := range sums(m, groupOf) {
		fmt.Fprintf(w, "  %-40s %s %5.1f%%\n", t.name, mb(t.size), 100*float64(t.size)/float64(max(code, 1)))
	}
	pkgs := sums(m, func(p string) string { return p })
	fmt.Fprintf(w, "\ncode by package (top %d of %d):\n", min(top, len(pkgs)), len(pkgs))
	for _, t := range pkgs[:min(top, len(pkgs))] {
		fmt.Fprintf(w, "  %-60s %s %6d funcs\n", t.name, mb(t.size), t.funcs)
	}
}

// reportFuncs lists the n largest functions whose names contain match.
func reportFuncs(w io.Writer, m *module, n int, match string) {
	var fs []function
	for _, f := range m.funcs {
		if strings.Contains(f.name, match) {
			fs = append(fs, f)
		}
	}
	slices.SortFunc(fs, func(a, b function) int { return cmp.Or(cmp.Compare(b.size, a.size), cmp.Compare(a.name, b.name)) })
	fmt.Fprintf(w, "\nlargest functions (%d of %d):\n", min(n, len(fs)), len(fs))
	for _, f := range fs[:min(n, len(fs))] {
		fmt.Fprintf(w, "  %9d  %s\n", f.size, f.name)
	}
}
