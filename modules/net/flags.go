//go:build !js

package net

import (
	"slices"

	"github.com/gluekit/glue/modules/net/netflags"
)

// WithFlags returns c with what a served game's network flags set
// (package netflags, after its Check): Addr is -serve; OriginPatterns
// are c's pages and then -origin's; AllowedHosts are c's names and then
// -allowed-hosts'; with -agones, Agones is c's AgonesConfig (a default
// one if nil) with its Players from -agones-players
// (AgonesPlayersTracking, else AgonesPlayersList). Without -agones
// Agones is c's. So a game writes only what is its own:
//
//	net.ServerPlugin{Config: net.WithFlags(net.ServerConfig{Registry: reg, Inputs: inputs}, nf)}
//
// WithFlags is a function, not a method of ServerConfig: a config's
// methods are linked into every build that has the config (the browser's
// watcher too), and this one would bring the flag package's whole
// FlagSet with it.
func WithFlags(c ServerConfig, f *netflags.Flags) ServerConfig {
	c.Addr = f.Serve
	c.OriginPatterns = slices.Concat(c.OriginPatterns, f.Origins)
	c.AllowedHosts = slices.Concat(c.AllowedHosts, f.AllowedHosts)
	if f.Agones {
		a := AgonesConfig{}
		if c.Agones != nil {
			a = *c.Agones
		}
		a.Players = AgonesPlayersList
		if f.AgonesPlayers {
			a.Players = AgonesPlayersTracking
		}
		c.Agones = &a
	}
	return c
}
