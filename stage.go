package glue

import (
	"fmt"
	"slices"
)

// Stage names one step of a tick. Systems are added to stages; a stage's
// systems run together (those that do not conflict may run in parallel),
// and the commands they issue are applied when the stage ends, before the
// next stage starts.
//
// Every app has the core stages below, in this order. A game adds stages
// of its own among them with [App.AddStagesAfter] and
// [App.AddStagesBefore]; declare them as constants:
//
//	const (
//		Control glue.Stage = "Control"
//		Rules   glue.Stage = "Rules"
//	)
//	app.AddStagesAfter(glue.Update, Control, Rules)
//
// Stage names are unique within an app; a module's stages are named
// "module.Name".
type Stage string

// The core stages, in tick order. [App.Update] runs the update stages
// First … Last; [App.Draw] runs the draw stages PreDraw … PostDraw. The
// full order of a tick is:
//
//	First       timer.Plugin advances the clock, then its Timer components.
//	PreUpdate   input.Plugin reads the devices; net plugins hand over
//	            what arrived.
//	StateTransition  requested state changes take effect (AddState).
//	Update      the game's rules: games add their own stages after it.
//	PostUpdate  what follows the rules: physics.Plugin's default stage;
//	            transform.Plugin computes world poses; net plugins record
//	            what watchers see.
//	Last        audio.Plugin plays what the tick queued; net plugins send.
//	PreDraw     render.Plugin begins the frame.
//	Draw        drawing systems (render.DrawBox and the game's own).
//	PostDraw    render.Plugin flushes the frame and takes screenshots.
//
// Modules add their systems to these stages, so the order of a tick does
// not depend on the order plugins are added. A module whose systems must
// sit between two of the game's stages takes the stage as an option
// (physics.Plugin.Stage); the few whose systems need a stage to
// themselves add one next to a core stage and document it (net's
// RollbackStage after PreUpdate, replay's Stage and diag's RewindStage after
// Last).
const (
	// First is the first stage of every tick: clocks advance.
	First Stage = "First"
	// PreUpdate prepares the tick: input is read, messages are received.
	PreUpdate Stage = "PreUpdate"
	// Update holds the game's rules. Games add their stages after it.
	Update Stage = "Update"
	// PostUpdate follows the rules: physics by default.
	PostUpdate Stage = "PostUpdate"
	// Last ends the tick: sound is played, messages are sent.
	Last Stage = "Last"
	// PreDraw begins a frame on the render thread.
	PreDraw Stage = "PreDraw"
	// Draw is where drawing systems run, on the render thread.
	Draw Stage = "Draw"
	// PostDraw ends a frame on the render thread.
	PostDraw Stage = "PostDraw"
)

var coreUpdate = []Stage{First, PreUpdate, StateTransition, Update, PostUpdate, Last}
var coreDraw = []Stage{PreDraw, Draw, PostDraw}

// thread is the driver that runs a stage: [App.Update] or [App.Draw].
type thread uint8

const (
	updateThread thread = iota
	renderThread
)

func (t thread) String() string {
	if t == renderThread {
		return "draw"
	}
	return "update"
}

type stageDef struct {
	name   Stage
	thread thread
	core   bool
	// transition stages (OnEnter, OnExit) are not in the tick's order:
	// state machines run them.
	transition bool
	runs       []*sysRun // registration order
	plan       *planInfo
	// lastAfter and lastBefore are the stages last added next to this one,
	// so that stages added after (before) it in several calls keep the
	// order of the calls.
	lastAfter, lastBefore *stageDef
}

// AddStagesAfter adds stages to the tick right after anchor, in the given
// order, and after the stages added after anchor before. The new stages
// run on anchor's thread: after an update stage they run in
// [App.Update], after a draw stage in [App.Draw].
//
// Panics if the app was already built. Mistakes (an unknown anchor, a
// stage declared twice, an empty name) are reported by [App.Build].
func (a *App) AddStagesAfter(anchor Stage, stages ...Stage) *App {
	return a.addStages(anchor, stages, true)
}

// AddStagesBefore adds stages to the tick right before anchor, in the
// given order, and after the stages added before anchor before. The new
// stages run on anchor's thread.
//
// Panics if the app was already built.
func (a *App) AddStagesBefore(anchor Stage, stages ...Stage) *App {
	return a.addStages(anchor, stages, false)
}

func (a *App) addStages(anchor Stage, stages []Stage, after bool) *App {
	a.mustNotBeBuilt("AddStagesAfter/AddStagesBefore")
	def, ok := a.stageIdx[anchor]
	if !ok {
		a.errorf("glue: cannot add stages %v next to stage %q: the app has no such stage; use a core stage (glue.Update, glue.Draw, …) or one added before", stages, anchor)
		return a
	}
	for _, s := range stages {
		if s == "" {
			a.errorf("glue: a stage needs a name; declare it as a constant, e.g. const Rules glue.Stage = \"Rules\"")
			continue
		}
		if _, dup := a.stageIdx[s]; dup {
			a.errorf("glue: stage %q declared twice; give each stage its own name", s)
			continue
		}
		var at int
		if after {
			prev := def
			if def.lastAfter != nil {
				prev = def.lastAfter
			}
			at = slices.Index(a.stages, prev) + 1
		} else {
			at = slices.Index(a.stages, def)
		}
		nd := &stageDef{name: s, thread: def.thread}
		a.stages = slices.Insert(a.stages, at, nd)
		a.stageIdx[s] = nd
		if after {
			def.lastAfter = nd
		} else {
			def.lastBefore = nd
		}
	}
	return a
}

// HasStage reports whether the app has the stage.
func (a *App) HasStage(stage Stage) bool {
	_, ok := a.stageIdx[stage]
	return ok
}

// Stages returns the app's stages in tick order: the update stages, then
// the draw stages.
func (a *App) Stages() []Stage {
	out := make([]Stage, len(a.stages))
	for i, s := range a.stages {
		out[i] = s.name
	}
	return out
}

func (a *App) errorf(format string, args ...any) {
	a.setupErrs = append(a.setupErrs, fmt.Errorf(format, args...))
}
