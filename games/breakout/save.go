package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// Saving (modules/save, docs/save.md): F5 saves the game to the save
// "quick", F9 loads it back. A save holds every entity with a component
// of saveRegistry — the bricks, walls, floor, paddle and ball with their
// bodies and colliders, not the HUD's labels — and the resources of
// savedResources: the score, the random stream, the phase, and the phase
// a pause returns to. Loading replays the game from the saved tick:
// everything that decides the game is saved (TestQuickLoadReplaysTheGame).

// The quick save and load actions (input.Action values after the three
// input names).
const (
	// QuickSave saves the game: F5.
	QuickSave input.Action = 3 + iota
	// QuickLoad loads the quick save: F9.
	QuickLoad
)

// quickSlot is the name of the quick save.
const quickSlot = "quick"

// Ids of the saved types in saveRegistry. A save file names types by
// name; the ids only have to be distinct.
const (
	saveBrick uint16 = iota + 1
	savePaddle
	saveBall
	saveWall
	saveFloor
	saveBody
	saveCollider
	saveStatic
	saveBouncy
	saveGame
	saveRng
	savePhase
	saveNextPhase
	saveResume
)

// saveRegistry lists what a save holds, with codecs that write every
// field at full precision (unlike netRegistry, which sends watchers what
// they draw): changing one means bumping its version.
func saveRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register(reg, saveBrick, 1,
		func(b *Brick, w *codec.Writer) {
			w.Float64(b.X)
			w.Float64(b.Y)
			w.Float64(b.W)
			w.Float64(b.H)
			w.Uint8(b.Color.R)
			w.Uint8(b.Color.G)
			w.Uint8(b.Color.B)
			w.Uint8(b.Color.A)
			w.Int(b.Points)
		},
		func(r *codec.Reader) (b Brick, err error) {
			b.X, b.Y, b.W, b.H = r.Float64(), r.Float64(), r.Float64(), r.Float64()
			b.Color.R, b.Color.G, b.Color.B, b.Color.A = r.Uint8(), r.Uint8(), r.Uint8(), r.Uint8()
			b.Points = r.Int()
			return b, nil
		})
	// A paddle's bounds, home and seat (issue #15's two players); not
	// the client playing it, whose connection a load does not restore.
	codec.Register(reg, savePaddle, 2,
		func(p *Paddle, w *codec.Writer) {
			for _, v := range [...]float64{p.W, p.H, p.Speed, p.MinX, p.MaxX, p.Home} {
				w.Float64(v)
			}
			w.Uint8(uint8(p.Seat))
		},
		func(r *codec.Reader) (Paddle, error) {
			p := Paddle{W: r.Float64(), H: r.Float64(), Speed: r.Float64(), MinX: r.Float64(), MaxX: r.Float64(), Home: r.Float64(), Seat: int(r.Uint8())}
			if p.Seat >= maxPlayers || p.MinX > p.MaxX {
				return p, fmt.Errorf("invalid paddle: seat %d, bounds %g to %g", p.Seat, p.MinX, p.MaxX)
			}
			return p, nil
		})
	codec.Register(reg, saveBall, 1,
		func(b *Ball, w *codec.Writer) { w.Float64(b.R) },
		func(r *codec.Reader) (Ball, error) { return Ball{R: r.Float64()}, nil })
	codec.RegisterTag[Wall](reg, saveWall, 1)
	codec.RegisterTag[Floor](reg, saveFloor, 1)
	codec.RegisterBinary[physics.Body](reg, saveBody, 1)
	codec.RegisterBinary[physics.Collider](reg, saveCollider, 1)
	codec.RegisterTag[physics.Static](reg, saveStatic, 1)
	codec.RegisterTag[physics.Bouncy](reg, saveBouncy, 1)
	codec.Register(reg, saveGame, 2,
		func(g *Game, w *codec.Writer) {
			w.Int(g.Score)
			w.Int(g.Lives)
			w.Int(g.Hits)
			w.Float64(g.Speed)
			g.ServeDelay.Encode(w)
			w.Uint8(uint8(g.ServeSeat))
		},
		func(r *codec.Reader) (g Game, err error) {
			g.Score, g.Lives, g.Hits, g.Speed = r.Int(), r.Int(), r.Int(), r.Float64()
			if err := g.ServeDelay.Decode(r); err != nil {
				return g, err
			}
			g.ServeSeat = int(r.Uint8())
			if g.ServeSeat >= maxPlayers {
				return g, fmt.Errorf("invalid game state: serve %d", g.ServeSeat)
			}
			if g.Score < 0 || g.Lives < 0 || g.Hits < 0 {
				return g, fmt.Errorf("invalid game state: score %d, lives %d, hits %d", g.Score, g.Lives, g.Hits)
			}
			return g, nil
		})
	codec.Register(reg, saveRng, 1,
		func(g *Rng, w *codec.Writer) {
			state, _ := g.src.MarshalBinary() // never fails
			w.Blob(state)
		},
		func(r *codec.Reader) (Rng, error) {
			src := &rand.PCG{}
			if err := src.UnmarshalBinary(r.Blob()); err != nil && r.Err() == nil {
				return Rng{}, err
			}
			return Rng{rand.New(src), src}, nil
		})
	codec.Register(reg, savePhase, 1,
		func(s *glue.State[Phase], w *codec.Writer) { w.Uint8(uint8(s.Get())) },
		func(r *codec.Reader) (glue.State[Phase], error) {
			p, err := readPhase(r)
			return glue.StateOf(p), err
		})
	codec.Register(reg, saveNextPhase, 1,
		func(n *glue.NextState[Phase], w *codec.Writer) {
			p, set := n.Pending()
			w.Bool(set)
			w.Uint8(uint8(p))
		},
		func(r *codec.Reader) (n glue.NextState[Phase], err error) {
			set := r.Bool()
			p, err := readPhase(r)
			if set {
				n.Set(p)
			}
			return n, err
		})
	codec.Register(reg, saveResume, 1,
		func(s *Resume, w *codec.Writer) { w.Uint8(uint8(s.To)) },
		func(r *codec.Reader) (Resume, error) {
			p, err := readPhase(r)
			return Resume{To: p}, err
		})
	return reg
}

// readPhase reads a phase, refusing values that are none.
func readPhase(r *codec.Reader) (Phase, error) {
	p := Phase(r.Uint8())
	if p > Lost {
		return 0, fmt.Errorf("invalid phase %d", p)
	}
	return p, nil
}

// savedResources are the resources a save holds.
var savedResources = []glue.Type{
	glue.TypeOf[Game](),
	glue.TypeOf[Rng](),
	glue.TypeOf[glue.State[Phase]](),
	glue.TypeOf[glue.NextState[Phase]](),
	glue.TypeOf[Resume](),
}

// savePlugin is the game's save.Plugin: the store is the platform's
// default (files on the desktop, localStorage in the browser) unless the
// config names one.
func savePlugin(cfg Config) save.Plugin {
	return save.Plugin{
		Game:      "breakout",
		Registry:  saveRegistry(),
		Resources: savedResources,
		Store:     cfg.Saves,
		AfterLoad: syncClock,
	}
}

// syncClock (after a load) stops the clock if the loaded phase is Paused
// and starts it otherwise: the clock is not saved, and StopClock and
// StartClock run only when the phase changes.
func syncClock(w *glue.World) error {
	st, ok := w.Resource(glue.TypeOf[glue.State[Phase]]()).(*glue.State[Phase])
	clock, ok2 := w.Resource(glue.TypeOf[timer.Time]()).(*timer.Time)
	if ok && ok2 {
		clock.SetPaused(st.Get() == Paused)
	}
	return nil
}

// saveBindings are the default bindings with F5 and F9 for the quick save
// and load.
func saveBindings() *input.Bindings {
	b := input.DefaultBindings()
	b.SetName(QuickSave, "Quick save")
	b.SetName(QuickLoad, "Quick load")
	b.Bind(QuickSave, input.Key(ebiten.KeyF5))
	b.Bind(QuickLoad, input.Key(ebiten.KeyF9))
	return &b
}

// QuickSaveParams are what QuickSaveLoad reads and writes.
type QuickSaveParams struct {
	Input glue.Res[input.State]
	Saves glue.ResMut[save.Saves]
}

// QuickSaveLoad (Control) asks for the quick save on F5 and the quick
// load on F9; they are carried out at the end of the tick.
func QuickSaveLoad(p QuickSaveParams) {
	in, saves := p.Input.Get(), p.Saves.Get()
	if in.Pressed(QuickSave) {
		saves.Save(quickSlot) // a valid name: no error
	}
	if in.Pressed(QuickLoad) {
		saves.Load(quickSlot)
	}
}

// Notice is a message shown for a while on the message label, a
// resource: what a save or load did.
type Notice struct {
	Text string
	Left timer.Timer
}

// noticeTime is how long a notice shows, in ticks of 1/60 s: real
// ticks, since the game clock may be paused.
const (
	noticeTime = 2 * time.Second
	tickTime   = time.Second / 60
)

// NoticeParams are what ShowSaveResults reads and writes.
type NoticeParams struct {
	Results glue.Reader[save.Result]
	Notice  glue.ResMut[Notice]
}

// ShowSaveResults (Control) shows what the last save or load did —
// "Saved", "Loaded", or why a load failed — for two seconds of real
// ticks (the game clock may be paused).
func ShowSaveResults(p NoticeParams) {
	n := p.Notice.Get()
	for _, r := range p.Results.Read() {
		switch {
		case errors.Is(r.Err, save.ErrNotFound):
			n.Text = "Nothing saved yet (F5 saves)"
		case r.Err != nil:
			n.Text = fmt.Sprintf("%s failed (see the log)", map[save.Op]string{save.Save: "Save", save.Load: "Load"}[r.Op])
		case r.Op == save.Save:
			n.Text = "Saved (F9 loads)"
		default:
			n.Text = "Loaded"
		}
		n.Left = timer.NewTimer(noticeTime, timer.Once)
	}
	if n.Text != "" {
		n.Left.Tick(tickTime)
		if n.Left.Finished() {
			n.Text = ""
		}
	}
}
