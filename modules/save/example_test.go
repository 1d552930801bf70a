package save_test

import (
	"fmt"
	"log/slog"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// Pos is where an entity is.
type Pos struct{ X int }

// Follows points at the entity an entity follows: an entity reference,
// which a load remaps.
type Follows struct{ Leader glue.Entity }

// Score is a saved resource.
type Score struct{ N int }

// registry lists what is saved: one line per type, the codecs derived
// from the fields.
func registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Pos](reg)
	codec.Register[Follows](reg)
	codec.Register[Score](reg)
	return reg
}

// A game saves after its first tick, plays on — the leader moves, the
// score grows, a newcomer arrives — and loads the save back: the world is
// as it was, and the follower follows the loaded leader.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(save.Plugin{
		Game:      "example",
		Registry:  registry(),
		Resources: []glue.Type{glue.TypeOf[Score]()},
		Store:     &save.Memory{}, // a game keeps the default: files, or localStorage in the browser
		Logger:    slog.New(slog.DiscardHandler),
	})
	app.InsertResource(Score{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		leader := c.Spawn(Pos{X: 1})
		c.Spawn(Pos{X: 0}, Follows{Leader: leader})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Saves glue.ResMut[save.Saves]
		Score glue.ResMut[Score]
		Cmds  glue.Commands
		Tick  glue.Local[int]
	}) {
		switch *p.Tick.Get() {
		case 0:
			p.Saves.Get().Save("slot") // at the end of this tick
		case 1:
			p.Score.Get().N += 10
			p.Cmds.Spawn(Pos{X: 99})
		case 2:
			p.Saves.Get().Load("slot") // at the end of this tick
		}
		*p.Tick.Get()++
	}))
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, p *Pos, _ *Follows) { p.X++ }))
	app.AddSystems(glue.Update, glue.Func(func(r glue.Reader[save.Result]) {
		for _, res := range r.Read() {
			fmt.Println(res)
		}
	}))
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Leaders   glue.Query1[*Pos]
		Followers glue.Query2[*Pos, *Follows]
		Score     glue.Res[Score]
		Tick      glue.Local[int]
	}) {
		if *p.Tick.Get()++; *p.Tick.Get() != 4 {
			return
		}
		p.Followers.Each(func(_ glue.Entity, pos *Pos, f *Follows) {
			leader, ok := p.Leaders.Get(f.Leader)
			fmt.Printf("the follower at %d follows the leader at %d (%v); score %d\n", pos.X, leader.X, ok, p.Score.Get().N)
		})
	}))
	for range 4 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("entities:", app.Len())
	// Output:
	// saved slot (2 entities)
	// loaded slot (2 entities)
	// the follower at 2 follows the leader at 1 (true); score 0
	// entities: 2
}

func ExampleCheckName() {
	fmt.Println(save.CheckName("slot-1"))
	fmt.Println(save.CheckName("../slot") != nil)
	// Output:
	// <nil>
	// true
}
