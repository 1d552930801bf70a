package gluevet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ReadOnly reports writes that glue silently drops or does not declare:
//
//   - a field, element or compound assignment, ++/--, or a call of a
//     method that changes its pointer receiver, on a component copy: a
//     value from QueryN[T].Get, First or Each with a non-pointer type
//     argument T, a non-pointer component parameter of an EachN/EachNP
//     system, or View[T].At. The write changes the copy only (or, through
//     a slice or map the component holds, shared memory under read-only
//     access). A copy that is later used as a whole value (passed,
//     returned, assigned) is taken as a deliberate scratch value and not
//     reported, and so is a call whose result is used (a getter may
//     cache);
//   - the same writes through the pointer from Res[T].Get or Opt[T].Get:
//     the write is not declared, so it races with the systems that read
//     T in parallel.
//
// A line with the comment [Ignore] is not reported.
var ReadOnly = &analysis.Analyzer{
	Name:      "gluereadonly",
	Doc:       "report writes through read-only glue component copies (QueryN[T], EachN value params, View[T]) and read-only resources (Res[T], Opt[T])",
	URL:       "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:       runReadOnly,
	FactTypes: []analysis.Fact{new(mutatesFact)},
}

// copyOf describes where a read-only value came from.
type copyOf struct {
	comp   types.Type // the component (or resource) type
	source string     // e.g. "from Query1[Ball].Get"
	fix    string     // e.g. "to write, use glue.Query1[*Ball]"
	res    bool       // a resource pointer (Res/Opt), not a copy
}

// resWrite is a write through the pointer of a Res/Opt.Get() call.
type resWrite struct {
	w write
	c *copyOf
}

// write is one write to a tracked value.
type write struct {
	node   ast.Node
	target string // the written expression, or the method called
	method bool
	shared bool
}

func runReadOnly(pass *analysis.Pass) (any, error) {
	decls := funcDecls(pass)
	mut := computeMutators(pass, decls)
	info := pass.TypesInfo
	rep := newReporter(pass)
	pkg := pass.Pkg
	tt := func(t types.Type) string { return typeText(pkg, t) }

	// vars maps a tracked value to where it came from: a variable
	// (field "") or a component field of a row variable from QueryN.All.
	vars := map[slot]*copyOf{}
	rows := map[*types.Var]bool{} // the row variables
	mark := func(id *ast.Ident, c *copyOf) {
		if id == nil || id.Name == "_" {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !copyable(v.Type()) && !c.res {
			return
		}
		vars[slot{v, ""}] = c
	}
	// markParams marks the parameters [from, to) of a function whose
	// non-pointer types are component copies.
	markParams := func(ft *ast.FuncType, from, to int, c func(t types.Type) *copyOf) {
		i := 0
		for _, f := range ft.Params.List {
			names := f.Names
			if len(names) == 0 {
				i++
				continue
			}
			for _, n := range names {
				if i >= from && i < to {
					if v, ok := info.Defs[n].(*types.Var); ok && copyable(v.Type()) {
						mark(n, c(v.Type()))
					}
				}
				i++
			}
		}
	}
	// queryCopy describes a component copy a query method hands out.
	queryCopy := func(q types.Type, method string, comp types.Type) *copyOf {
		name := tt(derefType(q))
		return &copyOf{comp: comp,
			source: "from " + trimGlue(name) + "." + method,
			fix:    "to write, give the query a pointer type argument: *" + tt(comp) + " (" + writable(name, tt(comp)) + ")"}
	}

	// Pass 1: the values that are read-only copies or resource pointers.
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if name := glueFunc(info, n); name != "" {
					if m := eachFunc.FindStringSubmatch(name); m != nil && len(n.Args) == 1 {
						k, _ := strconv.Atoi(m[1])
						if ft := funcOf(pass, decls, n.Args[0]); ft != nil {
							fname := exprText(n.Args[0])
							if _, lit := ast.Unparen(n.Args[0]).(*ast.FuncLit); lit {
								fname = "the function"
							}
							markParams(ft, 1, 1+k, func(t types.Type) *copyOf {
								return &copyOf{comp: t,
									source: "a non-pointer parameter of a glue." + name + " system, which gets a copy",
									fix:    "to write, take *" + tt(t) + " in " + fname + "'s parameters"}
							})
						}
					}
					return true
				}
				typ, method := glueMethod(info, n)
				if m := queryType.FindStringSubmatch(typ); m != nil && method == "Each" && len(n.Args) == 1 {
					k, _ := strconv.Atoi(m[1])
					recv := ast.Unparen(n.Fun).(*ast.SelectorExpr).X
					if ft := funcOf(pass, decls, n.Args[0]); ft != nil {
						markParams(ft, 1, 1+k, func(t types.Type) *copyOf {
							return queryCopy(info.TypeOf(recv), "Each", t)
						})
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
					markAssign(info, n.Lhs, n.Rhs, mark, queryCopy, tt)
				}
			case *ast.RangeStmt:
				// for e, a := range q.All() (Query1): a is a copy;
				// for e, r := range q.All() (Query2…8): r is a RowN whose
				// non-pointer fields are copies.
				call, ok := ast.Unparen(n.X).(*ast.CallExpr)
				if !ok || n.Value == nil {
					return true
				}
				typ, method := glueMethod(info, call)
				if !queryType.MatchString(typ) || method != "All" {
					return true
				}
				id, _ := ast.Unparen(n.Value).(*ast.Ident)
				if id == nil || id.Name == "_" {
					return true
				}
				q := info.TypeOf(ast.Unparen(call.Fun).(*ast.SelectorExpr).X)
				t := info.TypeOf(n.Value)
				if typ == "Query1" {
					if copyable(t) {
						mark(id, queryCopy(q, "All", t))
					}
					return true
				}
				v, ok := info.ObjectOf(id).(*types.Var)
				st, isStruct := t.Underlying().(*types.Struct)
				if !ok || !isStruct || !strings.HasPrefix(glueNamed(t, false), "Row") {
					return true
				}
				rows[v] = true
				for i := range st.NumFields() {
					if f := st.Field(i); copyable(f.Type()) {
						vars[slot{v, f.Name()}] = queryCopy(q, "All", f.Type())
					}
				}
			case *ast.ValueSpec:
				lhs := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					lhs[i] = id
				}
				markAssign(info, lhs, n.Values, mark, queryCopy, tt)
			}
			return true
		})
	}

	// Pass 2: the writes to them, and their uses as whole values.
	writes := map[slot][]write{}
	wholeUses := map[slot][]token.Pos{}
	var direct []resWrite // writes straight through Res/Opt.Get()
	record := func(lhs ast.Expr, n ast.Node, method bool, name string) {
		s, ok := storageOf(info, lhs)
		if !ok {
			return
		}
		w := write{n, name, method, s.shared}
		if call, isCall := s.root.(*ast.CallExpr); isCall {
			if c := resGet(info, call, tt); c != nil && (s.deref || method) {
				direct = append(direct, resWrite{w, c})
			}
			return
		}
		v := rootVar(info, s)
		k := slot{v, ""}
		if rows[v] {
			k.field = rowField(lhs, s.root)
		}
		c := vars[k]
		switch {
		case c == nil:
			return
		case c.res && !s.deref && !method:
			return // the pointer variable itself is reassigned
		case !c.res && (s.deref || !method && !s.shared && ast.Unparen(lhs) == s.root):
			return // the copy itself is reassigned
		}
		writes[k] = append(writes[k], w)
	}
	for _, f := range pass.Files {
		inspectStack(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.DEFINE {
					for _, l := range n.Lhs {
						record(l, n, false, exprText(l))
					}
				}
			case *ast.IncDecStmt:
				record(n.X, n, false, exprText(n.X))
			case *ast.CallExpr:
				fn, x := methodCall(info, n)
				if fn == nil || !isPointer(fn.Type().(*types.Signature).Recv().Type()) || !mut.mutates(fn) {
					return
				}
				// A call whose result is used is taken as a read: a
				// getter may cache (ui.Menu.Focused lays the menu out).
				if fn.Type().(*types.Signature).Results().Len() > 0 && !isStatement(stack) {
					return
				}
				// A receiver that is already a pointer changes what it
				// points to, not the value it was read from — unless it
				// is the resource pointer itself.
				if !isPointer(info.TypeOf(x)) || isRoot(x) {
					record(x, n, true, exprText(n.Fun))
				}
			case *ast.Ident:
				v, ok := info.Uses[n].(*types.Var)
				if !ok {
					return
				}
				if vars[slot{v, ""}] != nil && wholeUse(stack) {
					wholeUses[slot{v, ""}] = append(wholeUses[slot{v, ""}], n.Pos())
				}
				if !rows[v] {
					return
				}
				// A row: used whole (all its fields), or one field
				// used whole (r.B passed on).
				if wholeUse(stack) {
					wholeUses[slot{v, ""}] = append(wholeUses[slot{v, ""}], n.Pos())
				} else if i := parentAt(stack); i >= 0 {
					if sel, ok := stack[i].(*ast.SelectorExpr); ok && wholeUse(stack[:i+1]) {
						k := slot{v, sel.Sel.Name}
						wholeUses[k] = append(wholeUses[k], n.Pos())
					}
				}
			}
		})
	}

	for k, ws := range writes {
		c := vars[k]
		name := k.v.Name()
		if k.field != "" {
			name += "." + k.field
		}
		for _, w := range ws {
			if !c.res && !w.shared && (usedAfter(wholeUses[k], w.node.Pos()) ||
				k.field != "" && usedAfter(wholeUses[slot{k.v, ""}], w.node.Pos())) {
				continue // a scratch copy, used as a whole afterwards
			}
			report(rep, w, name, c, tt)
		}
	}
	for _, d := range direct {
		report(rep, d.w, "", d.c, tt)
	}
	return nil, nil
}

// slot is a tracked value: a variable (field "") or the field of a row
// variable (for _, r := range q.All(): r.B).
type slot struct {
	v     *types.Var
	field string
}

// rowField returns the name of the field selected directly on root in the
// path e (r.B in r.B.Pos.X), or "" if e is root itself.
func rowField(e, root ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			if ast.Unparen(x.X) == root {
				return x.Sel.Name
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// parentAt returns the index in stack of the node below its top,
// skipping parentheses, or -1.
func parentAt(stack []ast.Node) int {
	for i := len(stack) - 2; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			return i
		}
	}
	return -1
}

// markAssign marks the variables an assignment or declaration fills from
// QueryN.Get/First, View.At or Res/Opt.Get.
func markAssign(info *types.Info, lhs, rhs []ast.Expr, mark func(*ast.Ident, *copyOf),
	queryCopy func(q types.Type, method string, comp types.Type) *copyOf, tt func(types.Type) string) {
	ident := func(e ast.Expr) *ast.Ident { id, _ := ast.Unparen(e).(*ast.Ident); return id }
	if len(rhs) == 1 && len(lhs) > 1 {
		call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
		if !ok {
			return
		}
		typ, method := glueMethod(info, call)
		if queryType.MatchString(typ) && (method == "Get" || method == "First") {
			res, ok := info.TypeOf(call).(*types.Tuple)
			if !ok || res.Len() != len(lhs) {
				return
			}
			recv := ast.Unparen(call.Fun).(*ast.SelectorExpr).X
			from, to := 0, res.Len()-1 // Get: x0 … xn, ok
			if method == "First" {
				from = 1 // First: e, x0 … xn, ok
			}
			for i := from; i < to; i++ {
				t := res.At(i).Type()
				if copyable(t) {
					mark(ident(lhs[i]), queryCopy(info.TypeOf(recv), method, t))
				}
			}
		}
		return
	}
	if len(lhs) != len(rhs) {
		return
	}
	for i, r := range rhs {
		call, ok := ast.Unparen(r).(*ast.CallExpr)
		if !ok {
			continue
		}
		if c := resGet(info, call, tt); c != nil {
			mark(ident(lhs[i]), c)
			continue
		}
		typ, method := glueMethod(info, call)
		if typ == "View" && method == "At" {
			t := info.TypeOf(call)
			if copyable(t) {
				mark(ident(lhs[i]), &copyOf{comp: t,
					source: "from View[" + tt(t) + "].At",
					fix:    "to write, take glue.Column[" + tt(t) + "] (its At returns a pointer)"})
			}
		}
	}
}

// resGet describes a call of Res[T].Get or Opt[T].Get, or returns nil.
func resGet(info *types.Info, call *ast.CallExpr, tt func(types.Type) string) *copyOf {
	typ, method := glueMethod(info, call)
	if (typ != "Res" && typ != "Opt") || method != "Get" {
		return nil
	}
	t := derefType(info.TypeOf(call))
	return &copyOf{comp: t, res: true,
		source: "through glue." + typ + "[" + tt(t) + "], which is read-only",
		fix:    "take glue.ResMut[" + tt(t) + "] to write it"}
}

// report reports one write.
func report(pass *reporter, w write, name string, c *copyOf, tt func(types.Type) string) {
	comp := tt(c.comp)
	switch {
	case c.res:
		verb := "writes"
		if w.method {
			verb = "calls " + w.target + ", which changes"
			pass.Reportf(w.node.Pos(), "%s resource %s %s: the write is not declared and races with systems that read %s in parallel; %s", verb, comp, c.source, comp, c.fix)
			return
		}
		pass.Reportf(w.node.Pos(), "write to %s changes resource %s %s: the write is not declared and races with systems that read %s in parallel; %s", w.target, comp, c.source, comp, c.fix)
	case w.shared:
		pass.Reportf(w.node.Pos(), "write to %s changes memory that %s, a read-only copy of component %s (%s), shares with the stored component, under read-only access; %s", w.target, name, comp, c.source, c.fix)
	case w.method:
		pass.Reportf(w.node.Pos(), "%s changes only a copy: %s is a read-only copy of component %s (%s), so the change is lost; %s", w.target, name, comp, c.source, c.fix)
	default:
		pass.Reportf(w.node.Pos(), "write to %s changes only a copy: %s is a read-only copy of component %s (%s), so the write is lost; %s", w.target, name, comp, c.source, c.fix)
	}
}

// wholeUse reports whether the identifier on top of stack is used as a
// whole value (passed, assigned, returned, its address taken): not as the
// base of a field, element or method, nor reassigned.
func wholeUse(stack []ast.Node) bool {
	child, parent := stack[len(stack)-1], ast.Node(nil)
	for i := len(stack) - 2; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			parent = stack[i]
			break
		}
		child = stack[i]
	}
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		return p.X != child
	case *ast.IndexExpr:
		return p.X != child
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == child {
				return false
			}
		}
	case *ast.IncDecStmt:
		return false // a write, not a use
	}
	return true
}

// usedAfter reports whether one of uses comes after pos.
func usedAfter(uses []token.Pos, pos token.Pos) bool {
	for _, u := range uses {
		if u > pos {
			return true
		}
	}
	return false
}

// copyable reports whether a value of type t is a copy whose parts can be
// written: not a pointer, interface, type parameter, function or channel.
func copyable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Signature, *types.Chan:
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	return true
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// trimGlue drops the package name from a glue type for messages.
func trimGlue(s string) string {
	if len(s) > 5 && s[:5] == "glue." {
		return s[5:]
	}
	return s
}

// writable rewrites a query type's text so that comp is a pointer, e.g.
// ("glue.Query2[Ball, Vel]", "Ball") → "glue.Query2[*Ball, Vel]".
func writable(query, comp string) string {
	for _, sep := range []string{"[", ", "} {
		if i := indexAfter(query, sep+comp); i >= 0 {
			end := i + len(sep) + len(comp)
			if end == len(query) || query[end] == ',' || query[end] == ']' {
				return query[:i+len(sep)] + "*" + query[i+len(sep):]
			}
		}
	}
	return fmt.Sprintf("%s with *%s", query, comp)
}

func indexAfter(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// isStatement reports whether the call on top of stack is a statement of
// its own (its results, if any, dropped), or the call of a go or defer
// statement.
func isStatement(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
			return true
		default:
			return false
		}
	}
	return false
}
