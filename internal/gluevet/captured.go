package gluevet

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Captured reports writes, inside the function literal of an entity
// system that glue may split across workers (EachN, BatchN, and EachNP or
// BatchNP whose params write nothing shared), to variables declared
// outside the literal: a counter, a slice appended to, a field of a
// captured pointer. When the system visits many entities, several workers
// run the literal at once and the writes race; with few entities (a
// test) it seems to work. Keep such state in a glue.Local[T] param (a
// system with a Local is never split) or a glue.ResMut[T] resource.
//
// Test files are not checked: tests spawn a handful of entities, which
// glue never splits, and gather what systems saw in captured variables.
var Captured = &analysis.Analyzer{
	Name: "gluecaptured",
	Doc:  "report writes to captured variables in glue entity systems that may run on several workers at once",
	URL:  "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:  runCaptured,
}

var entityFunc = regexp.MustCompile(`^(Each|Batch)([1-8])(P?)$`)

func runCaptured(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	rep := newReporter(pass)
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue // tests spawn a few entities and collect results in captured variables
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			name := glueFunc(info, call)
			m := entityFunc.FindStringSubmatch(name)
			lit, isLit := ast.Unparen(call.Args[0]).(*ast.FuncLit)
			if m == nil || !isLit {
				return true
			}
			sig, ok := info.TypeOf(lit).(*types.Signature)
			if !ok {
				return true
			}
			if m[3] == "P" && !splittable(sig) {
				return true
			}
			capturedWrites(info, rep, lit, name)
			return true
		})
	}
	return nil, nil
}

// splittable reports whether an EachNP/BatchNP system's params (its last
// parameter) let glue split it: no ResMut, Local, Added, Removed or
// Reader, and no query of a type the system writes (nor one that writes).
func splittable(sig *types.Signature) bool {
	ps := sig.Params()
	written := map[string]bool{}
	for i := 1; i < ps.Len()-1; i++ {
		t := ps.At(i).Type()
		if isPointer(t) {
			written[types.TypeString(derefType(t), nil)] = true
		} else if n := glueNamed(t, false); n == "Column" {
			written[types.TypeString(types.Unalias(t).(*types.Named).TypeArgs().At(0), nil)] = true
		}
	}
	return paramsSplit(ps.At(ps.Len()-1).Type(), written, 0)
}

func paramsSplit(t types.Type, written map[string]bool, depth int) bool {
	if depth > 8 {
		return false
	}
	switch n := glueNamed(t, false); {
	case n == "ResMut", n == "Local", n == "Added", n == "Removed", n == "Reader":
		return false
	case queryType.MatchString(n):
		args := types.Unalias(t).(*types.Named).TypeArgs()
		for i := range args.Len() {
			a := args.At(i)
			if isPointer(a) || written[types.TypeString(a, nil)] {
				return false
			}
		}
		return true
	case n != "":
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return true
	}
	for i := range st.NumFields() {
		if !paramsSplit(st.Field(i).Type(), written, depth+1) {
			return false
		}
	}
	return true
}

// capturedWrites reports the assignments and ++/-- in lit to variables
// declared outside it.
func capturedWrites(info *types.Info, rep *reporter, lit *ast.FuncLit, name string) {
	outside := func(e ast.Expr) *types.Var {
		s, ok := storageOfAny(info, e)
		if !ok {
			return nil
		}
		v := rootVar(info, s)
		if v == nil || v.Name() == "_" || v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			return nil
		}
		return v
	}
	check := func(lhs ast.Expr, at token.Pos) {
		if v := outside(lhs); v != nil {
			rep.Reportf(at, "glue.%s may run this function on several workers at once (it splits an entity system that visits many entities): the write to %s, declared outside it, races; keep such state in a glue.Local[T] param (a system with a Local is never split) or a glue.ResMut[T] resource", name, v.Name())
		}
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					check(l, n.Pos())
				}
			}
		case *ast.IncDecStmt:
			check(n.X, n.Pos())
		}
		return true
	})
}

// storageOfAny is storageOf that also follows pointers: a write through
// a captured pointer, at any depth, is still a write to shared memory.
func storageOfAny(info *types.Info, e ast.Expr) (storage, bool) {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
				return storage{}, false
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident, *ast.CallExpr:
			return storage{root: x}, true
		default:
			return storage{}, false
		}
	}
}
