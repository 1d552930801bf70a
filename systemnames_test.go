package glue_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModuleSystemNamesAreLabels walks the exported names of every
// module (go/parser over modules/*, tests left out) and checks the
// README's "ordered by value, never by a string": each exported name of
// a system or set (ending in System or Set) is a variable holding a
// glue.NewLabel, and the module puts a system in it (.In(Name)), so
// `.After(tiled.SpawnSystem)` compiles and orders.
func TestModuleSystemNamesAreLabels(t *testing.T) {
	dirs, err := filepath.Glob("modules/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no modules found (%v)", err)
	}
	checked := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		// The labels a system is put in: the identifiers passed to In.
		in := map[string]bool{}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "In" {
						for _, a := range c.Args {
							if id, ok := a.(*ast.Ident); ok {
								in[id.Name] = true
							}
						}
					}
				}
				return true
			})
		}
		for _, f := range files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
					continue
				}
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if !name.IsExported() || !(strings.HasSuffix(name.Name, "System") || strings.HasSuffix(name.Name, "Set")) {
							continue
						}
						checked++
						where := fset.Position(name.Pos()).String()
						if g.Tok == token.CONST {
							t.Errorf("%s: %s is a constant (a string?); make it a glue.Label: var %s = glue.NewLabel(...), and put the system in it with .In(%s)", where, name.Name, name.Name, name.Name)
							continue
						}
						if i >= len(vs.Values) || !isNewLabel(vs.Values[i]) {
							t.Errorf("%s: %s is not set to glue.NewLabel(...)", where, name.Name)
							continue
						}
						if !in[name.Name] {
							t.Errorf("%s: no system of %s is put in %s (.In(%s)), so ordering after it orders after nothing", where, dir, name.Name, name.Name)
						}
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d exported system names found under modules/; the walk is broken", checked)
	}
	t.Logf("%d exported system names checked", checked)
}

func isNewLabel(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "glue" && sel.Sel.Name == "NewLabel"
}
