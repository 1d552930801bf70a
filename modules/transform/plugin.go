package transform

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Plugin adds transforms to an app: in Stage, [InsertSystem], then
// [RootsSystem] and [ChildrenSystem], which propagate world poses; and
// [OrphansSystem] in glue.First and glue.Last. The zero value propagates
// in glue.PostUpdate.
type Plugin struct {
	// Stage is the stage poses are propagated in. The default (empty)
	// is glue.PostUpdate: after the game's rules, before the draw stages
	// read GlobalTransform.
	Stage glue.Stage
	// After lists the systems (or labels) of Stage that propagation runs
	// after: those that move Transforms in the same stage, e.g. a
	// [Follow] system after physics.StepSystem. A target with no system
	// in Stage is reported by glue.App.Build.
	After []glue.Target
}

// Build adds the plugin's systems. A Stage the app does not have is
// reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	stage := p.Stage
	if stage == "" {
		stage = glue.PostUpdate
	}
	if !app.HasStage(stage) {
		app.AddError(fmt.Errorf("transform: Plugin.Stage %q is not a stage of the app; add the stage before the plugin (app.AddStagesAfter(glue.Update, %q)), or leave Stage empty for glue.PostUpdate", stage, stage))
		return
	}
	gt, link := glue.TypeOf[GlobalTransform](), glue.TypeOf[ChildOf]()
	app.AddSystems(stage,
		glue.Each1P(insertGlobals).Without(gt).After(p.After...).In(InsertSystem),
		glue.Each2(propagateRoots).Without(link).After(p.After...).In(RootsSystem),
		glue.Func(propagateChildren).After(RootsSystem).In(ChildrenSystem),
	)
	for _, s := range []glue.Stage{glue.First, glue.Last} {
		if s != stage {
			app.AddSystems(s, glue.Func(despawnOrphans).In(OrphansSystem))
		}
	}
}
