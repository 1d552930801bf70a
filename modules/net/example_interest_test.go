//go:build !js

package net_test

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// Team is the side an entity is on; clients see only their side's
// entities (the server's interest management).
type Team struct{ Side int }

// A server decides per client which entities it sees: an Interest system
// shows each client the balls of its team (here: client ids 1 and 3 are
// on side 1, client id 2 on side 2).
func ExampleInterest() {
	quiet := slog.New(slog.DiscardHandler)
	server := glue.NewApp()
	server.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: registry(), Addr: "127.0.0.1:0", Logger: quiet}})
	server.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Ball{X: 1, Y: 1}, Team{Side: 1})
		cmds.Spawn(Ball{X: 2, Y: 2}, Team{Side: 2})
	}))
	// The first client to arrive plays side 1, the second side 2, … (ids
	// are random: the game keeps its own order).
	sides := map[net.ClientID]int{}
	server.AddSystems(glue.Update, glue.Func(func(in glue.Res[net.Inputs]) {
		for _, c := range in.Get().Joined {
			sides[c] = len(sides)%2 + 1
		}
	}))
	server.AddSystems(glue.PostUpdate,
		net.Send[Ball](),
		net.Interest(func(c net.ClientID, _ glue.Entity, t *Team) bool {
			return t.Side == sides[c]
		}),
	)
	if err := server.Update(); err != nil {
		fmt.Println(err)
		return
	}
	defer server.Close()
	srv := glue.Resource[net.Server](server)

	client := glue.NewApp()
	client.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: registry(), Logger: quiet}, Peer: net.Peer{URL: srv.URL()}})
	var seen []Ball
	client.AddSystems(glue.Update, glue.Func(func(q glue.Query1[*Ball]) {
		seen = seen[:0]
		q.Each(func(_ glue.Entity, b *Ball) { seen = append(seen, *b) })
	}))
	defer client.Close()
	cl := glue.Resource[net.Client](client)
	for deadline := time.Now().Add(10 * time.Second); len(seen) == 0 && time.Now().Before(deadline); {
		server.Update()
		client.Update()
		time.Sleep(time.Millisecond)
	}
	for range 10 { // no other ball comes
		server.Update()
		client.Update()
		time.Sleep(time.Millisecond)
	}
	fmt.Printf("client of side %d sees %v\n", sides[cl.ID()], seen)
	// Output: client of side 1 sees [{1 1}]
}
