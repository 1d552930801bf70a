//go:build js

package net

import (
	"fmt"
	neturl "net/url"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

// PageTrouble is, in the browser, the page's sentence for a client that
// cannot reach the server at url (it has no state yet and its last
// attempt failed), with what to do: a browser does not tell a page why a
// WebSocket failed, so PageTrouble asks in the background, again every
// few seconds, whether anything answers HTTP at that address — if so the
// server refused the page (its origin check, HTTP 403), if not no game is
// served there, and then the sentence says how to start one: with the
// command game names ("mygame" says "Start one with mygame -serve
// host:port"), or with -serve if game is "". It is "" while the client
// is connected or has shown a game, until the first answer, and outside
// the browser, where the connection's error says why (Trouble).
func PageTrouble(cl Client, url, game string) string {
	if cl.Tick() != 0 || cl.Connected() || cl.Err() == nil {
		return ""
	}
	probe.Lock()
	defer probe.Unlock()
	if !probe.pending && time.Since(probe.asked) >= probeEvery {
		probe.pending, probe.asked = true, time.Now()
		probeHTTP(url)
	}
	host := url
	if u, err := neturl.Parse(url); err == nil && u.Host != "" {
		host = u.Host
	}
	switch probe.answer {
	case serverUp:
		return fmt.Sprintf("The game server at %s refused this page (HTTP 403, see the browser console). "+
			"Open the page from the same host and port as the server, or from an origin it allows (ServerConfig.OriginPatterns). Retrying…", host)
	case serverDown:
		if game == "" {
			return fmt.Sprintf("No game is served at %s: nothing answers there. Start the game's server there with -serve %s. Retrying…", host, host)
		}
		return fmt.Sprintf("No game is served at %s: nothing answers there. Start one with %s -serve %s. Retrying…", host, game, host)
	}
	return ""
}

// probeEvery is how often PageTrouble asks again.
const probeEvery = 5 * time.Second

// probeAnswer is what the last probe found out.
type probeAnswer int

const (
	probeUnknown probeAnswer = iota
	serverUp
	serverDown
)

// probe is PageTrouble's last answer and when it asked.
var probe struct {
	sync.Mutex
	answer  probeAnswer
	pending bool
	asked   time.Time
}

// probeHTTP asks whether anything answers HTTP at the WebSocket URL's
// address: fetch with mode "no-cors" resolves (opaquely) when a server
// answers, whatever it answers, and rejects when none does. The answer
// lands in probe.answer.
func probeHTTP(wsURL string) {
	httpURL := "http" + strings.TrimPrefix(wsURL, "ws") // ws → http, wss → https
	var answered, failed js.Func
	done := func(a probeAnswer) {
		probe.Lock()
		probe.answer, probe.pending = a, false
		probe.Unlock()
		answered.Release()
		failed.Release()
	}
	answered = js.FuncOf(func(js.Value, []js.Value) any { done(serverUp); return nil })
	failed = js.FuncOf(func(js.Value, []js.Value) any { done(serverDown); return nil })
	opts := js.Global().Get("Object").New()
	opts.Set("mode", "no-cors")
	opts.Set("cache", "no-store")
	js.Global().Call("fetch", httpURL, opts).Call("then", answered, failed)
}
