// Package ebitenpatch makes browser builds of Ebitengine games smaller and
// quicker to start, by three changes to a copy of Ebitengine made before
// the build.
//
// Text/template out of the game. Ebitengine (v2.10) makes its built-in
// shaders' sources with text/template (internal/builtinshader and
// internal/colormshader). text/template calls reflect.Value.MethodByName
// with a name known only at run time, and a program that can do that
// makes Go's linker keep every exported method of every type that is
// converted to an interface, used or not: the whole program grows, not
// only Ebitengine. For Breakout's browser build that was 0.54 MB of
// brotli (docs/web.md, "Ebitengine without text/template"). The templates
// only choose between fixed pieces of text for the nine filter and
// address pairs, so [ShaderFile] makes the sources once, before the build
// (by the same templates, so the shaders are the same to the byte).
//
// The built-in shaders compiled before the build. Every Ebitengine
// program compiles three Kage shaders when it starts, parsing their Go
// source with go/parser and type-checking it (0.3–0.5 s of a browser's
// main thread here, before the game's own start), and compiles the
// others (colour matrices, other addresses, the stencil buffer's) when it
// first draws with them. [RewriteBuiltin] makes Ebitengine take those
// shaders' IR from legacyshader.CompileBuiltinShader instead, whose table
// a generator writes into the copy by running Ebitengine's own compiler
// on every built-in shader (a native build, once per copy; a check then
// compares each IR with what the compiler makes). A game that compiles no
// shader of its own then links no shader compiler.
//
// go/build out of the game. Ebitengine's internal/debug looks for its
// own source folder with go/build to name the caller of a misused call;
// in a browser there are no files and it finds none. [RewriteCaller]
// makes it say so at once there, and go/build, go/doc and go/parser are
// not linked. With the compiler, every browser build is 0.33–0.37 MB
// smaller at brotli -q 11 (docs/web.md, "Ebitengine's shaders compiled
// before the build").
//
// [Prepare] copies the Ebitengine module the game uses into a cache
// folder, makes the changes, and writes a go.work file that builds the
// game with that copy (a workspace `replace`). Nothing in the game's
// module changes, and a native build is not affected.
package ebitenpatch

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"text/template"

	"golang.org/x/tools/go/ast/astutil"
)

// ShaderFiles are the files of the Ebitengine module that ShaderFile
// rewrites, relative to the module's root.
var ShaderFiles = []string{
	"internal/builtinshader/shader.go",
	"internal/colormshader/shader.go",
}

// ShaderFile rewrites one of Ebitengine's template-made shader files (see
// [ShaderFiles]): the template variable tmpl is replaced by the sources it
// makes for every filter and address, and ShaderSource returns them. The
// file's other declarations stay as they are. An error says what in the
// file was not as expected (a newer Ebitengine may make its shaders
// another way).
func ShaderFile(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	fail := func(format string, args ...any) ([]byte, error) {
		return nil, fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}

	// The template: var tmpl = template.Must(template.New(…).Parse(`…`)).
	var tmplDecl *ast.GenDecl
	var text string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			continue
		}
		vs := g.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || vs.Names[0].Name != "tmpl" || len(vs.Values) != 1 {
			continue
		}
		tmplDecl = g
		ast.Inspect(vs.Values[0], func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parse" && len(call.Args) == 1 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					text, err = strconv.Unquote(lit.Value)
				}
			}
			return true
		})
	}
	if tmplDecl == nil {
		return fail("no variable tmpl (the shader template)")
	}
	if err != nil || text == "" {
		return fail("tmpl is not template.Must(template.New(…).Parse(a string literal))")
	}
	t, err := template.New("tmpl").Parse(text)
	if err != nil {
		return fail("the shader template: %v", err)
	}

	// ShaderSource(filter Filter, address Address) []byte, whose body runs
	// tmpl.Execute with a struct literal of the two parameters and the
	// package's constants.
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "ShaderSource" {
			fn = fd
		}
	}
	if fn == nil {
		return fail("no func ShaderSource")
	}
	if ps := fn.Type.Params.List; len(ps) != 2 || len(ps[0].Names) != 1 || len(ps[1].Names) != 1 {
		return fail("ShaderSource does not take (filter Filter, address Address)")
	}
	var data *ast.CompositeLit
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Execute" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "tmpl" {
				data, _ = call.Args[1].(*ast.CompositeLit)
			}
		}
		return true
	})
	if data == nil {
		return fail("ShaderSource does not call tmpl.Execute with a struct literal")
	}

	// The constants' values, from go/types (the file alone: its imports
	// are not needed for constants).
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	conf.Check(f.Name.Name, fset, []*ast.File{f}, info)
	consts := map[string]int64{}
	for id, obj := range info.Defs {
		if c, ok := obj.(*types.Const); ok && c.Parent() == c.Pkg().Scope() {
			if v, exact := constant.Int64Val(constant.ToInt(c.Val())); exact {
				consts[id.Name] = v
			}
		}
	}
	// One loop per parameter, to the constant <Type>Count.
	var names, counts [2]string
	var sizes [2]int64
	for i, p := range fn.Type.Params.List {
		typ, ok := p.Type.(*ast.Ident)
		if !ok {
			return fail("ShaderSource's parameter %d is not of a named type", i+1)
		}
		names[i] = p.Names[0].Name
		counts[i] = typ.Name + "Count"
		n, ok := consts[counts[i]]
		if !ok || n <= 0 || n > 64 {
			return fail("no constant %s for ShaderSource's %s", counts[i], names[i])
		}
		sizes[i] = n
	}

	// The sources, by the same template on the same values.
	var table bytes.Buffer
	fmt.Fprintf(&table, "// shaderSources are what tmpl made for each %s and %s (glue's\n", names[0], names[1])
	fmt.Fprintf(&table, "// internal/ebitenpatch: browser builds without text/template).\n")
	fmt.Fprintf(&table, "var shaderSources = [%s][%s][]byte{\n", counts[0], counts[1])
	for a := range sizes[0] {
		table.WriteString("{\n")
		for b := range sizes[1] {
			values := map[string]any{}
			for _, e := range data.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					return fail("tmpl.Execute's struct literal has a value without a field name")
				}
				key, _ := kv.Key.(*ast.Ident)
				val, _ := kv.Value.(*ast.Ident)
				if key == nil || val == nil {
					return fail("tmpl.Execute's struct literal has a field that is not NAME: IDENT")
				}
				switch val.Name {
				case names[0]:
					values[key.Name] = a
				case names[1]:
					values[key.Name] = b
				default:
					v, ok := consts[val.Name]
					if !ok {
						return fail("tmpl.Execute's field %s is %s, not a parameter or an integer constant", key.Name, val.Name)
					}
					values[key.Name] = v
				}
			}
			var out bytes.Buffer
			if err := t.Execute(&out, values); err != nil {
				return fail("the shader template with %s=%d, %s=%d: %v", names[0], a, names[1], b, err)
			}
			fmt.Fprintf(&table, "[]byte(%s),\n", strconv.Quote(out.String()))
		}
		table.WriteString("},\n")
	}
	table.WriteString("}\n")
	body := fmt.Sprintf("{\n\treturn shaderSources[%s][%s]\n}", names[0], names[1])

	// Replace the two, by their offsets in src.
	if tmplDecl.End() > fn.Body.Pos() {
		return fail("tmpl is declared after ShaderSource")
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	edited := string(src[:off(tmplDecl.Pos())]) + table.String() +
		string(src[off(tmplDecl.End()):off(fn.Body.Pos())]) + body + string(src[off(fn.Body.End()):])

	// Drop the imports nothing uses now (text/template, and bytes and fmt
	// that only tmpl.Execute used).
	fset = token.NewFileSet()
	f, err = parser.ParseFile(fset, name, edited, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("%s: the rewritten file: %v", name, err)
	}
	var unused []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if !astutil.UsesImport(f, path) {
			unused = append(unused, path)
		}
	}
	for _, path := range unused {
		astutil.DeleteImport(fset, f, path)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, fmt.Errorf("%s: the rewritten file: %v", name, err)
	}
	if strings.Contains(out.String(), `"text/template"`) {
		return fail("text/template is still used")
	}
	return out.Bytes(), nil
}

// emptyImporter gives the type checker empty packages: ShaderFile only
// needs the file's own constants.
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	return nil, errors.New("not needed")
}
