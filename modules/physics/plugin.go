package physics

import "github.com/gluekit/glue"

// Names of the systems the [Plugin] adds, in the order they run. Games
// order their own systems of the same stage after them, e.g.
// .After(physics.StepSystem) for a system that reads [Contacts].
const (
	// SyncSystem adds and removes shapes for spawned and despawned
	// colliders. It reads Collider and Body, writes [Space].
	SyncSystem = "physics.Sync"
	// MoveSystem moves bodies that are neither Static nor Bouncy by their
	// velocity. It writes Body and reads [Settings]; it may be split
	// across workers.
	MoveSystem = "physics.Move"
	// TrackSystem moves the shapes of kinematic colliders to their bodies.
	// It reads Body and Collider, writes [Space].
	TrackSystem = "physics.Track"
	// StepSystem moves Bouncy bodies with collision response and fills
	// [Contacts]. It writes Body, [Space] and [Contacts], reads Bouncy and
	// [Settings]. Contacts are complete once it has run.
	StepSystem = "physics.Step"
)

// Plugin adds physics to an app: the [Settings], [Space] and [Contacts]
// resources, and the systems [SyncSystem], [MoveSystem], [TrackSystem] and
// [StepSystem], in that order, to Stage. Every field but Stage has a
// default: Plugin{Stage: Physics} is a complete configuration.
type Plugin struct {
	// Stage is the game's stage the physics systems run in; it is
	// required. Put it after the stage where input moves kinematic bodies
	// and before the stages whose systems read [Contacts].
	Stage glue.Stage
	// Delta is the initial [Settings.Delta], in seconds per tick. The
	// default (0) is 1/60, Ebitengine's default tick rate.
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
}

// Build inserts the resources and adds the systems.
func (p Plugin) Build(app *glue.App) {
	delta := p.Delta
	if delta == 0 {
		delta = 1.0 / 60
	}
	cell := p.CellSize
	if cell <= 0 {
		cell = 32
	}
	app.InsertResource(Settings{Delta: delta, MaxStep: p.MaxStep})
	app.InsertResource(newSpace(cell, p.Bounds))
	app.InsertResource(Contacts{})

	body, col := glue.TypeOf[Body](), glue.TypeOf[Collider]()
	static, bouncy := glue.TypeOf[Static](), glue.TypeOf[Bouncy]()
	app.AddSystems(p.Stage,
		glue.System6(syncColliders).Named(SyncSystem).FromModule(modulePath).
			ReadOnly(body, col),
		Move[Body]().Named(MoveSystem).Without(static, bouncy).After(SyncSystem),
		glue.Each2P1(track).Named(TrackSystem).FromModule(modulePath).
			Without(static, bouncy).ReadOnly(body, col).After(MoveSystem),
		glue.System4(step).Named(StepSystem).FromModule(modulePath).
			ReadOnly(bouncy).After(TrackSystem),
	)
}
