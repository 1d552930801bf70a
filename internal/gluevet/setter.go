package gluevet

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Setter reports a method with a value receiver that writes to a field
// of its receiver and never looks at it again: the write changes the
// method's copy, not the caller's value, so it silently does nothing. A
// module's generic system written the pointer-receiver way
// (Flashes[T any, PT interface{ *T; IFlashable }]) accepts such a type,
// since *T has T's methods too: the game builds and runs, and the
// component never changes.
//
// A method that returns values, or that uses its receiver as a whole
// (returns it, passes it, assigns it) or reads its fields after the write,
// is not reported: the write may be meant (a "with" method returning the
// changed copy).
var Setter = &analysis.Analyzer{
	Name: "gluesetter",
	Doc:  "report value-receiver methods whose writes to the receiver's fields are lost (the method changes its copy): a setter that a pointer-receiver constraint accepts and that never sets anything",
	URL:  "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:  runSetter,
}

func runSetter(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	rep := newReporter(pass)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Body == nil || len(fn.Recv.List) != 1 || len(fn.Recv.List[0].Names) != 1 {
				continue
			}
			if fn.Type.Results != nil && len(fn.Type.Results.List) > 0 {
				continue // may return the changed copy, or what it computed from it
			}
			recvID := fn.Recv.List[0].Names[0]
			recv, ok := info.Defs[recvID].(*types.Var)
			if !ok || recv.Name() == "_" || isPointer(recv.Type()) {
				continue
			}
			if _, ok := recv.Type().Underlying().(*types.Struct); !ok {
				continue
			}
			var writes []ast.Expr          // the written expressions, rooted at the receiver
			roots := map[*ast.Ident]bool{} // the receiver's idents that are those writes' roots
			firstWrite := token.NoPos
			written := func(e ast.Expr, at token.Pos) {
				// A field or array element of the receiver's own value:
				// not through a pointer, a slice or a map, which the
				// caller's value shares.
				st, ok := storageOf(info, e)
				id, isIdent := st.root.(*ast.Ident)
				if !ok || st.deref || st.shared || !isIdent || id == e || info.Uses[id] != recv {
					return
				}
				writes = append(writes, e)
				roots[id] = true
				if firstWrite == token.NoPos || at < firstWrite {
					firstWrite = at
				}
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch s := n.(type) {
				case *ast.AssignStmt:
					if s.Tok != token.DEFINE {
						for _, l := range s.Lhs {
							written(l, s.Pos())
						}
					}
				case *ast.IncDecStmt:
					written(s.X, s.Pos())
				}
				return true
			})
			if len(writes) == 0 {
				continue
			}
			// Any other use of the receiver after the first write sees
			// the write: not reported. (Uses before it cannot.)
			observed := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && info.Uses[id] == recv && !roots[id] && id.Pos() > firstWrite {
					observed = true
				}
				return !observed
			})
			if observed {
				continue
			}
			t := typeText(pass.Pkg, recv.Type())
			rep.Reportf(writes[0].Pos(), "%s has a value receiver: its write to %s changes the method's copy of %s, not the caller's, so it does nothing; give it a pointer receiver: func (%s *%s) %s",
				fn.Name.Name, exprText(writes[0]), t, recvID.Name, t, fn.Name.Name)
		}
	}
	return nil, nil
}
