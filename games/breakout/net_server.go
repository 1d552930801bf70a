//go:build !js

package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// webOrigins are the browser pages allowed to watch a served game besides
// the server's own host: the page of `make serve`.
var webOrigins = []string{"127.0.0.1:8080", "localhost:8080"}

// addServer makes app serve its game on addr. net.Listen starts the server
// at startup; at the end of every tick the Send systems record what
// watchers see (on send ticks: one in three) and net.Publish sends it;
// -join players' input arrives in net.Inputs for TakeRemoteControl. The
// server stops when the app is closed.
//
// The browser build leaves this out (net_server_js.go): a page cannot
// listen, and the server would add 6 MB to the wasm file.
func addServer(app *glue.App, addr string) {
	app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: netRegistry(), Addr: addr, OriginPatterns: webOrigins}})
	app.AddSystems(net.SendStage,
		net.Send[Brick](),
		net.Send[Paddle](),
		net.Send[Ball](),
		net.SendResource[Game](),
	)
}
