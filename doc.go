// Package glue is a modular Entity-Component-System toolkit for 2D games on
// Ebitengine, after the Lepenka thesis: a game is declared — stages,
// components, resources, systems and module plugins — not hand-looped.
// The core package has no graphics dependency; renderers, physics, timers
// and networking live in modules under modules/.
//
// # Outline
//
//   - [App]: the game. [NewApp] makes one with the core stages;
//     [App.AddStagesAfter], [App.AddSystems], [App.AddStartup],
//     [App.InsertResource] and [App.AddPlugins] declare it; [App.Run]
//     (headless) or a renderer's runner drives it.
//   - [Stage]: the steps of a tick, in one documented order.
//   - Systems: [Func] makes a global system (once per tick); [Each1] …
//     [Each8] make entity systems (once per matching entity, with pointers
//     to its components) and [Each1P] … [Each8P] the same with params;
//     [Batch1] … [Batch8] and [Batch1P] … [Batch8P] give entity systems
//     whole batches of entities, for tight inlined loops. The number in a
//     name is the number of component types.
//   - System params, declared by a system function's parameter types:
//     [Res] and [ResMut] (resources), [Opt] (optional resource),
//     [Commands], [Local] (per-system state), [Added] and [Removed]
//     (change lists), [Query1] … [Query8] (other entities) — or a struct
//     whose exported fields are params, for any number of them. A
//     system loops over a query itself with range-over-func,
//     for e, r := range q.All() ([Query2.All]): the fastest per-entity
//     form, whose loop body the compiler inlines (no call per entity).
//   - [Commands]: deferred changes, applied when the stage ends;
//     [Commands.Exclusive] runs a function with the whole [World] to
//     itself at that point, for whole-world work such as saving.
//   - [Plugin]: how modules add their resources and systems.
//   - [App.Describe]: the schedule, as text.
//   - Inspection, for tools such as modules/diag: [App.Pause] and
//     [App.Step] hold the ticks and let one through; [App.Entities],
//     [App.ComponentTypes], [App.Component], [App.ArchetypeList] and
//     [App.Resources] read the world for display; [App.SetProfiling]
//     and [App.Timings] time stages and systems.
//
// # Stages
//
// A tick runs the update stages First, PreUpdate, StateTransition,
// Update, PostUpdate and Last ([App.Update]); a frame runs the draw stages PreDraw, Draw and
// PostDraw ([App.Draw]). [Stage] documents what belongs in each. Modules
// add their systems to these stages at documented places (the few that
// need a stage to themselves add it next to a core stage, documented), so
// the order of a tick does not depend on the order plugins are added. A game adds its own stages among them, and its main.go then
// shows the whole tick:
//
//	const (
//		Control glue.Stage = "Control"
//		Physics glue.Stage = "Physics"
//		Rules   glue.Stage = "Rules"
//	)
//	app.AddStagesAfter(glue.Update, Control, Physics, Rules)
//
// Startup systems run once, before the first tick, ordered by
// [System.Priority]. -schedule in every game prints the order
// ([App.Describe]).
//
// # Systems
//
// A system is a plain function. Its parameters say what it needs:
//
//	// Global system: once per tick; its params given directly.
//	func StartRound(state glue.ResMut[GameState], rules glue.Res[GameRules]) { … }
//
//	// Or a struct gathers any number of params.
//	func EndRound(p struct {
//		State glue.ResMut[GameState]
//		Rules glue.Res[GameRules]
//	}) { … }
//
//	// Entity system: once per entity with Player and Score, then params.
//	func UpdateScore(e glue.Entity, pl *Player, s *Score, coin glue.ResMut[Coin]) { … }
//
//	app.AddSystems(BeforeRound, glue.Func2(StartRound)) // Func2 … Func8: the number counts the params
//	app.AddSystems(AfterRound, glue.Func(EndRound))
//	app.AddSystems(Round, glue.Each2P(UpdateScore))
//
// Access is derived from types when the app is built: [Res] reads a
// resource and [ResMut] writes it; for components, a value reads and a
// pointer writes — func(e glue.Entity, p *Pos, v Vel) writes Pos and reads
// Vel (getting a copy), glue.Query2[*Body, Paddle] writes Body and reads
// Paddle, and in a BatchN system glue.View[Vel] reads. Nothing is declared at registration.
// [System.With] and [System.Without] filter entity systems by components
// they do not receive. A parameter that is not a param is a build error
// naming it and the kinds allowed. Params are resolved once, at Build; a
// tick uses no reflection.
//
// A [System] is a spec: it holds no run state, so one value may be added to
// several apps. Its name is a handle, the same under go run, go test and
// in the browser: its function's, or the constructor's that made it
// ("render.Animate"), qualified by the last element of the package's
// import path (also for package main: "breakout.MovePaddle"), with the
// type arguments a generic constructor gives [System.TypeArgs]
// ("render.DrawBox[main.Brick]", types named as Go shows them). Names are
// unique within a stage.
// Systems are ordered by value, not by name: [System.After] takes the
// *System or a [Label] a module exports ([System.In]).
//
// # Component pointers
//
// The *T an entity system, [Query1.Each], [Query1.All], [Query1.Get] or
// [Query1.First] hands out points into the world's storage. It is valid
// until the next structural change of the world — a spawn, despawn,
// insert or remove — and those happen only when a stage's commands are
// applied, after its systems have run. So a pointer is valid for the
// rest of the system's run, and must not be kept across runs (in a
// [Local], a resource or a component): keep the [Entity] and look the
// component up again.
//
// # Idioms
//
// A few things that read oddly at first:
//
//   - A singleton: _, player, ok := q.First() — First returns the entity,
//     its components and whether there is one; take the ones you need.
//   - The current state: p.Phase.Get().Get() for a Res[glue.State[Phase]]
//     — the first Get is the resource, the second the state it holds.
//   - glue.TypeOf[T]() is not reflect.TypeFor[T](): it returns a [Type],
//     glue's handle of a component type for With, Without and Remove.
//     Where a plain Go type is meant (System.TypeArgs), glue takes a
//     reflect.Type.
//   - The number in Each2, Each2P … counts components. A miscount is the
//     compiler's "cannot infer A" (or "P"): count the component
//     parameters of the function, then add P if params follow.
//   - Func takes a function of one param (or a struct of params); a
//     function of two to eight params given directly is Func2 … Func8,
//     the number counting them: Func with two is the compiler's "cannot
//     infer P".
//   - A state type prints its values through a String method
//     ("InState(main.Phase.Playing)"); without one as
//     "main.Phase(1)".
//   - A component that carries a sprite holds a render.Sprite field and
//     returns it from a Sprite method; embedding render.Sprite does not
//     work, since the embedded field is itself named Sprite.
//   - A timer.Timer component is advanced by timer.Plugin; a Timer inside
//     a component of your own is advanced by your system
//     (c.Cooldown.Tick(time.Delta())), as render.Animator's frames are
//     by render.Animate.
//
// # Commands
//
// Systems change the world's structure through [Commands]: spawn and
// despawn entities, insert and remove components and resources, end the
// app. Commands are applied when every system of the stage has finished —
// in system order (execution order: registration order adjusted by
// [System.After]), then in the order each system issued them (chunks of a
// split system in entity order) — so their effects are visible from the
// next stage on and never depend on thread timing. Several commands on one
// entity in one stage apply in that order: inserting a component twice
// keeps the last value, commands on an entity despawned earlier are
// skipped, and an entity whose last component is removed is despawned.
// [Commands.Spawn] returns the new entity's id at once, for later commands
// and for components that refer to it (a parent, a target); the entity is
// live from the next stage on.
// [Spawn1] … [Spawn8] and [Insert1] … [Insert8] are the same commands for
// components whose types are known at compile time (glue.Spawn2(c, Pos{},
// Vel{})): they queue the values without boxing them, allocate nothing
// once the system's buffer has grown, and a run of spawns with the same
// types is applied as one batch.
// [SpawnBundle] and [InsertBundle] take a bundle: a struct whose fields
// are the components (glue.SpawnBundle(c, Ship{Pos: p, Vel: v, …})), for
// any number of components, typed and unboxed like Spawn2.
// The bulk commands change many entities with one command, a whole
// archetype at a time, with the result of the per-entity loop:
// [SpawnBatch] and [SpawnBatchOf] spawn n entities of a bundle, and
// [InsertAll], [RemoveAll] and [DespawnAll] insert, remove or despawn on
// every entity a query param matches when the command applies.
// [Commands.Disable] hides an entity from every system and query, keeping
// its components, until [Commands.Enable]; a system that asks sees
// disabled entities ([System.IncludeDisabled], [Disabled]).
// [ReserveBundle] and [App.ReserveTypes] make room ahead for a world that
// grows to a known size.
// [Commands.End] lets the current tick finish (every remaining stage
// still runs) and then stops the app; [Commands.Fail] does the same and
// then reports its error.
//
// # States
//
// [AddState] adds a state machine — a game's screens and phases — whose
// changes run the systems of [OnEnter] and [OnExit] and despawn the
// entities scoped to the state left ([StateScoped]). States stack, so a
// pause or options menu sits over a running game: [NextState.Push]
// pauses the current state under a new one (its entities stay, [OnPause]
// runs), [NextState.Pop] returns to it ([OnResume] runs, not OnEnter),
// and [NextState.Set] leaves the whole stack. [InState] holds for the
// top state only, [InStack] also while it is paused beneath another:
//
//	title → play:    next.Set(Play)     OnExit(Title), OnEnter(Play)
//	play → pause:    next.Push(Pause)   OnPause(Play), OnEnter(Pause)
//	pause → options: next.Push(Options) OnPause(Pause), OnEnter(Options)
//	options → back:  next.Pop()         OnExit(Options), OnResume(Pause)
//	resume:          next.Pop()         OnExit(Pause), OnResume(Play)
//	quit to title:   next.Set(Title)    OnExit(Pause), OnExit(Play), OnEnter(Title)
//
// The game's rules run if InState(Play) and stop under the menus; its
// drawing runs if InStack(Play) and goes on beneath them.
//
// # Failed ticks
//
// A system fails when it panics, needs a resource that does not exist, or
// ends its goroutine (runtime.Goexit, as t.Fatal does); a command fails when it cannot
// be applied (a nil or pointer component, a zero [Type]). Then:
//
//   - every system of the failing system's level (the systems that may run
//     side by side with it) still runs; an entity system that fails stops
//     only in the segment of 1024 entities where it failed, and
//     visits the rest — the same entities in parallel and sequential runs;
//   - no later level of the stage runs, and none of the stage's commands is
//     applied (a failed command: the stage's other commands are applied);
//   - no later stage runs, the app ends, and [App.Update] returns the
//     failure: a [*SystemError] naming the system and stage, or several
//     joined in execution order.
//
// So a failed tick leaves the same world whether the app runs in parallel
// or with [Options.Sequential].
//
// A system that ends its goroutine on a worker fails the tick as above.
// On the goroutine that called [App.Update] (a sequential app's, or the
// chunk that goroutine runs itself) Go lets nothing go on: that goroutine
// ends, the app stops, the [*SystemError] naming the system is written to
// stderr, and any later Update or Draw returns it (natively: the browser
// build leaves this report out of the page's download).
//
// A system that never returns (a channel no one sends on, a lock never
// released, select {}) cannot be failed either: Go cannot stop it. Once a
// tick or frame has run for [Options.StallAfter] (10 seconds unless set),
// the app writes to stderr which stage it is in and the function and line
// of each system still running (natively, as above).
//
// # Checkpoints
//
// A [Checkpoint] copies an app's whole state between two ticks into memory
// of its own — the world, the resources, the Locals, the events in flight,
// the state machines, the tick count — and restores it; run again with
// the same inputs, the app ends where it ended the first time. Rollback
// netcode (modules/net) restores a past tick's checkpoint and runs the
// ticks since again when an input arrives late, driving the app's ticks
// itself with [App.Drive]. Values are copied as assignment copies them;
// state that changes behind a pointer copies itself ([Copier]).
// [Checkpoint.Digest] hashes a saved state part by part, to find where two
// runs differ.
//
// # Concurrency
//
// Systems of one update stage that do not conflict — neither writes a
// component type or resource the other reads or writes — run in parallel
// on a persistent pool of worker goroutines, fixed when the app is built;
// conflicting systems run in execution order. By default the scheduler
// learns where the workers pay: it samples each system's time per entity
// as it runs, spreads a group of systems over the workers when running
// them side by side is expected to save well over the cost of a hand-off,
// splits an entity system whose params write nothing shared into chunks
// when it is long enough, and keeps both on one goroutine when their
// parallel runs turn out no faster, probing again now and then.
// [Options.ParallelThreshold] and [Options.ChunkSize] replace those
// decisions with entity counts.
//
// Commands are buffered per system (and per chunk) and applied in a fixed
// order, and spawns take entity ids in that order (a system that runs
// beside others waits, at its first spawn, for the systems before it), so
// a parallel run gives exactly the same world, ids included, as
// [Options.Sequential]. Draw stages run in the renderer's draw callback,
// one system after another.
//
// An [App] itself is not concurrent-safe: drive it from one goroutine.
//
// # Errors
//
// Mistakes in the pipeline — an unknown stage, a duplicate name, a wrong
// param type, a pointer or interface used as a component or resource, a
// filter that can never match or that a global system cannot honour, a
// module system without its plugin ([Provided]), a duplicate resource, an
// After target missing from the stage, [InState] of a state the app does
// not have, a condition that writes, a [DrawOnly] resource written in an
// update stage, a [TickOnly] component or resource (timer.Time,
// physics.Space, tween.Tween) written in a draw stage, what a plugin checks with [App.OnBuild] — are collected
// and reported together by [App.Build], each naming the system, stage or
// type and how to fix it. [App.AddError] after Build is not lost: the next
// Update returns it. Changing a built app panics; a closed app returns
// [ErrClosed].
package glue
