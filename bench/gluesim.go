package bench

import "github.com/gluekit/glue"

// stage is the single stage of the benchmark apps.
type stage int

const tickStage stage = 0

func (stage) String() string { return "Tick" }

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
// of entities as parallel slices and loops over them itself, so move,
// grow, bounce and steer are inlined into the loop.

func moveBatch(_ []glue.Entity, ps []*Position, vs []*Velocity, c glue.Res[Clock]) {
	dt := c.Get().DT
	for i, p := range ps {
		move(p, vs[i], dt)
	}
}

func ageBatch(_ []glue.Entity, as []*Age, c glue.Res[Clock]) {
	dt := c.Get().DT
	for _, a := range as {
		grow(a, dt)
	}
}

func bounceBatch(_ []glue.Entity, ps []*Position, vs []*Velocity, f glue.Res[Field]) {
	fd := f.Get()
	w, h := fd.W, fd.H
	for i, p := range ps {
		bounce(p, vs[i], w, h)
	}
}

func steerBatch(_ []glue.Entity, ps []*Position, vs []*Velocity, as []*Age, c glue.Res[Clock]) {
	dt := c.Get().DT
	for i, p := range ps {
		steer(p, vs[i], as[i], dt)
	}
}

// glueSim is the Table 4.1 world as a glue app: a startup system spawns
// the entities through Commands, the update thread runs the systems, and
// a render-thread system reads the state back for the tests.
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
		s := &glueSim{app: glue.NewApp(tickStage).Configure(opts)}
		app := s.app
		app.InsertResource(Clock{DT}).InsertResource(Field{FieldW, FieldH})
		app.AddStartup(glue.System1(func(cmds glue.Commands) {
			for _, st := range init {
				cmds.Spawn(st.P, st.V, st.A)
			}
		}).Named("bench.spawn"))
		pos, vel, age := glue.TypeOf[Position](), glue.TypeOf[Velocity](), glue.TypeOf[Age]()
		steerSys, moveSys, ageSys, bounceSys := glue.Each3P1(steerSystem), glue.Each2P1(moveSystem), glue.Each1P1(ageSystem), glue.Each2P1(bounceSystem)
		if batch {
			steerSys, moveSys, ageSys, bounceSys = glue.Batch3P1(steerBatch), glue.Batch2P1(moveBatch), glue.Batch1P1(ageBatch), glue.Batch2P1(bounceBatch)
		}
		if heavy {
			app.AddSystems(tickStage, steerSys.ReadOnly(pos, age).Named("bench.steer"))
		}
		app.AddSystems(tickStage,
			moveSys.ReadOnly(vel).Named("bench.move"),
			ageSys.Named("bench.age"),
			bounceSys.ReadOnly(pos).Named("bench.bounce"),
		)
		app.AddSystems(tickStage, glue.Each3(func(_ glue.Entity, p *Position, v *Velocity, a *Age) {
			s.out = append(s.out, State{*p, *v, *a})
		}).ReadOnly(pos, vel, age).OnThread(glue.RenderThread).Named("bench.read"))
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
