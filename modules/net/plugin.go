package net

import (
	"errors"
	"runtime"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
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
	registryAtBuild(app, p.Config.Registry)
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
// Inputs.
func (Inputs) ProvidedBy() string { return serverPluginName }

// ProvidedBy returns "net.ClientPlugin", the plugin that inserts the
// Client.
func (Client) ProvidedBy() string { return clientPluginName }

// ProvidedBy returns "net.ClientPlugin", the plugin that inserts the Peer
// when [ClientPlugin.Peer] is set.
func (Peer) ProvidedBy() string { return clientPluginName }

// registryAtBuild has app's Build report the mistakes of reg
// ([codec.Registry.Err]: a type registered twice, a field without a
// codec) with the app's others, rather than the first Update, when reg
// is sealed; Build reports an error once, however many of net's plugins
// share reg. Native builds only: the page's download stays as it was.
func registryAtBuild(app *glue.App, reg *codec.Registry) {
	if runtime.GOOS != "js" && reg != nil {
		app.OnBuild(reg.Err)
	}
}
