package gluevet

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Escape reports a pointer into glue's component storage kept past the
// call that handed it out: a *T component parameter of an EachN/EachNP
// system or of a query's Each callback, a *T from QueryN[*T].Get, First
// or All, or Column[T].At, stored by an assignment (straight from the
// call or from the variable that received it) or an append in a variable
// declared outside the function (a package variable, a captured
// variable, a field, map or slice there) or behind a resource or Local.
// Storage moves when entities are spawned or despawned or change
// components, so the kept pointer later reads and writes another
// entity's component, or a stale copy. Keep the Entity and look it up
// with a query instead. A query's pointers stay valid for the whole run
// of the system that has the query, so an Each callback may hand them to
// its system's variables. Test files are not checked: tests may keep
// pointers to read the world after a tick.
var Escape = &analysis.Analyzer{
	Name: "glueescape",
	Doc:  "report pointers into glue's component storage kept past the call that handed them out",
	URL:  "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:  runEscape,
}

func runEscape(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	rep := newReporter(pass)
	decls := funcDecls(pass)
	// ptrs maps a variable holding a storage pointer to the function
	// (literal or declaration) it belongs to.
	ptrs := map[*types.Var]ast.Node{}
	// rows likewise maps a row variable of QueryN.All, whose pointer
	// fields point into storage.
	rows := map[*types.Var]ast.Node{}
	markParams := func(fn ast.Node, ft *ast.FuncType, from, to int) {
		i := 0
		for _, f := range ft.Params.List {
			if len(f.Names) == 0 {
				i++
				continue
			}
			for _, n := range f.Names {
				if v, ok := info.Defs[n].(*types.Var); ok && i >= from && i < to && isPointer(v.Type()) {
					ptrs[v] = fn
				}
				i++
			}
		}
	}
	// funcNode returns the function literal or declaration an argument
	// denotes, with its type.
	funcNode := func(e ast.Expr) (ast.Node, *ast.FuncType) {
		if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
			return lit, lit.Type
		}
		if ft := funcOf(pass, decls, e); ft != nil {
			for _, d := range decls {
				if d.Type == ft {
					return d, ft
				}
			}
		}
		return nil, nil
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue // tests may keep pointers to read the world after a tick
		}
		inspectStack(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.CallExpr:
				if len(n.Args) != 1 {
					return
				}
				k, callback := 0, false
				if m := eachFunc.FindStringSubmatch(glueFunc(info, n)); m != nil {
					k, _ = strconv.Atoi(m[1])
				} else if typ, method := glueMethod(info, n); method == "Each" {
					if m := queryType.FindStringSubmatch(typ); m != nil {
						k, _ = strconv.Atoi(m[1])
						callback = true
					}
				}
				if k > 0 {
					if fn, ft := funcNode(n.Args[0]); fn != nil {
						// A query's pointers stay valid for the whole run of
						// the system that calls Each (commands wait for the
						// stage's end): the callback may hand them out to it.
						if _, lit := fn.(*ast.FuncLit); lit && callback {
							if sys := enclosingFunc(stack[:len(stack)-1]); sys != nil {
								fn = sys
							}
						}
						markParams(fn, ft, 1, 1+k)
					}
				}
			case *ast.RangeStmt:
				// for e, b := range q.All(): b (Query1[*T]), or r.A of a
				// row with a pointer field, points into storage for the
				// run of the enclosing function.
				call, ok := ast.Unparen(n.X).(*ast.CallExpr)
				if !ok || n.Value == nil {
					return
				}
				if typ, method := glueMethod(info, call); !queryType.MatchString(typ) || method != "All" {
					return
				}
				id, _ := ast.Unparen(n.Value).(*ast.Ident)
				v, _ := info.ObjectOf(id).(*types.Var)
				fn := enclosingFunc(stack)
				if v == nil || fn == nil {
					return
				}
				if isPointer(v.Type()) {
					ptrs[v] = fn
				} else if strings.HasPrefix(glueNamed(v.Type(), false), "Row") {
					rows[v] = fn
				}
			case *ast.AssignStmt:
				if fn := enclosingFunc(stack); fn != nil && len(n.Rhs) == 1 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && storageCall(info, call) {
						for _, l := range n.Lhs {
							if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" {
								if v, ok := info.ObjectOf(id).(*types.Var); ok && isPointer(v.Type()) {
									ptrs[v] = fn
								}
							}
						}
					}
				}
			}
		})
	}
	// pointer returns the name of the storage pointer e is and the
	// function it is valid in: a variable holding one, a pointer field of
	// a row (r.A), or a call that returns one (c.At(i)), valid in fn,
	// the function that makes the call.
	pointer := func(e ast.Expr, fn ast.Node) (string, ast.Node) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[e].(*types.Var)
			if fn := ptrs[v]; fn != nil {
				return v.Name(), fn
			}
		case *ast.SelectorExpr:
			if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && isPointer(info.TypeOf(e)) {
				v, _ := info.Uses[id].(*types.Var)
				if fn := rows[v]; fn != nil {
					return id.Name + "." + e.Sel.Name, fn
				}
			}
		case *ast.CallExpr:
			if fn != nil && storageCall(info, e) && isPointer(info.TypeOf(e)) {
				return exprText(e), fn
			}
		}
		return "", nil
	}
	// A stored value is kept when it is the pointer itself, or an
	// argument of append. Anything else (a composite literal holding it,
	// &b.X, a function's argument) is not followed.
	kept := func(e ast.Expr, fn ast.Node) (string, ast.Node) {
		if name, fn := pointer(e, fn); fn != nil {
			return name, fn
		}
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "append" {
				if _, builtin := info.Uses[id].(*types.Builtin); builtin {
					for _, a := range call.Args[1:] {
						if name, fn := pointer(a, fn); fn != nil {
							return name, fn
						}
					}
				}
			}
		}
		return "", nil
	}
	// check reports the storage pointer name, valid in fn, stored in lhs
	// when lhs outlives fn: it is behind a Local or a resource, or starts
	// from a variable declared outside fn.
	check := func(at token.Pos, lhs ast.Expr, name string, fn ast.Node) {
		s, ok := storageOfAny(info, lhs)
		if !ok {
			return
		}
		outlives := false
		if call, isCall := s.root.(*ast.CallExpr); isCall {
			typ, method := glueMethod(info, call)
			outlives = method == "Get" && (typ == "Local" || typ == "Res" || typ == "ResMut")
		} else if rv := rootVar(info, s); rv != nil && rv.Name() != "_" {
			outlives = rv.Pos() < fn.Pos() || rv.Pos() >= fn.End()
		}
		if outlives {
			rep.Reportf(at, "%s points into glue's component storage and is valid only during this call (storage moves when entities are spawned, despawned or change components); keeping it in %s leaves a pointer to another entity's component or a stale one; keep the glue.Entity and look it up with a query", name, exprText(lhs))
		}
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		inspectStack(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					return
				}
				fn := enclosingFunc(stack)
				if len(n.Lhs) == len(n.Rhs) {
					for i, r := range n.Rhs {
						if name, fn := kept(r, fn); fn != nil {
							check(n.Pos(), n.Lhs[i], name, fn)
						}
					}
					return
				}
				// keep, ok = q.Get(e): the pointer results of a storage
				// call assigned straight away.
				if fn == nil || len(n.Rhs) != 1 {
					return
				}
				call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if !ok || !storageCall(info, call) {
					return
				}
				res, ok := info.TypeOf(call).(*types.Tuple)
				if !ok || res.Len() != len(n.Lhs) {
					return
				}
				for i, l := range n.Lhs {
					if isPointer(res.At(i).Type()) {
						check(n.Pos(), l, exprText(call), fn)
					}
				}
			case *ast.RangeStmt:
				// for _, keep = range q.All(): the *T of Query1[*T].All
				// assigned straight away.
				if n.Tok != token.ASSIGN || n.Value == nil || !isPointer(info.TypeOf(n.Value)) {
					return
				}
				call, ok := ast.Unparen(n.X).(*ast.CallExpr)
				if !ok {
					return
				}
				if typ, method := glueMethod(info, call); queryType.MatchString(typ) && method == "All" {
					if fn := enclosingFunc(stack); fn != nil {
						check(n.Pos(), n.Value, exprText(call), fn)
					}
				}
			}
		})
	}
	return nil, nil
}

// storageCall reports whether a call hands out pointers into storage:
// QueryN.Get or First, or Column.At.
func storageCall(info *types.Info, call *ast.CallExpr) bool {
	typ, method := glueMethod(info, call)
	return queryType.MatchString(typ) && (method == "Get" || method == "First") || typ == "Column" && method == "At"
}

// enclosingFunc returns the innermost function literal or declaration on
// the stack.
func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return stack[i]
		}
	}
	return nil
}
