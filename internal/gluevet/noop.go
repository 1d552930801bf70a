package gluevet

import (
	"go/ast"
	"go/types"
	"regexp"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// Noop reports glue calls that compile, run and silently do nothing:
//
//   - q.All() as a statement: an iterator made and dropped, never
//     ranged over;
//   - Commands.Enable(e), or glue.RemoveAll(cmds, q, …TypeOf[Disabled]()…),
//     on entities of a query or entity system that skips disabled
//     entities — one without glue.Disabled among its types, in a system
//     added without IncludeDisabled: none of them is disabled;
//   - Commands.Disable(e) on entities of a query or entity system of
//     glue.Disabled itself: all of them are disabled already;
//   - a struct type that the package uses as a bundle (SpawnBundle,
//     InsertBundle, SpawnBatch, SpawnBatchOf) spawned or inserted as one
//     component (SpawnN, InsertN, SpawnInN, InsertAll, Commands.Spawn,
//     Insert, Modify): the entity gets none of the bundle's fields.
//
// A system whose spec is not all in sight — kept in a variable, returned,
// made from a function used elsewhere too — is not judged: it may be
// given IncludeDisabled out of sight.
var Noop = &analysis.Analyzer{
	Name: "gluenoop",
	Doc:  "report glue calls that silently do nothing: a dropped QueryN.All iterator, Enable or RemoveAll of Disabled on entities that are never disabled, Disable of entities that all are, a bundle spawned as one component",
	URL:  "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:  runNoop,
}

// systemFunc matches the glue functions that make a system of a function.
var systemFunc = regexp.MustCompile(`^(Func[2-8]?|Each[1-8]P?|Batch[1-8]P?)$`)

// entitySource is where an entity variable's value comes from: a query
// param, or the entity system whose function it is the first parameter
// of.
type entitySource struct {
	fn       ast.Node // the system function: its system says IncludeDisabled or not
	disabled bool     // the query's or entity system's types include glue.Disabled
	what     string   // for messages: "the query q (glue.Query1[Ball])"
}

// sysState is what is known of the systems made of one function.
type sysState struct {
	made, hides int // systems made of it, and those known to skip disabled entities
}

func runNoop(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	rep := newReporter(pass)
	decls := funcDecls(pass)
	tt := func(t types.Type) string { return typeText(pass.Pkg, t) }

	paramFn := map[*types.Var]ast.Node{} // a parameter → its function
	systems := map[ast.Node]*sysState{}  // a system function → its systems
	funcUses := map[*types.Func]int{}    // references to the package's functions
	sources := map[*types.Var]*entitySource{}
	var calls []*ast.CallExpr // Enable, Disable, RemoveAll, All

	// funcNode returns the literal or declaration a system's function
	// argument denotes.
	funcNode := func(e ast.Expr) ast.Node {
		switch e := ast.Unparen(e).(type) {
		case *ast.FuncLit:
			return e
		case *ast.Ident:
			if fn, ok := info.Uses[e].(*types.Func); ok && decls[fn] != nil {
				return decls[fn]
			}
		}
		return nil
	}
	// querySource describes the entities of the query expression q.
	querySource := func(q ast.Expr) *entitySource {
		root := ast.Unparen(q)
		for {
			sel, ok := root.(*ast.SelectorExpr)
			if !ok {
				break
			}
			root = ast.Unparen(sel.X)
		}
		id, ok := root.(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.Uses[id].(*types.Var)
		fn := paramFn[v]
		if fn == nil {
			return nil
		}
		t := info.TypeOf(q)
		n, ok := types.Unalias(derefType(t)).(*types.Named)
		if !ok {
			return nil
		}
		dis := false
		for i := range n.TypeArgs().Len() {
			dis = dis || isDisabled(n.TypeArgs().At(i))
		}
		return &entitySource{fn: fn, disabled: dis, what: "the query " + exprText(q) + " (" + tt(derefType(t)) + ")"}
	}

	for _, f := range pass.Files {
		inspectStack(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.FuncDecl:
				markFuncParams(info, n, n.Type, paramFn)
			case *ast.FuncLit:
				markFuncParams(info, n, n.Type, paramFn)
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && decls[fn] != nil {
					funcUses[fn]++
				}
			case *ast.RangeStmt:
				call, ok := ast.Unparen(n.X).(*ast.CallExpr)
				if !ok || n.Key == nil {
					return
				}
				if typ, method := glueMethod(info, call); queryType.MatchString(typ) && method == "All" {
					if v := identVar(info, n.Key); v != nil {
						if s := querySource(ast.Unparen(call.Fun).(*ast.SelectorExpr).X); s != nil {
							sources[v] = s
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Rhs) != 1 || len(n.Lhs) < 2 {
					return
				}
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					if typ, method := glueMethod(info, call); queryType.MatchString(typ) && method == "First" {
						if v := identVar(info, n.Lhs[0]); v != nil {
							if s := querySource(ast.Unparen(call.Fun).(*ast.SelectorExpr).X); s != nil {
								sources[v] = s
							}
						}
					}
				}
			case *ast.CallExpr:
				name := glueFunc(info, n)
				typ, method := glueMethod(info, n)
				switch {
				case systemFunc.MatchString(name) && len(n.Args) == 1:
					fn := funcNode(n.Args[0])
					if fn == nil {
						return
					}
					st := systems[fn]
					if st == nil {
						st = &sysState{}
						systems[fn] = st
					}
					st.made++
					if systemHides(info, stack) {
						st.hides++
					}
					if m := eachFunc.FindStringSubmatch(name); m != nil {
						k, _ := strconv.Atoi(m[1])
						ft := funcTypeOf(fn)
						params := paramVars(info, ft)
						if len(params) > k && params[0] != nil {
							dis := false
							for _, p := range params[1 : 1+k] {
								dis = dis || isDisabled(p.Type())
							}
							sources[params[0]] = &entitySource{fn: fn, disabled: dis, what: "the glue." + name + " system"}
						}
					}
				case queryType.MatchString(typ) && method == "Each" && len(n.Args) == 1:
					if fn := funcNode(n.Args[0]); fn != nil {
						if params := paramVars(info, funcTypeOf(fn)); len(params) > 0 && params[0] != nil {
							if s := querySource(ast.Unparen(n.Fun).(*ast.SelectorExpr).X); s != nil {
								sources[params[0]] = s
							}
						}
					}
				case typ == "Commands" && (method == "Enable" || method == "Disable"),
					name == "RemoveAll",
					queryType.MatchString(typ) && method == "All" && isStatement(stack):
					calls = append(calls, n)
				}
			}
		})
	}

	// hides reports whether every system made of fn is known, and known
	// to skip disabled entities.
	hides := func(fn ast.Node) bool {
		st := systems[fn]
		if st == nil || st.made == 0 || st.hides != st.made {
			return false
		}
		if d, ok := fn.(*ast.FuncDecl); ok {
			obj, _ := info.Defs[d.Name].(*types.Func)
			return funcUses[obj] == st.made // used for nothing but these systems
		}
		return true
	}
	const fix = "give the query glue.Disabled among its types (glue.Query2[*T, glue.Disabled] yields only disabled entities), or call IncludeDisabled() on the system"
	for _, call := range calls {
		typ, method := glueMethod(info, call)
		switch {
		case method == "All":
			it := exprText(call.Fun) + "()"
			rep.Reportf(call.Pos(), "%s makes an iterator and drops it, so nothing runs; range over it: for e, r := range %s { … }", it, it)
		case typ == "Commands" && len(call.Args) == 1:
			v := identVar(info, call.Args[0])
			s := sources[v]
			if s == nil {
				continue
			}
			text := exprText(call.Fun) + "(" + v.Name() + ")"
			if method == "Disable" && s.disabled {
				rep.Reportf(call.Pos(), "%s does nothing: %s comes from %s, which yields only disabled entities, so it is disabled already", text, v.Name(), s.what)
			}
			if method == "Enable" && !s.disabled && hides(s.fn) {
				rep.Reportf(call.Pos(), "%s does nothing: %s comes from %s, which skips disabled entities, so it is never disabled; %s", text, v.Name(), s.what, fix)
			}
		case len(call.Args) >= 3 && mentionsDisabled(info, call.Args[2:]):
			s := querySource(call.Args[1])
			if s != nil && !s.disabled && hides(s.fn) {
				rep.Reportf(call.Pos(), "glue.RemoveAll of glue.Disabled does nothing: %s skips disabled entities, so none of its entities is disabled; %s", s.what, fix)
			}
		}
	}
	bundleAsComponent(pass, rep)
	return nil, nil
}

// systemHides reports whether the system made by the call on top of stack
// is added straight to an app (App.AddSystems or AddStartup) without
// IncludeDisabled or With — all its spec in sight, skipping disabled
// entities.
func systemHides(info *types.Info, stack []ast.Node) bool {
	i := len(stack) - 1
	cur := stack[i]
	for {
		j := parentAt(stack[:i+1])
		if j < 0 {
			return false
		}
		switch p := stack[j].(type) {
		case *ast.SelectorExpr:
			// A method of the system: s.Named(…), s.IncludeDisabled().
			if j < 1 {
				return false
			}
			call, ok := stack[j-1].(*ast.CallExpr)
			if !ok || call.Fun != p {
				return false
			}
			switch p.Sel.Name {
			case "IncludeDisabled", "With":
				return false
			}
			i, cur = j-1, call
		case *ast.CallExpr:
			fn, recv := methodCall(info, p)
			if fn == nil || !isGlue(fn) || glueNamed(info.TypeOf(recv), true) != "App" || fn.Name() != "AddSystems" && fn.Name() != "AddStartup" {
				return false
			}
			for _, a := range p.Args {
				if ast.Unparen(a) == cur {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// isDisabled reports whether t is glue.Disabled or a pointer to it.
func isDisabled(t types.Type) bool {
	return glueNamed(t, true) == "Disabled"
}

// mentionsDisabled reports whether one of the expressions names the type
// glue.Disabled (glue.TypeOf[glue.Disabled]()).
func mentionsDisabled(info *types.Info, es []ast.Expr) bool {
	found := false
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if tn, ok := info.Uses[id].(*types.TypeName); ok && isGlue(tn) && tn.Name() == "Disabled" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// markFuncParams maps the parameters of a function to it.
func markFuncParams(info *types.Info, fn ast.Node, ft *ast.FuncType, m map[*types.Var]ast.Node) {
	for _, v := range paramVars(info, ft) {
		if v != nil {
			m[v] = fn
		}
	}
}

// paramVars returns a function's parameters in order (nil for an unnamed
// one).
func paramVars(info *types.Info, ft *ast.FuncType) []*types.Var {
	if ft == nil {
		return nil
	}
	var vs []*types.Var
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			vs = append(vs, nil)
			continue
		}
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			vs = append(vs, v)
		}
	}
	return vs
}

// funcTypeOf returns the type of a function literal or declaration.
func funcTypeOf(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncLit:
		return fn.Type
	case *ast.FuncDecl:
		return fn.Type
	}
	return nil
}

// identVar returns the variable an identifier expression denotes, or nil.
func identVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}
