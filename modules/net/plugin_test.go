//go:build !js

package net_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// Paddle is a second type to send; these tests only name it.
type Paddle struct{ X float32 }

func TestServerPluginNeedsRegistry(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Addr: "127.0.0.1:0"}})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "ServerPlugin.Config.Registry is required") ||
		!strings.Contains(err.Error(), "codec.NewRegistry") {
		t.Errorf("Build = %v, want an error naming ServerPlugin.Config.Registry and how to make one", err)
	}
}

func TestClientPluginNeedsRegistry(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(net.ClientPlugin{Peer: net.Peer{URL: "ws://127.0.0.1:1/net"}})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "ClientPlugin.Config.Registry is required") {
		t.Errorf("Build = %v, want an error naming ClientPlugin.Config.Registry", err)
	}
}

func TestServerPluginRejectsBadAddr(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: registry(), Addr: "no port"}})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), `ServerConfig.Addr "no port"`) {
		t.Errorf("Build = %v, want an error naming the bad ServerConfig.Addr", err)
	}
}

func TestSendWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.PostUpdate, net.Send[Ball](), net.SendPeriodically[Paddle]())
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "net.Send[net_test.Ball]") ||
		!strings.Contains(err.Error(), "AddPlugins(net.ServerPlugin{})") ||
		!strings.Contains(err.Error(), "net.SendPeriodically[net_test.Paddle]") ||
		!strings.Contains(err.Error(), "AddPlugins(net.ClientPlugin{})") {
		t.Errorf("Build = %v, want errors naming the send systems and the plugins to add", err)
	}
}

func TestSystemNamesHaveTypeArguments(t *testing.T) {
	for _, c := range []struct {
		sys  *glue.System
		want string
	}{
		{net.Send[Ball](), "net.Send[net_test.Ball]"},
		{net.SendResource[Paddle](), "net.SendResource[net_test.Paddle]"},
		{net.SendPeriodically[Paddle](), "net.SendPeriodically[net_test.Paddle]"},
	} {
		if got := c.sys.Name(); got != c.want {
			t.Errorf("Name() = %q, want %q", got, c.want)
		}
	}
}

func TestPluginStages(t *testing.T) {
	server := glue.NewApp()
	server.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: registry()}})
	defer server.Close()
	client := glue.NewApp()
	client.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: registry()}, Peer: net.Peer{URL: "ws://127.0.0.1:1/net"}})
	defer client.Close()
	for _, c := range []struct {
		app  *glue.App
		want []string
	}{
		{server, []string{"Stage PreUpdate (update):", net.BeginTickSystem.String(), "Stage Last (update):", net.PublishSystem.String()}},
		{client, []string{"Stage PreUpdate (update):", net.ReceiveSystem.String()}},
	} {
		d := c.app.Describe()
		at := 0
		for _, want := range c.want {
			i := strings.Index(d[at:], want)
			if i < 0 {
				t.Fatalf("%q missing or out of order in the description:\n%s", want, d)
			}
			at += i + len(want)
		}
	}
}
