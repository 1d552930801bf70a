// Package netflags gives a game the command-line flags of a networked
// game — -serve, -watch, -join and the served game's -origin,
// -allowed-hosts, -drain, -agones, -agones-players and -agones-reuse —
// checks them against each other and the game's own flags, and explains a server that cannot listen in the player's terms.
//
// It imports no network code (not modules/net, net/http or TLS), so a
// game's browser build, which can neither serve nor link a network client
// for nothing, can parse the same flags as the desktop build:
//
//	fs := flag.NewFlagSet("mygame", flag.ContinueOnError)
//	nf := netflags.Add(fs)
//	seed := fs.Uint64("seed", 0, "random seed")
//	_ = fs.Parse(args)
//	problems := nf.Check(netflags.Rules{ServerChooses: []string{"seed"}})
//	switch {
//	case nf.Serve != "": // serve on nf.Serve (net.ServerPlugin)
//	case nf.Peer != "":  // watch nf.Peer (net.ClientPlugin), steer if nf.Join
//	}
//
// In the browser it leaves out Go's URL parser and signals too (net/url,
// net/netip and os/signal: 14 KB of Breakout's brotli -q 11 download): the
// page's own URL parser checks -watch and -join (url_js.go), and a page
// gets no stop signal.
//
// The flags' texts and problems are written for players: "-watch and -join
// exclude each other: -join watches too". A two-player game with rollback
// netcode adds -players and -rollback with [AddRollback] (breakout's
// words: -serve host:port -players 2 -rollback, -join ws://host:port
// -rollback).
package netflags

import (
	"errors"
	"flag"
	"fmt"
	stdnet "net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// DefaultPath is the WebSocket path a glue game server listens on
// (net.ServerConfig's default); a -watch or -join URL without a path
// gets it.
const DefaultPath = "/net"

// Flags are a networked game's flags, after the flag set is parsed and
// Check has run.
type Flags struct {
	// Serve is -serve: the host:port to serve the game on, "" for a
	// local game.
	Serve string
	// Peer is the URL of the served game to watch (-watch) or join
	// (-join), with DefaultPath added when it had no path (by Check);
	// "" when the game is not a watcher.
	Peer string
	// Join is whether the watcher also plays (-join).
	Join bool
	// Origins are -origin's web pages (host:port) that may connect to a
	// served game besides its own host (net.ServerConfig.OriginPatterns).
	Origins []string
	// Drain is -drain: after the stop signal, how long the connected
	// players may play on (net.Drain's Grace).
	Drain time.Duration
	// Agones is -agones (or -agones-players, -agones-reuse): connect to
	// the Agones SDK sidecar; AgonesPlayers is -agones-players (players
	// reported with Agones' alpha PlayerTracking instead of its List
	// "players", net.AgonesConfig.Players); AgonesReuse is -agones-reuse
	// (the room returns to Ready after its match instead of shutting
	// down, net.Server.AgonesReady).
	Agones, AgonesPlayers, AgonesReuse bool
	// AllowedHosts are -allowed-hosts' host names (patterns) the server
	// answers to besides its addresses (net.ServerConfig.AllowedHosts):
	// the name a TLS or WebSocket proxy in front of it forwards.
	AllowedHosts []string
	// Stop is a served game's stop signal (SIGTERM), for
	// net.DrainPlugin's Stop: set by [Flags.NotifyStop], nil until then
	// and for a game that does not serve.
	Stop <-chan os.Signal

	fs           *flag.FlagSet
	watch, join  string
	origin       string
	agonesOnly   bool
	agonesPlayer bool
	agonesReuse  bool
	allowedHosts string
}

// Add defines -serve, -watch, -join, -origin, -allowed-hosts, -drain,
// -agones, -agones-players and -agones-reuse on fs and returns where their values go once fs is
// parsed.
func Add(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs}
	fs.StringVar(&f.Serve, "serve", "", "play and broadcast the game to watchers on this `host:port`, e.g. 127.0.0.1:8090")
	fs.StringVar(&f.watch, "watch", "", "watch the game served at this `URL`, e.g. ws://127.0.0.1:8090 (the path defaults to "+DefaultPath+")")
	fs.StringVar(&f.join, "join", "", "watch the game served at this `URL` like -watch, and play in it")
	fs.StringVar(&f.origin, "origin", "", "with -serve: also let web pages from these origins connect (comma-separated `host:port`s, e.g. 127.0.0.1:9000; the served host's own pages always can)")
	fs.DurationVar(&f.Drain, "drain", 30*time.Second, "with -serve: after SIGTERM, how long the connected players may play on before the server shuts down (it takes no new ones)")
	fs.BoolVar(&f.agonesOnly, "agones", false, "with -serve: tell the Agones SDK sidecar (http://localhost:$AGONES_SDK_HTTP_PORT) when the room is ready, healthy, how many clients it has and when it shuts down; on by itself when $"+AgonesEnv+" is set (Agones sets it in every game server container), -agones=false turns it off")
	fs.BoolVar(&f.agonesPlayer, "agones-players", false, "with -agones: report players with Agones' alpha PlayerTracking (its feature gate must be on) instead of the List \"players\"")
	fs.BoolVar(&f.agonesReuse, "agones-reuse", false, "with -agones: after a match, return the room to Ready with a fresh world instead of shutting down")
	fs.StringVar(&f.allowedHosts, "allowed-hosts", "", "with -serve: also answer to these host names (comma-separated, patterns like *.example.com), e.g. the name a TLS or WebSocket proxy in front forwards")
	return f
}

// AgonesEnv is the environment variable Agones sets in every container
// of a game server's pod: the port of its SDK sidecar. A served game
// (-serve) where it is set talks to Agones without -agones.
const AgonesEnv = "AGONES_SDK_HTTP_PORT"

// Rules are what Check needs to know of the game's own flags.
type Rules struct {
	// ServerChooses are the game's flags (without the dash) that a
	// watcher may not set, since it shows the server's game: its seed,
	// its level, …
	ServerChooses []string
	// ServeOnly are the game's flags that only a served game uses.
	ServeOnly []string
	// Headless is whether the game runs without a window: a -join player
	// needs one to be read.
	Headless bool
}

// Check checks the flags against each other and the game's flags set on
// the command line, sets Peer, Join, Origins, AllowedHosts and the Agones flags, and returns the problems
// found, each a line for the player (nil when there are none). Call it
// after the flag set is parsed.
func (f *Flags) Check(r Rules) []string {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	var problems []string
	if f.Serve != "" {
		if err := CheckServeAddr(f.Serve); err != nil {
			problems = append(problems, "-serve: "+err.Error())
		}
		if runtime.GOOS == "js" {
			problems = append(problems, "-serve: a browser cannot listen; serve from a terminal and open the page with ?watch=ws://…")
		}
	}
	for _, name := range append([]string{"origin", "drain", "agones", "agones-players", "agones-reuse", "allowed-hosts"}, r.ServeOnly...) {
		if set[name] && f.Serve == "" {
			problems = append(problems, fmt.Sprintf("-%s is for a served game: add -serve host:port", name))
		}
	}
	f.Agones, f.AgonesPlayers, f.AgonesReuse = f.agonesOnly || f.agonesPlayer || f.agonesReuse, f.agonesPlayer, f.agonesReuse
	if f.Serve != "" && !set["agones"] && !f.Agones && os.Getenv(AgonesEnv) != "" {
		// In an Agones pod the sidecar is there: the same image and
		// entry point then work inside Agones and outside it.
		f.Agones = true
	}
	f.Origins, f.AllowedHosts = splitList(f.origin), splitList(f.allowedHosts)
	peer := f.watch
	if f.join != "" {
		peer = f.join
	}
	f.Join = f.join != ""
	switch {
	case f.watch != "" && f.join != "":
		problems = append(problems, "-watch and -join exclude each other: -join watches too")
	case peer != "" && f.Serve != "":
		problems = append(problems, "-serve and -watch/-join exclude each other: a game either serves or watches")
	case peer != "":
		u, err := PeerURL(peer)
		if err != nil {
			problems = append(problems, "-watch/-join: "+err.Error())
		}
		f.Peer = u
		for _, name := range r.ServerChooses {
			if set[name] {
				problems = append(problems, fmt.Sprintf("-%s is the server's to choose: -watch and -join show the server's game", name))
			}
		}
		if f.Join && r.Headless {
			problems = append(problems, "-join needs a window to read the player's input; use -watch with -headless")
		}
	}
	return problems
}

// splitList splits a comma-separated flag value, leaving out blanks.
func splitList(s string) []string {
	var out []string
	for o := range strings.SplitSeq(s, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// NotifyStop sets Stop, when the game serves, to a channel that receives
// an orchestrator's stop signal (SIGTERM) — see the function NotifyStop —
// and returns the function that stops the notification, to call when the
// game ends. For a game that does not serve it does nothing.
func (f *Flags) NotifyStop() (unnotify func()) {
	if f.Serve == "" {
		return func() {}
	}
	f.Stop, unnotify = NotifyStop()
	return unnotify
}

// Networked reports whether the game serves, watches or joins.
func (f *Flags) Networked() bool { return f.Serve != "" || f.watch != "" || f.join != "" }

// CheckServeAddr checks a -serve address: host:port, the host optional
// (net.ServerConfig takes 127.0.0.1 then), the port a number (0 picks a
// free one).
func CheckServeAddr(addr string) error {
	_, port, err := stdnet.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port, e.g. 127.0.0.1:8090", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return fmt.Errorf("%q: port %q is not a number from 0 to 65535", addr, port)
	}
	return nil
}

// notPeerURL is PeerURL's error for s.
func notPeerURL(s string) error {
	return fmt.Errorf("%q is not a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8090", s)
}

// ListenTrouble is the player's line for err when it is the server's
// failure to listen on serve (a port in use, an address not the
// machine's), naming the -serve flag rather than the Go field behind it;
// "" when err is not that.
func ListenTrouble(err error, serve string) string {
	var op *stdnet.OpError
	if serve == "" || !errors.As(err, &op) || op.Op != "listen" {
		return ""
	}
	return fmt.Sprintf("-serve %s: cannot listen there (%v); pick another port, e.g. -serve 127.0.0.1:8091, or stop what uses it", serve, op.Err)
}
