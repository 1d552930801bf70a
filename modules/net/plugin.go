package net

import (
	"errors"

	"github.com/gluekit/glue"
)

// The names glue.App.AddPlugins records for the plugins: the resources
// each inserts return it from ProvidedBy, so that a system needing one in
// an app without the plugin is a build error naming the plugin.
const (
	serverPluginName = "net.ServerPlugin"
	clientPluginName = "net.ClientPlugin"
)

// Names of the plugins' systems — the names glue gives their functions —
// for ordering a game's own systems with glue.System.After.
var (
	// ListenSystem is the server's startup system: it starts listening on
	// [ServerConfig.Addr].
	ListenSystem = glue.NewLabel("net.listen")
	// BeginTickSystem is the server's system in the core stage
	// glue.PreUpdate: it refills [Inputs] with what the clients sent since
	// the previous tick. It writes [Server] and Inputs.
	BeginTickSystem = glue.NewLabel("net.beginTick")
	// PublishSystem is the server's system in the core stage glue.Last:
	// it publishes what the [Send] and [SendResource] systems recorded.
	// It writes [Server].
	PublishSystem = glue.NewLabel("net.publish")
	// ConnectSystem is the client's startup system: it connects to the
	// [Peer].
	ConnectSystem = glue.NewLabel("net.connect")
	// ReceiveSystem is the client's system in the core stage
	// glue.PreUpdate: it turns what arrived into commands, applied when
	// the stage ends. It writes [Client] and reads [Remote].
	ReceiveSystem = glue.NewLabel("net.receive")
	// ClockSystem is the client's system in glue.PreUpdate after
	// ReceiveSystem: it advances the clock of [Interpolate] and the stamps
	// of [Predict] ([Client.RenderTick]). It writes [Client].
	ClockSystem = glue.NewLabel("net.clock")
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
	app.InsertResource(Server{s: s})
	app.OnClose(func() { glue.Resource[Server](app).Close() })
	app.InsertResource(Inputs{})
	app.AddStartup(glue.Func(listen).In(ListenSystem))
	app.AddSystems(glue.PreUpdate, glue.Func(beginTick).In(BeginTickSystem))
	app.AddSystems(glue.Last, glue.Func(publish).In(PublishSystem))
}

// ClientPlugin makes the app a client of a server: it inserts the
// [Client] resource and the [Seat] resource (for [TrackSeat]) and adds a startup system ([ConnectSystem]) that
// connects to the [Peer] resource's URL, and a system that applies the
// received state to the world at the start of every tick (in the core
// stage glue.PreUpdate, [ReceiveSystem]), then advances the client's
// clock ([ClockSystem]). The client reconnects on its
// own; see [Client]. Add [SendPeriodically] systems, to glue.PostUpdate,
// or call [SendInput], to send inputs.
//
// The client disconnects when the app is closed (glue.App.OnClose) or
// when [Client.Close] is called. A missing Config.Registry is reported by
// glue.App.Build; a missing Peer makes the connect system fail the app.
type ClientPlugin struct {
	Config ClientConfig
	// Peer, if its URL is set, is inserted as the Peer resource. Leave it
	// empty to insert the resource yourself.
	Peer Peer
}

// Build adds the client to app.
func (p ClientPlugin) Build(app *glue.App) {
	c := newClient(p.Config)
	if p.Config.Registry == nil {
		app.AddError(errors.New("net: ClientPlugin.Config.Registry is required; set it to a registry of the server's types, ids and versions (build it as the server does)"))
	} else if c.initErr != nil {
		app.AddError(c.initErr)
	}
	app.InsertResource(Client{c: c})
	app.InsertResource(Seat{Seat: -1})
	app.OnClose(func() { glue.Resource[Client](app).Close() })
	if p.Peer.URL != "" {
		app.InsertResource(p.Peer)
	}
	app.AddStartup(glue.Func(connect).In(ConnectSystem))
	app.AddSystems(glue.PreUpdate, glue.Func(receive).In(ReceiveSystem), glue.Func(clock).In(ClockSystem))
}

// ProvidedBy returns "net.ServerPlugin", the plugin that inserts the
// Server.
func (Server) ProvidedBy() string { return serverPluginName }

// ProvidedBy returns "net.ServerPlugin", the plugin that inserts the
// Inputs.
func (Inputs) ProvidedBy() string { return serverPluginName }

// ProvidedBy returns "net.ClientPlugin", the plugin that inserts the
// Client.
func (Client) ProvidedBy() string { return clientPluginName }

// ProvidedBy returns "net.ClientPlugin", the plugin that inserts the Peer
// when [ClientPlugin.Peer] is set.
func (Peer) ProvidedBy() string { return clientPluginName }
