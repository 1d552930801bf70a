//go:build !js

package net_test

import (
	"flag"
	"slices"
	"testing"

	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
)

// WithFlags sets the address, adds the flags' origins and
// host names after the game's own, and connects to Agones only with
// -agones, its players as -agones-players says.
func TestServerConfigWithFlags(t *testing.T) {
	parse := func(args ...string) *netflags.Flags {
		t.Helper()
		fs := flag.NewFlagSet("game", flag.ContinueOnError)
		nf := netflags.Add(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if p := nf.Check(netflags.Rules{Headless: true}); len(p) > 0 {
			t.Fatal(p)
		}
		return nf
	}
	t.Setenv(netflags.AgonesEnv, "")
	own := []string{"127.0.0.1:8080"}
	c := net.WithFlags(net.ServerConfig{OriginPatterns: own}, parse("-serve", "127.0.0.1:9000", "-origin", "example.com:1", "-allowed-hosts", "game.example.com", "-agones=false"))
	if c.Addr != "127.0.0.1:9000" || !slices.Equal(c.OriginPatterns, []string{"127.0.0.1:8080", "example.com:1"}) ||
		!slices.Equal(c.AllowedHosts, []string{"game.example.com"}) || c.Agones != nil {
		t.Errorf("-serve -origin -allowed-hosts: %+v", c)
	}
	if len(own) != 1 || cap(own) != 1 {
		t.Errorf("the game's own origins were changed: %v", own)
	}
	c = net.WithFlags(net.ServerConfig{}, parse("-serve", "127.0.0.1:9000", "-agones-players"))
	if c.Agones == nil || c.Agones.Players != net.AgonesPlayersTracking {
		t.Errorf("-agones-players: Agones %+v; want PlayerTracking", c.Agones)
	}
	c = net.WithFlags(net.ServerConfig{Agones: &net.AgonesConfig{URL: "http://sidecar"}}, parse("-serve", "127.0.0.1:9000", "-agones"))
	if c.Agones == nil || c.Agones.Players != net.AgonesPlayersList || c.Agones.URL != "http://sidecar" {
		t.Errorf("-agones with the game's AgonesConfig: %+v; want its URL, the List", c.Agones)
	}
}
