// Package glue is a modular Entity-Component-System toolkit for 2D games on
// Ebitengine, after the Lepenka thesis: a game is declared — stages,
// components, resources, systems and module plugins — not hand-looped.
// The core package has no graphics dependency; renderers, physics, timers
// and networking live in modules under modules/.
//
// # Outline
//
//   - [App]: the game. [NewApp] takes its stages; [App.AddSystems],
//     [App.AddStartup], [App.InsertResource] and [App.AddPlugins] declare
//     it; [App.Run] (headless) or a renderer's runner drives it.
//   - Systems: [System0] … [System6] make global systems (once per tick);
//     [Each1] … [Each4] and their P1…P3 variants make entity systems (once
//     per matching entity, with pointers to the declared components);
//     [Batch1] … [Batch4] and their variants give the same systems whole
//     batches of entities, for tight inlined loops.
//   - System params, declared by a system function's parameter types:
//     [Res] and [ResMut] (resources), [Opt] (optional resource),
//     [Commands], [Local] (per-system state), [Added] and [Removed]
//     (change lists), [Query1] … [Query4] (other entities, read and
//     written) and [View1] … [View4] (other entities, only read).
//   - [Commands]: deferred changes, applied when the stage ends.
//   - [Plugin]: how modules add their resources and systems.
//   - [App.Describe]: the schedule, as text.
//
// # Stages
//
// A stage is a step of the tick. A game declares its stages as constants
// of its own type and passes them to [NewApp] in tick order; every tick
// runs every stage in that order. Plugins add stages with
// [App.InsertStageAfter] and [App.InsertStageBefore]. Startup systems run
// once, before the first tick, ordered by [System.Priority].
//
// # Systems
//
// A system is a plain function. Its parameters say what it needs:
//
//	// Global system: once per tick.
//	func StartRound(state glue.ResMut[GameState], rules glue.Res[GameRules]) { … }
//
//	// Entity system: once per entity with Player and Score.
//	func UpdateScore(e glue.Entity, p *Player, s *Score, coin glue.ResMut[Coin]) { … }
//
//	app.AddSystems(BeforeRound, glue.System2(StartRound))
//	app.AddSystems(Update, glue.Each2P1(UpdateScore))
//
// The number in a constructor's name is the number of components (Each2)
// and of params (P1, System2). Access is derived from types: [Res] reads a
// resource and [ResMut] writes it; an entity system or [Query2] writes its
// components unless [System.ReadOnly] says it only reads them; a [View2]
// only reads.
// [System.With] and [System.Without] filter entity systems by components
// they do not receive. A system sees only the components it declared.
//
// # Commands
//
// Systems change the world's structure through [Commands]: spawn and
// despawn entities, insert and remove components and resources, end the
// app. Commands are applied when every system of the stage has finished —
// in system order (registration order, adjusted by [System.After]), then
// in the order each system issued them — so their effects are visible from
// the next stage on and never depend on thread timing. Several commands on
// one entity in one stage are allowed and apply in that order: inserting a
// component twice keeps the last value, commands on an entity despawned
// earlier in the batch are skipped, and an entity whose last component is
// removed is despawned. [Commands.End] lets the current tick finish (every
// remaining stage still runs) and then stops the app.
//
// # Concurrency
//
// Systems of one stage that do not conflict — neither writes a component
// type or resource the other reads or writes — run in parallel on a
// persistent pool of worker goroutines; conflicting systems run in
// registration order. The scheduler measures each system's time per
// entity as it runs and uses the workers only where that pays: a group of
// systems goes parallel when running them side by side is expected to
// save well over the cost of a hand-off (about 1 µs), an entity system
// whose params write nothing shared is split into chunks of entities when
// it is long enough, and both are kept on one goroutine when their
// parallel runs turn out no faster (light, memory-bound loops often gain
// nothing from a second core). See [Options] to force other choices.
//
// Commands are buffered per system (and per chunk) and applied in a fixed
// order, so a parallel run gives exactly the same world as
// [Options.Sequential]. Systems bound to [RenderThread] run in
// the renderer's draw callback, one after another.
//
// An [App] itself is not concurrent-safe: drive it from one goroutine.
//
// # Errors
//
// Mistakes in the pipeline — an unknown stage, a system added twice, a
// duplicate resource, a bad After — are collected and reported together
// by [App.Build], each naming the system, stage or type. A system that
// needs a missing resource, panics or calls [Commands.Fail] stops the app;
// [App.Run] returns a [*SystemError] naming the system and stage.
package glue
