package physics

import (
	"fmt"
	"runtime"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// followClock sets Settings.Delta from the game clock, when the app has
// one: the first system of the physics stage unless Plugin.Delta is set.
func followClock(p struct {
	Clock    glue.Opt[timer.Time]
	Settings glue.ResMut[Settings]
}) {
	if c := p.Clock.Get(); c != nil {
		p.Settings.Get().Delta = c.DeltaSeconds()
	}
}

// Labels of the systems the [Plugin] adds, in the order they run. Games
// order their own systems of the same stage after them, e.g.
// .After(physics.StepSystem) for a system that reads [Contacts].
var (
	// SyncSystem adds and removes shapes for spawned and despawned
	// colliders. It reads Collider and Body, writes [Space].
	SyncSystem = glue.NewLabel("physics.syncColliders")
	// MoveSystem moves bodies that are neither Static, Bouncy nor
	// Character by their velocity: it is Move[Body]. It writes Body and reads [Settings]; it
	// may be split across workers.
	MoveSystem = glue.NewLabel("physics.Move")
	// TrackSystem moves the shapes of kinematic colliders to their bodies.
	// It reads Body and Collider, writes [Space].
	TrackSystem = glue.NewLabel("physics.track")
	// StepSystem moves Character bodies with move-and-slide and Bouncy
	// bodies with collision response, fills
	// [Contacts] and writes the [ContactStarted] and [ContactEnded]
	// events. It writes Body, [Space] and [Contacts], reads Bouncy and
	// [Settings]. Contacts are complete once it has run; its events are
	// readable from the end of the physics stage (see [ContactStarted]).
	StepSystem = glue.NewLabel("physics.step")
)

// Plugin adds physics to an app: the [Settings], [Space] and [Contacts]
// resources, and the systems [SyncSystem], [MoveSystem], [TrackSystem]
// and [StepSystem], in that order, to Stage. Every field has a default:
// Plugin{} is a complete configuration that runs physics in
// glue.PostUpdate.
type Plugin struct {
	// Stage is the stage the physics systems run in. The default (empty)
	// is glue.PostUpdate, after the game's rules in glue.Update. A game
	// whose rules react to contacts in the same tick declares a stage of
	// its own for physics, after the stage where input moves kinematic
	// bodies and before the stages whose systems read [Contacts]:
	//
	//	const Physics glue.Stage = "Physics"
	//	app.AddStagesAfter(glue.Update, Control, Physics, Rules)
	//	app.AddPlugins(physics.Plugin{Stage: Physics})
	Stage glue.Stage
	// Delta, if set, is a fixed [Settings.Delta], in seconds per tick. The
	// default (0) follows the game clock: while the app has a timer.Time
	// (timer.Plugin), every tick simulates its DeltaSeconds, so bodies
	// stop while the game is paused and follow its speed; without one,
	// 1/60, Ebitengine's default tick rate.
	Delta float64
	// MaxStep is the initial [Settings.MaxStep]. The default (0) picks a
	// sub-step per body that never tunnels.
	MaxStep float64
	// CellSize is the side of the resolv grid's cells, in pixels. The
	// default (0) is 32. Cells about the size of the typical collider
	// work best.
	CellSize int
	// Bounds is the world area the grid covers from the start. The
	// default (empty) lets the grid grow to fit the colliders as they are
	// added; set it to the play field to avoid rebuilding the grid while
	// a level is being spawned.
	Bounds Bounds
	// Place, if set, is a system that moves kinematic bodies to a pose
	// kept by another module, [Place][T] (e.g.
	// physics.Place[transform.GlobalTransform]()). The plugin runs it
	// after [MoveSystem] and before [TrackSystem]. The default (nil) adds
	// nothing.
	Place *glue.System
}

// validate reports the first option out of range.
func (p Plugin) validate() error {
	switch {
	case p.Delta < 0 || !finite(p.Delta):
		return fmt.Errorf("physics: Plugin.Delta must be a finite number of seconds > 0 (or zero to follow the game clock), got %v", p.Delta)
	case p.MaxStep < 0 || !finite(p.MaxStep):
		return fmt.Errorf("physics: Plugin.MaxStep must be a finite number of pixels > 0 (or zero for a sub-step that never tunnels), got %v", p.MaxStep)
	case p.CellSize < 0:
		return fmt.Errorf("physics: Plugin.CellSize must be positive (or zero for 32), got %d", p.CellSize)
	}
	return nil
}

// Build inserts the resources and adds the systems. A Stage the app does
// not have, or an option out of range, is reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	if err := p.validate(); err != nil {
		app.AddError(err)
		return
	}
	stage := p.Stage
	if stage == "" {
		stage = glue.PostUpdate
	}
	if !app.HasStage(stage) {
		app.AddError(fmt.Errorf("physics: Plugin.Stage %q is not a stage of the app; add the stage before the plugin (app.AddStagesAfter(glue.Update, %q)), or leave Stage empty for glue.PostUpdate", stage, stage))
		return
	}
	delta := p.Delta
	var first []glue.Target // what the physics systems run after
	if delta == 0 {
		delta = 1.0 / 60
		clock := glue.Func(followClock)
		app.AddSystems(stage, clock)
		first = append(first, clock)
	}
	cell := p.CellSize
	if cell == 0 {
		cell = 32
	}
	app.InsertResource(Settings{Delta: delta, MaxStep: p.MaxStep})
	app.InsertResource(newSpace(cell, p.Bounds))
	app.InsertResource(Contacts{})

	static, bouncy, char := glue.TypeOf[Static](), glue.TypeOf[Bouncy](), glue.TypeOf[Character]()
	app.AddSystems(stage,
		glue.Func(syncColliders).After(first...).In(SyncSystem),
		Move[Body]().Without(static, bouncy, char).After(SyncSystem).In(MoveSystem),
	)
	var trackAfter glue.Target = MoveSystem
	if p.Place != nil {
		app.AddSystems(stage, p.Place.After(MoveSystem))
		trackAfter = p.Place
	}
	app.AddSystems(stage,
		glue.Each2P(track).Without(static, bouncy).After(trackAfter).In(TrackSystem),
		glue.Func(step).After(TrackSystem).In(StepSystem),
	)
	if runtime.GOOS != "js" {
		app.AddSystems(stage, glue.Func(stillMoved).After(StepSystem))
	}
}
