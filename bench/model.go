package bench

import (
	"math"
	"math/rand/v2"
)

// Position is where an entity is, in field units.
type Position struct{ X, Y float64 }

// Velocity is how fast an entity moves, in field units per second.
type Velocity struct{ X, Y float64 }

// Age is how long an entity has lived, in seconds.
type Age struct{ T float64 }

// Clock is the resource holding the tick's time step.
type Clock struct{ DT float64 }

// Field is the resource holding the size of the field entities bounce in.
type Field struct{ W, H float64 }

// The constants every implementation uses.
const (
	// DT is the time step of one tick, in seconds.
	DT = 1.0 / 60
	// FieldW and FieldH are the field's size.
	FieldW, FieldH = 1000.0, 1000.0
	// Ticks is the number of ticks one Table 4.1 operation runs.
	Ticks = 1000
	// HeavyTicks is the number of ticks one compute-heavy operation runs.
	HeavyTicks = 100
)

// The sizes the suite measures.
var (
	// Sizes are the entity counts of Table 4.1 and the compute-heavy
	// variant.
	Sizes = []int{1000, 10000, 100000}
	// SweepSizes are the entity counts BenchmarkParallel sweeps.
	SweepSizes = []int{500, 1000, 2000, 4000, 8000, 16000, 32000}
	// EcsSizes are the entity counts of the go-ecs-benchmarks scenarios.
	EcsSizes = []int{1024, 16000, 256000}
)

// Churn: each tick spawns ChurnK entities with Position and Velocity and
// despawns the ChurnK spawned the tick before, among ChurnBackground
// static entities.
const (
	ChurnK          = 1000
	ChurnBackground = 100_000
)

// ComputeImpls are the implementations the compute-heavy variant compares.
var ComputeImpls = []string{"object", "slices", "slices-par", "slices-fn", "glue-seq", "glue-par", "glue-batch-seq", "glue-batch-par", "ark", "ark-tables"}

// State is one entity's data, as every implementation reports it.
type State struct {
	P Position
	V Velocity
	A Age
}

// Initial returns the starting state of n entities for a seed: positions
// inside the field, velocities up to 100 units per second either way.
func Initial(n int, seed uint64) []State {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	out := make([]State, n)
	for i := range out {
		out[i] = State{
			P: Position{r.Float64() * FieldW, r.Float64() * FieldH},
			V: Velocity{r.Float64()*200 - 100, r.Float64()*200 - 100},
			A: Age{r.Float64()},
		}
	}
	return out
}

// The three systems of Table 4.1 and the compute-heavy steer, as small
// functions every implementation calls (the compiler inlines them), so
// that every implementation does exactly the same floating-point work.

func move(p *Position, v *Velocity, dt float64) {
	p.X += v.X * dt
	p.Y += v.Y * dt
}

func grow(a *Age, dt float64) { a.T += dt }

func bounce(p *Position, v *Velocity, w, h float64) {
	if (p.X < 0 && v.X < 0) || (p.X > w && v.X > 0) {
		v.X = -v.X
	}
	if (p.Y < 0 && v.Y < 0) || (p.Y > h && v.Y > 0) {
		v.Y = -v.Y
	}
}

// steer turns the velocity by an angle that depends on position and age:
// four calls of math.Sin and math.Cos per entity, the compute-heavy
// variant's extra work.
func steer(p *Position, v *Velocity, a *Age, dt float64) {
	turn := math.Sin(a.T+p.X*0.01) + math.Cos(a.T-p.Y*0.01)
	s, c := math.Sin(turn*dt), math.Cos(turn*dt)
	v.X, v.Y = v.X*c-v.Y*s, v.X*s+v.Y*c
}

// Sim is one implementation of the Table 4.1 world.
type Sim interface {
	// Tick runs the systems once: move, age, bounce, and for the heavy
	// variant steer before them.
	Tick()
	// States reports every entity's data, in any order.
	States() []State
	// Close releases worker goroutines.
	Close()
}

// Impl names an implementation and builds it for a starting state.
type Impl struct {
	Name string
	New  func(init []State, heavy bool) Sim
}
