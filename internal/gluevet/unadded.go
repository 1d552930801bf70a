package gluevet

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Unadded reports glue systems that are made and never added to an app:
//
//   - a statement whose value is a new *glue.System — glue.Func(F),
//     glue.Each2(F).With(…), any function returning one — dropped on the
//     floor (methods called on a variable, s.Named("x"), change the spec
//     in place and are fine; a function given the *glue.App may have
//     added the system itself);
//   - a local *glue.System variable that is only ever refined (Named,
//     With, After, …) and never passed on: to App.AddSystems, App.AddStartup,
//     a slice, a return, or any call.
var Unadded = &analysis.Analyzer{
	Name: "glueunadded",
	Doc:  "report glue systems that are made and never added to an app",
	URL:  "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:  runUnadded,
}

// isSystem reports whether t is *glue.System.
func isSystem(t types.Type) bool {
	return t != nil && isPointer(t) && glueNamed(t, true) == "System"
}

// systemChain strips calls of *glue.System methods returning the system
// (s.Named("x").With(…)) off e and returns what they were called on.
func systemChain(info *types.Info, e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return ast.Unparen(e)
		}
		fn, recv := methodCall(info, call)
		if fn == nil || !isGlue(fn) || !isSystem(info.TypeOf(recv)) {
			return call
		}
		e = recv
	}
}

func runUnadded(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	rep := newReporter(pass)
	// uses of local *glue.System variables that pass the system on.
	escapes := map[*types.Var]bool{}
	locals := map[*types.Var]*ast.Ident{}
	for _, f := range pass.Files {
		inspectStack(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.ExprStmt:
				if !isSystem(info.TypeOf(n.X)) {
					return
				}
				if call, ok := systemChain(info, n.X).(*ast.CallExpr); ok && !takesApp(info, call) {
					rep.Reportf(n.Pos(), "the system made by %s is dropped: it never runs; pass it to app.AddSystems (or AddStartup)", exprText(call))
				}
			case *ast.Ident:
				v, ok := info.ObjectOf(n).(*types.Var)
				if !ok || !isSystem(v.Type()) || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
					return
				}
				if info.Defs[n] != nil {
					if _, param := info.Defs[n].(*types.Var); param && isParam(stack) {
						escapes[v] = true // parameters come from elsewhere
					}
					locals[v] = n
					return
				}
				if !refinedOnly(info, stack) {
					escapes[v] = true
				}
			}
		})
	}
	for v, id := range locals {
		if !escapes[v] {
			rep.Reportf(id.Pos(), "system %s is made but never added to an app: it never runs; pass it to app.AddSystems (or AddStartup)", v.Name())
		}
	}
	return nil, nil
}

// isParam reports whether the identifier on top of stack declares a
// parameter or result.
func isParam(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FieldList:
			return true
		case *ast.Field:
		default:
			return false
		}
	}
	return false
}

// refinedOnly reports whether the identifier on top of stack (a
// *glue.System variable) only has a System method called on it in a
// statement of its own, or is assigned to.
func refinedOnly(info *types.Info, stack []ast.Node) bool {
	self := info.ObjectOf(stack[len(stack)-1].(*ast.Ident))
	child := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.SelectorExpr:
			if p.X != child {
				return false
			}
			s := info.Selections[p]
			if s == nil || s.Kind() != types.MethodVal {
				return false
			}
		case *ast.CallExpr:
			if p.Fun == child {
				if !isSystem(info.TypeOf(p)) {
					return false // Name(), Module(): a read is a use
				}
				break
			}
			return false
		case *ast.ExprStmt:
			return true
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == child {
					return true
				}
			}
			// s = s.Named("x"): the value goes back into the same variable.
			if len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == child {
				if id, ok := ast.Unparen(p.Lhs[0]).(*ast.Ident); ok && info.ObjectOf(id) == self {
					return true
				}
			}
			return false
		default:
			return false
		}
		child = stack[i]
	}
	return false
}

// takesApp reports whether a call is given a *glue.App, or is a method of
// one: such a function may add the system it returns itself.
func takesApp(info *types.Info, call *ast.CallExpr) bool {
	if _, recv := methodCall(info, call); recv != nil && glueNamed(info.TypeOf(recv), true) == "App" {
		return true
	}
	for _, a := range call.Args {
		if glueNamed(info.TypeOf(a), true) == "App" {
			return true
		}
	}
	return false
}
