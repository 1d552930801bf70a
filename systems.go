package glue

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
// it. A system of no params takes struct{}.
func Func[P any](fn func(P)) *System {
	s := newSystem(fn, globalSystem, nil, nil)
	s.init = func(b *builder) (func(*runCtx) error, func(*runCtx, int, int), error) {
		slots, fetch, err := initParams[P](b)
		if err != nil {
			return nil, nil, err
		}
		return fetcher(fetch),
			func(ctx *runCtx, _, _ int) { fn(slots[ctx.chunk]) }, nil
	}
	return s
}
