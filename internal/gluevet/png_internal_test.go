package gluevet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPNGLoadersAreRendersLoaders keeps gluepng's list of loaders in
// step with modules/render: its exported functions that decode image
// files are those that call decodeFile, or call one that does.
func TestPNGLoadersAreRendersLoaders(t *testing.T) {
	dir := filepath.Join("..", "..", "modules", "render")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]map[string]bool{} // a function → the functions it calls
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			called := map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					called[id.Name] = true // calls, and functions passed on
				}
				return true
			})
			calls[fd.Name.Name] = called
		}
	}
	decodes := map[string]bool{"decodeFile": true}
	for changed := true; changed; {
		changed = false
		for fn, called := range calls {
			if decodes[fn] {
				continue
			}
			for c := range called {
				if decodes[c] {
					decodes[fn], changed = true, true
					break
				}
			}
		}
	}
	var got []string
	for fn := range decodes {
		if ast.IsExported(fn) {
			got = append(got, fn)
		}
	}
	slices.Sort(got)
	want := slices.Sorted(maps.Keys(pngLoaders))
	if !slices.Equal(got, want) {
		t.Errorf("modules/render's exported functions that decode image files are %v; gluepng's pngLoaders are %v: bring png.go's list up to date", got, want)
	}
}
