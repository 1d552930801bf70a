package glue

import "reflect"

// Func makes a global system from fn: it runs once per tick in its
// stage. fn's parameter is a system param — [Res], [ResMut], [Opt],
// [Local], [Commands], [Added], [Removed] or a query ([Query1] …
// [Query8]) — or a struct whose exported fields are params, for any
// number of them:
//
//	func Score(p struct {
//		Game  glue.ResMut[Game]
//		Balls glue.Query1[*Ball]
//		Cmd   glue.Commands
//	}) { … }
//
//	app.AddSystems(glue.Update, glue.Func(Score))
//
// Access to resources and components is derived from the param types when
// the app is built; a type that is not a param is a build error naming
// it. A system of no params takes struct{}. A function of two to eight
// params given directly, without a struct, is [Func2] … Func8:
//
//	glue.Func3(func(t glue.Res[timer.Time], cmds glue.Commands, q glue.Query1[*Ship]) { … })
func Func[P any](fn func(P)) *System {
	s := newSystem(fn, globalSystem, nil, nil)
	s.paramsSystem(reflect.TypeFor[*P](), func(slots any, c int) { fn(slots.([]P)[c]) })
	return s
}

// funcN makes a global system of several params given directly ([Func2]
// … [Func8]): ptr is the type *P of the positional params struct, call
// unpacks slots[c] (slots a []P) and calls fn, which names the system.
// Not generic, as paramsSystem: each FuncN instance is itself and call.
func funcN(fn any, ptr reflect.Type, call func(slots any, c int)) *System {
	// Frames between funcName's caller and the user's code: funcN, FuncN.
	s := &System{kind: globalSystem}
	s.name, s.module, s.line = funcName(fn, 2)
	s.checkNil()
	s.paramsSystem(ptr, call)
	return s
}

// positionalParams is implemented by the params struct of a FuncN
// system: its fields are the function's parameters, named in errors as
// "parameter 2".
type positionalParams interface{ positional() }
