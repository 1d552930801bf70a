//go:build !js

package net_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/net"
)

// Ball is a component both apps know.
type Ball struct{ X, Y float32 }

// registry lists what crosses the network, one line per type, the codec
// derived from the type's fields; server and client build the same one
// (a game's save.Plugin may use it too). The codec package's examples
// show the other ways to register a type.
func registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Ball](reg)
	return reg
}

// A server sends the ball it moves; a client app, which runs no game
// logic, sees it move.
func Example() {
	quiet := slog.New(slog.DiscardHandler)

	server := glue.NewApp()
	server.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: registry(), Addr: "127.0.0.1:0", Logger: quiet}})
	server.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(net.Replicated{}, Ball{X: 0, Y: 2})
	}))
	server.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, b *Ball) {
		if b.X < 10 {
			b.X++
		}
	}))
	server.AddSystems(glue.PostUpdate, net.Send[Ball]().With(glue.TypeOf[net.Replicated]()))
	if err := server.Update(); err != nil { // starts listening
		fmt.Println(err)
		return
	}
	defer server.Close()
	srv := glue.Resource[net.Server](server)
	defer srv.Close()

	client := glue.NewApp()
	client.AddPlugins(net.ClientPlugin{
		Config: net.ClientConfig{Registry: registry(), Logger: quiet},
		Peer:   net.Peer{URL: srv.URL()},
	})
	var seen Ball
	client.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, b *Ball) { seen = *b }))
	defer client.Close()
	defer glue.Resource[net.Client](client).Close()

	for deadline := time.Now().Add(10 * time.Second); seen.X < 10 && time.Now().Before(deadline); {
		server.Update()
		client.Update()
		time.Sleep(time.Millisecond)
	}
	fmt.Printf("the client sees the ball at (%v, %v)\n", seen.X, seen.Y)
	// Output: the client sees the ball at (10, 2)
}

// A room run by an orchestrator: the hooks mark where its SDK is called
// (docs/net.md: Agones), the probes read /readyz and /healthz, Drain
// takes no new players, and Shutdown tells the players why and ends the
// room.
func ExampleServer_Shutdown() {
	cfg := net.ServerConfig{
		Registry:    registry(),
		Addr:        "127.0.0.1:0",
		Logger:      slog.New(slog.DiscardHandler),
		OnListening: func(string) { fmt.Println("listening: ready for players") },
		OnJoin:      func(_ net.ClientID, n int) { fmt.Println("joined, clients:", n) },
		OnLeave:     func(_ net.ClientID, n int) { fmt.Println("left, clients:", n) },
		OnShutdown:  func(reason string) { fmt.Println("shut down:", reason) },
	}
	server := glue.NewApp()
	server.AddPlugins(net.ServerPlugin{Config: cfg})
	if err := server.Update(); err != nil { // starts listening
		fmt.Println(err)
		return
	}
	defer server.Close()
	srv := glue.Resource[net.Server](server)
	probe := func(path string) {
		resp, err := http.Get("http://" + srv.Addr() + path)
		if err != nil {
			fmt.Println(err)
			return
		}
		resp.Body.Close()
		fmt.Println(path, resp.Status)
	}
	probe(net.ReadyPath)

	client := glue.NewApp()
	client.AddPlugins(net.ClientPlugin{
		Config: net.ClientConfig{Registry: registry(), Logger: slog.New(slog.DiscardHandler), NoReconnect: true},
		Peer:   net.Peer{URL: srv.URL()},
	})
	defer client.Close()
	cl := glue.Resource[net.Client](client)
	for deadline := time.Now().Add(10 * time.Second); cl.Tick() == 0 && time.Now().Before(deadline); {
		server.Update()
		client.Update()
		time.Sleep(time.Millisecond)
	}

	srv.Drain() // e.g. on SIGTERM
	probe(net.ReadyPath)
	probe(net.HealthPath)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx, "game over"); err != nil {
		fmt.Println(err)
	}
	for deadline := time.Now().Add(5 * time.Second); cl.Connected() && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	fmt.Println("the client was told:", cl.Err())
	// Output:
	// listening: ready for players
	// /readyz 200 OK
	// joined, clients: 1
	// /readyz 503 Service Unavailable
	// /healthz 200 OK
	// left, clients: 0
	// shut down: game over
	// the client was told: net: the server closed the connection (StatusGoingAway): game over
}

// The server's limits take their defaults (net.Default…) unless set. A
// page of another host name that resolves to the server (DNS rebinding)
// is refused, whatever its Origin says.
func ExampleServerConfig() {
	cfg := net.ServerConfig{
		Registry:       registry(),
		Addr:           "127.0.0.1:0",
		AllowedHosts:   []string{"game.example"},
		MaxClients:     8,
		MaxMessageRate: 120,
		MaxLag:         5 * time.Second,
		Logger:         slog.New(slog.DiscardHandler),
	}
	server := glue.NewApp()
	server.AddPlugins(net.ServerPlugin{Config: cfg})
	if err := server.Update(); err != nil {
		fmt.Println(err)
		return
	}
	defer server.Close()
	srv := glue.Resource[net.Server](server)
	for _, host := range []string{"evil.example", "game.example"} {
		req, err := http.NewRequest("GET", "http://"+srv.Addr()+"/net", nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		req.Host = host
		req.Header.Set("Origin", "http://"+host)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %s %s", host, resp.Status, body)
	}
	// Output:
	// evil.example: 403 Forbidden net: host "evil.example" is not served here; add it to ServerConfig.AllowedHosts
	// game.example: 426 Upgrade Required WebSocket protocol violation: Connection header "" does not contain Upgrade
}
