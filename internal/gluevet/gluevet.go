// Package gluevet holds the go/analysis analyzers of cmd/gluevet, which
// report glue code that compiles and runs but silently does nothing:
//
//   - [ReadOnly]: writes through a read-only component copy (a value from
//     a QueryN with a non-pointer type argument, a non-pointer component
//     parameter of an EachN system or of a query's Each callback, a
//     View's At) and writes through the pointer of a read-only resource
//     (Res or Opt);
//   - [Unadded]: systems made and never added to an app;
//   - [Captured]: writes to captured variables in entity systems that
//     glue may run on several workers at once;
//   - [Escape]: pointers into component storage kept past the call that
//     handed them out;
//   - [Noop]: calls that do nothing — a dropped QueryN.All iterator,
//     enabling entities that are never disabled, disabling ones that all
//     are, a bundle spawned as one component;
//
// docs/gluevet.md lists every check with an example and its fix.
package gluevet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// GluePath is the import path of the glue package whose API the
// analyzers know.
const GluePath = "github.com/gluekit/glue"

// Analyzers are all of gluevet's analyzers, in the order cmd/gluevet
// runs them.
var Analyzers = []*analysis.Analyzer{ReadOnly, Unadded, Captured, Escape, Noop, Setter}

var (
	eachFunc  = regexp.MustCompile(`^Each([1-8])P?$`)
	queryType = regexp.MustCompile(`^Query([1-8])$`)
)

// isGlue reports whether obj is declared in the glue package.
func isGlue(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == GluePath
}

// glueNamed returns the name of t's origin type if t (or the type t
// points to, when deref is set) is a named type of the glue package, or "".
func glueNamed(t types.Type, deref bool) string {
	if deref {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !isGlue(n.Obj()) {
		return ""
	}
	return n.Origin().Obj().Name()
}

// methodCall returns the method a call expression calls and the receiver
// expression, or nil if the call is not a method call.
func methodCall(info *types.Info, call *ast.CallExpr) (*types.Func, ast.Expr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, nil
	}
	fn, _ := s.Obj().(*types.Func)
	return fn, sel.X
}

// glueMethod reports which glue type (its origin's name) and method a call
// calls, e.g. "Query2", "Get"; "" if it calls no method of a glue type.
func glueMethod(info *types.Info, call *ast.CallExpr) (typ, method string) {
	fn, recv := methodCall(info, call)
	if fn == nil || !isGlue(fn) {
		return "", ""
	}
	return glueNamed(info.TypeOf(recv), true), fn.Name()
}

// callee returns the identifier a call names as its function, through
// an instantiation (f[T](…), pkg.F[T](…)), or nil.
func callee(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// inspectStack walks the syntax tree of root in depth-first order and
// calls visit for every node with the path to it: stack ends with n and
// starts with root.
func inspectStack(root ast.Node, visit func(n ast.Node, stack []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		visit(n, stack)
		return true
	})
}

// glueFunc returns the name of the glue package-level function a call
// calls (through an instantiation), or "".
func glueFunc(info *types.Info, call *ast.CallExpr) string {
	id := callee(call)
	if id == nil {
		return ""
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || !isGlue(fn) || fn.Type().(*types.Signature).Recv() != nil {
		return ""
	}
	return fn.Name()
}

// typeText writes t with package names only ("main.Ball" becomes "Ball"
// inside package main, "physics.Body" elsewhere).
func typeText(pkg *types.Package, t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}

// exprText renders a short expression for messages.
func exprText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.ParenExpr:
		return exprText(e.X)
	case *ast.SelectorExpr:
		return exprText(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return exprText(e.X) + "[" + exprText(e.Index) + "]"
	case *ast.StarExpr:
		return "*" + exprText(e.X)
	case *ast.CallExpr:
		return exprText(e.Fun) + "(…)"
	case *ast.BasicLit:
		return e.Value
	}
	return "…"
}

// funcDecls maps the functions and methods declared in the package to
// their declarations.
func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	m := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					m[fn] = fd
				}
			}
		}
	}
	return m
}

// funcOf returns the function type and the body of the function an
// expression denotes when it is a literal or a function or method of this
// package; nil otherwise.
func funcOf(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, e ast.Expr) *ast.FuncType {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e.Type
	case *ast.Ident:
		if fn, ok := pass.TypesInfo.Uses[e].(*types.Func); ok && decls[fn] != nil {
			return decls[fn].Type
		}
	case *ast.SelectorExpr:
		var fn *types.Func
		if s := pass.TypesInfo.Selections[e]; s != nil {
			fn, _ = s.Obj().(*types.Func)
		} else {
			fn, _ = pass.TypesInfo.Uses[e.Sel].(*types.Func)
		}
		if fn != nil && decls[fn] != nil {
			return decls[fn].Type
		}
	}
	return nil
}

// Ignore is the comment that silences gluevet on its line: a write to a
// copy that is meant (a test showing that the copy is lost), say why
// after it.
const Ignore = "gluevet:ignore"

// reporter reports diagnostics except on lines that carry [Ignore].
type reporter struct {
	pass    *analysis.Pass
	ignored map[*token.File]map[int]bool
}

func newReporter(pass *analysis.Pass) *reporter {
	r := &reporter{pass: pass, ignored: map[*token.File]map[int]bool{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.Contains(c.Text, Ignore) {
					if r.ignored[tf] == nil {
						r.ignored[tf] = map[int]bool{}
					}
					r.ignored[tf][tf.Line(c.Pos())] = true
				}
			}
		}
	}
	return r
}

func (r *reporter) Reportf(pos token.Pos, format string, args ...any) {
	if tf := r.pass.Fset.File(pos); tf != nil && r.ignored[tf][tf.Line(pos)] {
		return
	}
	r.pass.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}
