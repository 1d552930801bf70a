//go:build !js

package net_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// Seat is an owner component for Predict (net.IOwner).
type Seat struct{ Client net.ClientID }

func (s Seat) Owner() net.ClientID { return s.Client }

func lerpBall(a, b Ball, t float64) Ball {
	return Ball{a.X + (b.X-a.X)*float32(t), a.Y + (b.Y-a.Y)*float32(t)}
}

// Steer is an input for Predict.
type Steer struct{ X float32 }

func stepBall(b *Ball, _ *Seat, s Steer) { b.X += s.X }

func TestClientPluginRejectsBadCorrectionRate(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: registry(), CorrectionRate: 2}, Peer: net.Peer{URL: "ws://127.0.0.1:1/net"}})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "ClientConfig.CorrectionRate must be in (0, 1], got 2") {
		t.Errorf("Build = %v, want an error naming ClientConfig.CorrectionRate and the value", err)
	}
}

func TestSmoothingWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.PostUpdate,
		net.Interpolate(lerpBall),
		net.Predict(stepBall, lerpBall),
		net.Interest(func(net.ClientID, glue.Entity, *Seat) bool { return true }))
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "net.Interpolate[net_test.Ball]") ||
		!strings.Contains(err.Error(), "net.Predict[") ||
		!strings.Contains(err.Error(), "net.Interest[net_test.Seat]") ||
		!strings.Contains(err.Error(), "AddPlugins(net.ClientPlugin{})") ||
		!strings.Contains(err.Error(), "AddPlugins(net.ServerPlugin{})") {
		t.Errorf("Build = %v, want errors naming the systems and the plugins to add", err)
	}
}
