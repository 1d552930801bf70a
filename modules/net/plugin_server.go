//go:build !js

package net

// The server's plugin (plugin.go has the client's).

import (
	"errors"

	"github.com/gluekit/glue"
)

// ServerPlugin makes the app a server: it inserts the [Server] and
// [Inputs] resources and adds a startup system ([ListenSystem]) that
// starts listening on Config.Addr, a system that hands the game its
// inputs at the start of each tick (in the core stage glue.PreUpdate,
// [BeginTickSystem]) and one that publishes the recorded state at its end
// (in glue.Last, [PublishSystem]). Add [Send] and [SendResource] systems,
// to glue.PostUpdate, to pick what is sent.
//
// The server stops when the app is closed (glue.App.OnClose: App.Run and
// render.Run close the app when it ends) or when [Server.Close] is
// called. A missing Config.Registry and an invalid Config.Addr are
// reported by glue.App.Build; registration errors and an address the
// server cannot listen on make the listen system fail the app.
type ServerPlugin struct {
	Config ServerConfig
}

// Build adds the server to app.
func (p ServerPlugin) Build(app *glue.App) {
	s := newServer(p.Config)
	if p.Config.Registry == nil {
		app.AddError(errors.New("net: ServerPlugin.Config.Registry is required; make one with codec.NewRegistry, register the types to send and receive, and set it (the clients use the same registry)"))
	} else if s.initErr != nil {
		app.AddError(s.initErr)
	}
	registryAtBuild(app, p.Config.Registry)
	app.InsertResource(Server{s: s})
	app.OnClose(func() { glue.Resource[Server](app).Close() })
	app.InsertResource(Inputs{})
	app.AddStartup(glue.Func(listen).In(ListenSystem))
	app.AddSystems(glue.PreUpdate, glue.Func(beginTick).In(BeginTickSystem))
	app.AddSystems(glue.Last, glue.Func(publish).In(PublishSystem))
}

// ProvidedBy returns "net.ServerPlugin", the plugin that inserts the
// Server.
func (Server) ProvidedBy() string { return serverPluginName }
