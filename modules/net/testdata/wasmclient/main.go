// Command wasmclient is a net client built for GOOS=js GOARCH=wasm by
// TestWasmClient and run under Node.js: it connects to the server at
// os.Args[1], waits until it has received the ball and the score, sends
// one input, and prints what it saw.
package main

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/net"
)

// The types match the test registry of package net: the same names
// (codec.Name, since this package is main), the same codecs. Wire ids
// number the registered types in name order, so this client registers
// every type the server does, also those it never receives.
type (
	pos   struct{ X, Y float32 }
	vel   struct{ DX, DY float32 }
	label struct{ Name string }
	hp    struct{ N int }
	score struct{ Points int }
	steer struct{ Dir int8 }
	tag   struct{}
)

func main() {
	reg := codec.NewRegistry()
	codec.RegisterFunc(reg,
		func(p *pos, w *codec.Writer) { w.Float32(p.X); w.Float32(p.Y) },
		func(r *codec.Reader) (pos, error) { return pos{r.Float32(), r.Float32()}, nil },
		codec.Name("net.pos"))
	codec.Register[vel](reg, codec.Name("net.vel"))
	codec.Register[label](reg, codec.Name("net.label"), codec.Version(2))
	codec.RegisterFunc(reg,
		func(v *hp, w *codec.Writer) { w.Int(v.N) },
		func(r *codec.Reader) (hp, error) { return hp{r.Int()}, nil },
		codec.Name("net.hp"))
	codec.Register[score](reg, codec.Name("net.score"))
	codec.RegisterFunc(reg,
		func(s *steer, w *codec.Writer) { w.Uint8(uint8(s.Dir)) },
		func(r *codec.Reader) (steer, error) { return steer{int8(r.Uint8())}, nil },
		codec.Name("net.steer"))
	codec.Register[tag](reg, codec.Name("net.tag"))

	app := glue.NewApp()
	app.AddPlugins(net.ClientPlugin{
		Config: net.ClientConfig{Registry: reg, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))},
		Peer:   net.Peer{URL: os.Args[1]},
	})
	var ball pos
	var points = -1
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Balls glue.Query2[net.Remote, pos]
		Score glue.Opt[score]
	}) {
		p.Balls.Each(func(_ glue.Entity, _ *net.Remote, b *pos) { ball = *b })
		if s := p.Score.Get(); s != nil {
			points = s.Points
		}
	}))
	cl := glue.Resource[net.Client]
	sent := false
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if err := app.Update(); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		c := cl(app)
		if !sent && ball.Y == 42 && points == 7 {
			if err := net.SendInput(c, steer{-1}); err != nil {
				fmt.Println("error:", err)
				os.Exit(1)
			}
			sent = true
			fmt.Printf("ball (%v, %v) score %d client %d\n", ball.X, ball.Y, points, c.ID())
		}
		if sent && c.Stats().Inputs == 1 {
			c.Close()
			return
		}
	}
	fmt.Println("error: timed out; ball", ball, "score", points, "connected", cl(app).Connected(), "err", cl(app).Err())
	os.Exit(1)
}
