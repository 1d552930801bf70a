package net

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Stage is one of the stages the plugins add to an app.
type Stage int

// The stages of the net plugins, added around the game's own stages: the
// full order is ReceiveStage, the game's stages, SendStage, PublishStage.
const (
	// ReceiveStage runs before the game's first stage. A server hands the
	// game its clients' [Inputs] here; a client applies the received state
	// to the world, so the game's stages see it in the same tick.
	ReceiveStage Stage = iota
	// SendStage runs after the game's last stage: the place for [Send]
	// and [SendResource] systems on a server and [SendPeriodically]
	// systems on a client, which then see the tick's final state.
	SendStage
	// PublishStage runs last, on a server only: it publishes what the Send
	// systems recorded to the clients.
	PublishStage
)

// String returns "net.Receive", "net.Send" or "net.Publish".
func (s Stage) String() string {
	switch s {
	case ReceiveStage:
		return "net.Receive"
	case SendStage:
		return "net.Send"
	case PublishStage:
		return "net.Publish"
	}
	return fmt.Sprintf("net.Stage(%d)", int(s))
}

// ensureStages adds the net stages the app lacks around its stages.
func ensureStages(app *glue.App, publish bool) {
	stages := app.Stages()
	if len(stages) == 0 {
		return // AddSystems reports the unknown stages
	}
	has := func(s Stage) bool {
		for _, x := range app.Stages() {
			if x == glue.Stage(s) {
				return true
			}
		}
		return false
	}
	if !has(ReceiveStage) {
		app.InsertStageBefore(stages[0], ReceiveStage)
	}
	if !has(SendStage) {
		app.InsertStageAfter(stages[len(stages)-1], SendStage)
	}
	if publish && !has(PublishStage) {
		app.InsertStageAfter(SendStage, PublishStage)
	}
}

// ServerPlugin makes the app a server: it adds the net stages, the
// [Server] and [Inputs] resources, a startup system (net.Listen) that
// starts listening on Config.Addr, a system that hands the game its
// inputs at the start of each tick and one that publishes the recorded
// state at its end. Add [Send] and [SendResource] systems to pick what is
// sent. Add the plugin after declaring the game's stages.
//
// The server stops when the app is closed (glue.App.OnClose: App.Run and
// render.Run close the app when it ends) or when [Server.Close] is
// called. Configuration mistakes (no registry, a bad
// address, registration errors) make net.Listen fail the app.
type ServerPlugin struct {
	Config ServerConfig
}

// Build adds the server to app.
func (p ServerPlugin) Build(app *glue.App) {
	ensureStages(app, true)
	app.InsertResource(Server{s: newServer(p.Config)})
	app.OnClose(func() { glue.Resource[Server](app).Close() })
	app.InsertResource(Inputs{})
	app.AddStartup(glue.System2(listen).Named("net.Listen").FromModule(modulePath))
	app.AddSystems(ReceiveStage, glue.System2(beginTick).Named("net.BeginTick").FromModule(modulePath))
	app.AddSystems(PublishStage, glue.System1(publishState).Named("net.Publish").FromModule(modulePath))
}

// ClientPlugin makes the app a client of a server: it adds the net stages,
// the [Client] resource, a startup system (net.Connect) that connects to
// the [Peer] resource's URL, and a system that applies the received state
// to the world at the start of every tick (in [ReceiveStage]). The client
// reconnects on its own; see [Client]. Add [SendPeriodically] systems, or
// call [SendInput], to send inputs.
//
// The client disconnects when the app is closed (glue.App.OnClose) or
// when [Client.Close] is called.
type ClientPlugin struct {
	Config ClientConfig
	// Peer, if its URL is set, is inserted as the Peer resource. Leave it
	// empty to insert the resource yourself.
	Peer Peer
}

// Build adds the client to app.
func (p ClientPlugin) Build(app *glue.App) {
	ensureStages(app, false)
	app.InsertResource(Client{c: newClient(p.Config)})
	app.OnClose(func() { glue.Resource[Client](app).Close() })
	if p.Peer.URL != "" {
		app.InsertResource(p.Peer)
	}
	app.AddStartup(glue.System3(connect).Named("net.Connect").FromModule(modulePath))
	app.AddSystems(ReceiveStage, glue.System5(receive).ReadOnly(glue.TypeOf[Remote]()).Named("net.Receive").FromModule(modulePath))
}
