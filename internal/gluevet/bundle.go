package gluevet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"

	"golang.org/x/tools/go/analysis"
)

var (
	// bundleFunc matches the glue functions whose first type argument
	// is a bundle.
	bundleFunc = regexp.MustCompile(`^(SpawnBundle|InsertBundle|SpawnBatch|SpawnBatchOf)$`)
	// componentFunc matches the glue functions whose type arguments
	// are components (SpawnInN's first is the state).
	componentFunc = regexp.MustCompile(`^(Spawn|Insert|SpawnIn)[1-8]$`)
)

// bundleAsComponent reports a struct type spawned or inserted as one
// component (glue.Spawn1(cmds, ship), cmds.Spawn(ship)) in a package
// that uses it as a bundle (glue.SpawnBundle(cmds, ship)): the entity
// gets one component of the bundle's type, and none of its fields, so the
// queries for its fields never match it.
func bundleAsComponent(pass *analysis.Pass, rep *reporter) {
	info := pass.TypesInfo
	bundles := map[types.Type]token.Pos{} // a bundle type → a use as one
	type use struct {
		pos  token.Pos
		t    types.Type
		call string
	}
	var uses []use
	typeArgs := func(call *ast.CallExpr) *types.TypeList {
		id := callee(call)
		if id == nil {
			return nil
		}
		return info.Instances[id].TypeArgs
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := glueFunc(info, call)
			switch {
			case bundleFunc.MatchString(name):
				if ta := typeArgs(call); ta != nil && ta.Len() > 0 {
					if _, seen := bundles[ta.At(0)]; !seen {
						bundles[ta.At(0)] = call.Pos()
					}
				}
			case componentFunc.MatchString(name), name == "InsertAll":
				ta := typeArgs(call)
				if ta == nil {
					return true
				}
				from := 0
				if name == "InsertAll" || name[:len(name)-1] == "SpawnIn" {
					from = 1
				}
				for i := from; i < ta.Len(); i++ {
					uses = append(uses, use{call.Pos(), ta.At(i), "glue." + name})
				}
			default:
				typ, method := glueMethod(info, call)
				if typ != "Commands" {
					return true
				}
				from := -1
				switch method {
				case "Spawn":
					from = 0
				case "Insert", "Modify":
					from = 1
					if method == "Modify" {
						from = 2
					}
				}
				if from < 0 || call.Ellipsis.IsValid() {
					return true
				}
				for _, a := range call.Args[min(from, len(call.Args)):] {
					if t := info.TypeOf(a); t != nil {
						uses = append(uses, use{a.Pos(), t, exprText(call.Fun)})
					}
				}
			}
			return true
		})
	}
	for _, u := range uses {
		var b types.Type
		at := token.NoPos
		for t, p := range bundles { // the first use of the bundle type
			if types.Identical(u.t, t) && (at == token.NoPos || p < at) {
				b, at = t, p
			}
		}
		if b == nil {
			continue
		}
		bt := typeText(pass.Pkg, b)
		p := pass.Fset.Position(at)
		where := fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
		rep.Reportf(u.pos, "%s adds %s as one component, but %s is used as a bundle at %s (its fields are the components): one of the two is a mistake — here the entity gets a %s and none of its fields, so queries for the fields never match it; to add the fields, use glue.SpawnBundle or glue.InsertBundle", u.call, bt, bt, where, bt)
	}
}
