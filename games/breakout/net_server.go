//go:build !js

package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
)

// webOrigins are the browser pages allowed to watch a served game besides
// the server's own host: the page of `make serve`.
var webOrigins = []string{"127.0.0.1:8080", "localhost:8080"}

// serverPlugin is the server of a -serve game on addr: net.Listen starts
// it at startup, -join players' input arrives in net.Inputs (glue.PreUpdate)
// for TakeRemoteControl, and what the sendSystems recorded is published to
// watchers (glue.Last, on send ticks: one in three). The server stops when
// the app is closed.
//
// The browser build leaves the server out (net_server_js.go): a page
// cannot listen, and the server would add 6 MB to the wasm file.
func serverPlugin(addr string) glue.Plugin {
	return net.ServerPlugin{Config: net.ServerConfig{Registry: netRegistry(), Addr: addr, OriginPatterns: webOrigins}}
}

// sendSystems record what watchers see at the end of every tick
// (glue.PostUpdate): the bricks, the paddle, the ball and the Game.
func sendSystems() []*glue.System {
	return []*glue.System{
		net.Send[Brick](),
		net.Send[Paddle](),
		net.Send[Ball](),
		// The bodies of what moves (the paddle and ball); the bricks are
		// drawn from their own Brick.
		net.Send[physics.Body]().Without(glue.TypeOf[Brick](), glue.TypeOf[Wall](), glue.TypeOf[Floor]()),
		net.SendResource[Game](),
		net.SendResource[glue.State[Phase]](),
	}
}
