// Package unadded is gluevet's corpus of systems made and never added.
package unadded

import "github.com/gluekit/glue"

type Ball struct{ X float64 }

func Move(glue.Entity, *Ball) {}
func Score(struct{})          {}
func helper() *glue.System    { return glue.Func(Score) }
func keep(...*glue.System)    {}

func Build(app *glue.App) *glue.System {
	glue.Func(Score)               // want `the system made by glue.Func\(…\) is dropped: it never runs; pass it to app.AddSystems \(or AddStartup\)`
	glue.Each1(Move).Named("move") // want `the system made by glue.Each1\(…\) is dropped`
	helper()                       // want `the system made by helper\(…\) is dropped`
	lost := glue.Each1(Move)       // want `system lost is made but never added to an app: it never runs; pass it to app.AddSystems \(or AddStartup\)`
	lost.Named("lost").With(Ball{})
	lost = lost.After("x")

	added := glue.Func(Score).Named("score")
	added.Named("score2") // changes the spec in place: fine
	app.AddSystems(glue.Update, added)
	startup := glue.Func(Score)
	app.AddStartup(startup)
	kept := glue.Func(Score)
	keep(kept)
	list := []*glue.System{glue.Func(Score)}
	app.AddSystems(glue.Update, list...)
	app.AddSystems(glue.Update, glue.Each1(Move).Named("m"))
	returned := glue.Func(Score)
	alias := returned.Named("r") // passed on through alias
	_ = alias.Name()
	return returned
}

// addScore adds the system it returns: dropping the result is fine.
func addScore(app *glue.App) *glue.System {
	s := glue.Func(Score)
	app.AddSystems(glue.Update, s)
	return s
}

func Helpers(app *glue.App) {
	addScore(app)
	addScore(app).Named("score")
}

func Param(s *glue.System) {
	s.Named("p") // a parameter: added by the caller
}
