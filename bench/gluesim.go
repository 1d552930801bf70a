package bench

import "github.com/gluekit/glue"

// tickStage is the stage of the benchmark apps' systems: the core Update
// stage (the other core stages are empty).
const tickStage = glue.Update

// The systems of Table 4.1 as a glue user writes them: plain functions
// whose parameters say what they read and write.

func moveSystem(_ glue.Entity, p *Position, v *Velocity, c glue.Res[Clock]) {
	move(p, v, c.Get().DT)
}

func ageSystem(_ glue.Entity, a *Age, c glue.Res[Clock]) {
	grow(a, c.Get().DT)
}

func bounceSystem(_ glue.Entity, p *Position, v *Velocity, f glue.Res[Field]) {
	fd := f.Get()
	bounce(p, v, fd.W, fd.H)
}

func steerSystem(_ glue.Entity, p *Position, v *Velocity, a *Age, c glue.Res[Clock]) {
	steer(p, v, a, c.Get().DT)
}

// The same systems in glue's Batch form: each function receives a batch
// of entities with one column per component and loops over it itself, so
// move, grow, bounce and steer are inlined into the loop. Looping to the
// shortest column's length (all are the batch's length) lets the compiler
// drop the bounds checks of every At in the loop.

func moveBatch(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], c glue.Res[Clock]) {
	dt := c.Get().DT
	for i := range min(ps.Len(), vs.Len()) {
		move(ps.At(i), vs.At(i), dt)
	}
}

func ageBatch(_ glue.Entities, as glue.Column[Age], c glue.Res[Clock]) {
	dt := c.Get().DT
	for i := range as.Len() {
		grow(as.At(i), dt)
	}
}

func bounceBatch(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], f glue.Res[Field]) {
	fd := f.Get()
	w, h := fd.W, fd.H
	for i := range min(ps.Len(), vs.Len()) {
		bounce(ps.At(i), vs.At(i), w, h)
	}
}

func steerBatch(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], as glue.Column[Age], c glue.Res[Clock]) {
	dt := c.Get().DT
	for i := range min(ps.Len(), vs.Len(), as.Len()) {
		steer(ps.At(i), vs.At(i), as.At(i), dt)
	}
}

// glueSim is the Table 4.1 world as a glue app: a startup system spawns
// the entities through Commands, App.Update runs the systems in stage
// glue.Update, and a system of stage glue.Draw reads the state back for
// the tests (App.Draw).
type glueSim struct {
	app *glue.App
	out []State
}

// newGlueSim returns a constructor for glue apps configured with opts
// whose systems are in the Each form (one call per entity).
func newGlueSim(opts glue.Options) func(init []State, heavy bool) Sim {
	return makeGlueSim(opts, false)
}

// newGlueBatchSim returns a constructor for glue apps configured with
// opts whose systems are in the Batch form (one call per batch).
func newGlueBatchSim(opts glue.Options) func(init []State, heavy bool) Sim {
	return makeGlueSim(opts, true)
}

func makeGlueSim(opts glue.Options, batch bool) func(init []State, heavy bool) Sim {
	return func(init []State, heavy bool) Sim {
		s := &glueSim{app: glue.NewApp().Configure(opts)}
		app := s.app
		app.InsertResource(Clock{DT}).InsertResource(Field{FieldW, FieldH})
		app.AddStartup(glue.Func(func(cmds glue.Commands) {
			for _, st := range init {
				cmds.Spawn(st.P, st.V, st.A)
			}
		}).Named("bench.spawn"))
		steerSys, moveSys, ageSys, bounceSys := glue.Each3P(steerSystem), glue.Each2P(moveSystem), glue.Each1P(ageSystem), glue.Each2P(bounceSystem)
		if batch {
			steerSys, moveSys, ageSys, bounceSys = glue.Batch3P(steerBatch), glue.Batch2P(moveBatch), glue.Batch1P(ageBatch), glue.Batch2P(bounceBatch)
		}
		if heavy {
			app.AddSystems(tickStage, steerSys)
		}
		app.AddSystems(tickStage,
			moveSys,
			ageSys,
			bounceSys,
		)
		app.AddSystems(glue.Draw, glue.Each3(func(_ glue.Entity, p *Position, v *Velocity, a *Age) {
			s.out = append(s.out, State{*p, *v, *a})
		}).Named("bench.read"))
		return s
	}
}

func (s *glueSim) Tick() {
	if err := s.app.Update(); err != nil {
		panic("bench: glue tick failed: " + err.Error())
	}
}

func (s *glueSim) States() []State {
	s.out = nil
	if err := s.app.Draw(); err != nil {
		panic("bench: glue draw failed: " + err.Error())
	}
	return s.out
}

func (s *glueSim) Close() { s.app.Close() }
