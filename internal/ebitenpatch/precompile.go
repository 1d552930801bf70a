package ebitenpatch

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/gluekit/glue/internal/gocmd"
)

// BuiltinFiles are the files of the Ebitengine module that RewriteBuiltin
// rewrites, relative to the module's root: those that compile the
// built-in shaders.
var BuiltinFiles = []string{
	"internal/atlas/shader.go",
	"shader.go",
	"stencilbuffer.go",
}

// CallerFile is the file of the Ebitengine module whose FirstCaller
// RewriteCaller rewrites, relative to the module's root.
const CallerFile = "internal/debug/caller.go"

// RewriteCaller rewrites Ebitengine's internal/debug/caller.go (see
// [CallerFile]): in the browser, FirstCaller returns CallerTypeNone at
// once, as it does there anyway (it looks for Ebitengine's source folder
// with go/build, which finds no files in a browser), so that the browser
// build does not link go/build, go/doc and go/parser for it. An error
// says what in the file was not as expected.
func RewriteCaller(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	hasRuntime := false
	for _, imp := range f.Imports {
		hasRuntime = hasRuntime || imp.Path.Value == `"runtime"` && imp.Name == nil
	}
	if !hasRuntime {
		return nil, fmt.Errorf("%s: does not import runtime", name)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	// Insert the early return after the opening brace of FirstCaller.
	text := out.String()
	head := "func FirstCaller() (file string, line int, callerType CallerType) {\n"
	i := strings.Index(text, head)
	if i < 0 {
		return nil, fmt.Errorf("%s: FirstCaller is not declared as %q", name, strings.TrimSuffix(head, " {\n"))
	}
	insert := "\t// In a browser, go/build finds no files, so Ebitengine's folder is\n" +
		"\t// not known (glue's internal/ebitenpatch: the rest is not linked).\n" +
		"\tif runtime.GOOS == \"js\" {\n\t\treturn \"\", 0, CallerTypeNone\n\t}\n"
	return formatted(name, []byte(text[:i+len(head)]+insert+text[i+len(head):]))
}

// precompiledFile is the file precompile writes into the copy: the
// built-in shaders' IR and legacyshader.CompileBuiltinShader.
const precompiledFile = "internal/legacyshader/precompiled.go"

// The generator and its check, written into the copy and run there.
var (
	//go:embed _precompile/gen.go
	genSource []byte
	//go:embed _precompile/check_test.go
	checkSource []byte
)

// RewriteBuiltin rewrites one of Ebitengine's files that compile its
// built-in shaders (see [BuiltinFiles]) so that they take the shaders'
// IR compiled before the build (legacyshader.CompileBuiltinShader, which
// precompile writes) and do not call the shader compiler: in
// internal/atlas/shader.go every legacyshader.CompileShader call; in
// shader.go, builtinShader's call of newShader, which becomes a call of
// newBuiltinShader, a copy of newShader that does so; in
// stencilbuffer.go every NewShader call, whose sources (constants of the
// file) it returns, as the generator has to compile them too. An error
// says what in the file was not as expected (a newer Ebitengine may
// compile its shaders another way).
func RewriteBuiltin(name string, src []byte) (rewritten []byte, sources []string, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	funcs := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			funcs[fd.Name.Name] = fd
		}
	}
	switch filepath.ToSlash(name) {
	case BuiltinFiles[0]:
		if n := renameCalls(f, "legacyshader", "CompileShader", "CompileBuiltinShader"); n == 0 {
			return nil, nil, fmt.Errorf("%s: no call of legacyshader.CompileShader", name)
		}
	case BuiltinFiles[1]:
		builtin, newShader := funcs["builtinShader"], funcs["newShader"]
		if builtin == nil || newShader == nil {
			return nil, nil, fmt.Errorf("%s: no func builtinShader and func newShader", name)
		}
		if n := renameCalls(builtin.Body, "", "newShader", "newBuiltinShader"); n != 1 {
			return nil, nil, fmt.Errorf("%s: builtinShader calls newShader %d times, not once", name, n)
		}
		var body bytes.Buffer
		if err := format.Node(&body, fset, newShader.Body); err != nil {
			return nil, nil, err
		}
		copied, err := parser.ParseFile(token.NewFileSet(), "", "package x\nfunc f() "+body.String(), 0)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: newShader's body: %v", name, err)
		}
		fn := copied.Decls[0].(*ast.FuncDecl)
		if n := renameCalls(fn.Body, "legacyshader", "CompileShader", "CompileBuiltinShader"); n != 1 {
			return nil, nil, fmt.Errorf("%s: newShader calls legacyshader.CompileShader %d times, not once", name, n)
		}
		var out bytes.Buffer
		if err := format.Node(&out, fset, f); err != nil {
			return nil, nil, err
		}
		var params bytes.Buffer
		if err := format.Node(&params, fset, newShader.Type); err != nil {
			return nil, nil, err
		}
		body.Reset()
		if err := format.Node(&body, token.NewFileSet(), fn.Body); err != nil {
			return nil, nil, err
		}
		fmt.Fprintf(&out, "\n// newBuiltinShader is newShader for a built-in shader, whose IR was\n"+
			"// compiled before the build (glue's internal/ebitenpatch): it does not\n"+
			"// call the shader compiler.\n"+
			"%s %s\n", bytes.Replace(params.Bytes(), []byte("func"), []byte("func newBuiltinShader"), 1), body.Bytes())
		out2, err := formatted(name, out.Bytes())
		return out2, nil, err
	case BuiltinFiles[2]:
		consts := map[string]string{}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							consts[id.Name], _ = strconv.Unquote(lit.Value)
						}
					}
				}
			}
		}
		var bad error
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if fun, isIdent := callName(call); !ok || !isIdent || fun.Name != "NewShader" {
				return true
			}
			// NewShader([]byte(aConstant)) → newBuiltinShader([]byte(aConstant), "")
			src := ""
			if len(call.Args) == 1 {
				if conv, ok := call.Args[0].(*ast.CallExpr); ok && len(conv.Args) == 1 {
					if id, ok := conv.Args[0].(*ast.Ident); ok {
						src = consts[id.Name]
					}
				}
			}
			if src == "" {
				bad = fmt.Errorf("%s: a NewShader call whose source is not []byte(a string constant of the file)", name)
				return false
			}
			sources = append(sources, src)
			call.Fun.(*ast.Ident).Name = "newBuiltinShader"
			call.Args = append(call.Args, &ast.BasicLit{Kind: token.STRING, Value: `""`})
			return true
		})
		if bad != nil {
			return nil, nil, bad
		}
		if len(sources) == 0 {
			return nil, nil, fmt.Errorf("%s: no NewShader call", name)
		}
	default:
		return nil, nil, fmt.Errorf("%s: not one of the files RewriteBuiltin knows", name)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, nil, err
	}
	rewritten, err = formatted(name, out.Bytes())
	return rewritten, sources, err
}

// callName is the function a call names, if it is a plain identifier.
func callName(call *ast.CallExpr) (*ast.Ident, bool) {
	if call == nil {
		return nil, false
	}
	id, ok := call.Fun.(*ast.Ident)
	return id, ok
}

// formatted is gofmt's src, or an error naming the rewritten file.
func formatted(name string, src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("%s: the rewritten file: %v", name, err)
	}
	return out, nil
}

// renameCalls renames the calls of pkg.from (of from, if pkg is "") in n
// to calls of to, and returns how many there were.
func renameCalls(n ast.Node, pkg, from, to string) int {
	count := 0
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			if pkg == "" && fun.Name == from {
				fun.Name = to
				count++
			}
		case *ast.SelectorExpr:
			if x, ok := fun.X.(*ast.Ident); ok && pkg != "" && x.Name == pkg && fun.Sel.Name == from {
				fun.Sel.Name = to
				count++
			}
		}
		return true
	})
	return count
}

// precompile writes the built-in shaders' IR into the copy of Ebitengine
// at dir, whose BuiltinFiles are rewritten: it runs the generator there
// (a native build of Ebitengine's own shader compiler) on the
// internal/builtinshader and internal/colormshader shaders and the
// sources RewriteBuiltin found (extra), then the check that every one is
// there and its IR is what the compiler makes, and removes both; then it
// builds the rewritten packages for the browser, so that a mistake shows
// here rather than in a game's build.
func precompile(dir string, extra []string) error {
	gen := filepath.Join(dir, filepath.FromSlash(genDir))
	defer os.RemoveAll(gen)
	if err := os.MkdirAll(gen, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(gen, "main.go"), genSource, 0o644); err != nil {
		return err
	}
	if err := writeExtra(dir, extra); err != nil {
		return err
	}
	if _, err := gocmd.Run(dir, hostEnv(), "run", "./"+genDir, filepath.FromSlash(precompiledFile), filepath.FromSlash(genDir+"/extra")); err != nil {
		return fmt.Errorf("precompiling the built-in shaders: %w", err)
	}
	if err := checkPrecompiled(dir); err != nil {
		return err
	}
	js := []string{"GOWORK=off", "GOOS=js", "GOARCH=wasm", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly"}
	if _, err := gocmd.Run(dir, js, "build", ".", "./internal/atlas", "./internal/legacyshader", "./internal/debug"); err != nil {
		return fmt.Errorf("building the rewritten packages: %w", err)
	}
	return nil
}

// genDir is the generator's folder in the copy, relative to its root;
// its extra folder holds the sources RewriteBuiltin found, one per file,
// which the generator and the check read.
const genDir = "internal/glueprecompile"

// writeExtra writes the extra sources into the copy at dir.
func writeExtra(dir string, extra []string) error {
	folder := filepath.Join(dir, filepath.FromSlash(genDir), "extra")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return err
	}
	for i, src := range extra {
		if err := os.WriteFile(filepath.Join(folder, fmt.Sprintf("%d.kage", i)), []byte(src), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// checkPrecompiled runs the check in the copy at dir (with its extra
// sources written): every built-in shader is precompiled, and its IR is
// the compiler's. The check's file is removed again.
func checkPrecompiled(dir string) error {
	check := filepath.Join(dir, filepath.FromSlash(filepath.Dir(precompiledFile)), "glue_precompiled_test.go")
	defer os.Remove(check)
	if err := os.WriteFile(check, checkSource, 0o644); err != nil {
		return err
	}
	if _, err := gocmd.Combined(dir, hostEnv(), "test", "-count=1", "-run", "^TestGluePrecompiled$", "./"+filepath.Dir(precompiledFile)); err != nil {
		return fmt.Errorf("checking the precompiled shaders: %w", err)
	}
	return nil
}

// hostEnv builds the copy's own module for this machine (the one this
// program runs on), whatever the caller builds for.
func hostEnv() []string {
	return []string{"GOWORK=off", "GOOS=" + runtime.GOOS, "GOARCH=" + runtime.GOARCH, "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly"}
}
