package gluevet

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// mutatesFact marks a method with a pointer receiver that changes its
// receiver's own value: it assigns to a field (or an array element) of
// the receiver, or calls such a method on it or on one of its fields.
// Writes through pointers, slices and maps the receiver holds do not
// count: they are seen through a copy too.
type mutatesFact struct{}

// AFact marks mutatesFact as an analysis fact.
func (*mutatesFact) AFact() {}

func (*mutatesFact) String() string { return "mutates its receiver" }

// storage is where a written expression lives: in the value of a
// variable (root is an *ast.Ident), or behind the pointer a call returns
// (root is an *ast.CallExpr).
type storage struct {
	root ast.Expr
	// deref: the path goes through the root's pointer (r.x with r a
	// pointer, or *r).
	deref bool
	// shared: the path goes through a slice or map element, so the
	// write lands in memory the value shares with others.
	shared bool
}

// storageOf walks e (a field, element or dereference) down to its root.
// It fails when the path goes through a pointer other than the root's
// own, or through something that is neither a field nor an element.
func storageOf(info *types.Info, e ast.Expr) (storage, bool) {
	var s storage
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return s, false
			}
			if isPointer(info.TypeOf(x.X)) {
				if !isRoot(x.X) || len(sel.Index()) > 1 && embedsPointer(info.TypeOf(x.X), sel.Index()) {
					return s, false
				}
				s.deref = true
			} else if sel.Indirect() {
				return s, false // through an embedded pointer
			}
			e = x.X
		case *ast.IndexExpr:
			t := info.TypeOf(x.X)
			if t == nil {
				return s, false
			}
			switch t.Underlying().(type) {
			case *types.Array:
			case *types.Pointer:
				if !isRoot(x.X) {
					return s, false
				}
				s.deref = true
			case *types.Slice, *types.Map:
				s.shared = true
			default:
				return s, false
			}
			e = x.X
		case *ast.StarExpr:
			if !isRoot(x.X) {
				return s, false
			}
			s.deref = true
			e = x.X
		case *ast.Ident, *ast.CallExpr:
			s.root = x
			return s, true
		default:
			return s, false
		}
	}
}

// isRoot reports whether e can be the root of a storage path.
func isRoot(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.CallExpr:
		return true
	}
	return false
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// embedsPointer reports whether a field selection with the given index
// path goes through an embedded pointer after the first step.
func embedsPointer(t types.Type, index []int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	for _, i := range index[:len(index)-1] {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return true
		}
		t = st.Field(i).Type()
		if isPointer(t) {
			return true
		}
	}
	return false
}

// rootVar returns the variable a storage path starts from, or nil.
func rootVar(info *types.Info, s storage) *types.Var {
	id, ok := s.root.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// mutator tells whether methods change their receivers: from facts for
// other packages, from the bodies for this one.
type mutator struct {
	pass  *analysis.Pass
	local map[*types.Func]bool
}

// mutates reports whether fn has a pointer receiver and changes it.
func (m *mutator) mutates(fn *types.Func) bool {
	fn = fn.Origin()
	if fn.Pkg() == m.pass.Pkg {
		return m.local[fn]
	}
	return m.pass.ImportObjectFact(fn, new(mutatesFact))
}

// computeMutators finds the package's methods that change their
// receivers, to a fixed point (a method that calls one that does, on its
// receiver, does too), and exports a fact for each.
func computeMutators(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) *mutator {
	m := &mutator{pass: pass, local: map[*types.Func]bool{}}
	type method struct {
		fn   *types.Func
		recv *types.Var
		body *ast.BlockStmt
	}
	var methods []method
	for fn, d := range decls {
		if d.Recv == nil || d.Body == nil || len(d.Recv.List) == 0 || len(d.Recv.List[0].Names) == 0 {
			continue
		}
		recv, _ := pass.TypesInfo.Defs[d.Recv.List[0].Names[0]].(*types.Var)
		if recv == nil || !isPointer(recv.Type()) {
			continue
		}
		methods = append(methods, method{fn, recv, d.Body})
	}
	for changed := true; changed; {
		changed = false
		for _, me := range methods {
			if m.local[me.fn] {
				continue
			}
			if m.bodyMutates(me.body, me.recv) {
				m.local[me.fn] = true
				changed = true
			}
		}
	}
	for fn := range m.local {
		pass.ExportObjectFact(fn, new(mutatesFact))
	}
	return m
}

// bodyMutates reports whether body changes recv's value (not what it
// points to beyond itself, nor its slices and maps).
func (m *mutator) bodyMutates(body *ast.BlockStmt, recv *types.Var) bool {
	info := m.pass.TypesInfo
	own := func(e ast.Expr) bool {
		s, ok := storageOf(info, e)
		return ok && !s.shared && rootVar(info, s) == recv && s.deref
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if own(l) {
						found = true
					}
				}
			}
		case *ast.IncDecStmt:
			found = own(n.X)
		case *ast.CallExpr:
			if fn, x := methodCall(info, n); fn != nil && m.mutates(fn) {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok && info.Uses[id] == recv {
					found = true
				} else if !isPointer(info.TypeOf(x)) && own(x) {
					found = true // a method changing a field held by value
				}
			}
		}
		return true
	})
	return found
}
