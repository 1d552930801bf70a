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

// glueSim is the Table 4.1 world as a glue app: a startup system spawns
// the entities through Commands, the update thread runs the systems, and
// a render-thread system reads the state back for the tests.
type glueSim struct {
	app *glue.App
	out []State
}

// newGlueSim returns a constructor for glue apps configured with opts.
func newGlueSim(opts glue.Options) func(init []State, heavy bool) Sim {
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
		if heavy {
			app.AddSystems(tickStage, glue.Each3P1(steerSystem).ReadOnly(pos, age))
		}
		app.AddSystems(tickStage,
			glue.Each2P1(moveSystem).ReadOnly(vel),
			glue.Each1P1(ageSystem),
			glue.Each2P1(bounceSystem).ReadOnly(pos),
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
