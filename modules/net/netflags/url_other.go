//go:build !js

package netflags

import (
	"net/url"
	"os"
	"os/signal"
	"syscall"
)

// PeerURL checks a -watch or -join URL — ws:// or wss:// with a host —
// and adds DefaultPath when it has no path: ws://127.0.0.1:8090 becomes
// ws://127.0.0.1:8090/net. (In the browser the page's own URL parser
// checks it, url_js.go.)
func PeerURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "ws" && u.Scheme != "wss" || u.Host == "" {
		return "", notPeerURL(s)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = DefaultPath
	}
	return u.String(), nil
}

// NotifyStop returns a channel that receives an orchestrator's stop
// signal (SIGTERM), for a served game's net.DrainPlugin (Stop), and the
// function that stops the notification, to call when the game ends.
func NotifyStop() (<-chan os.Signal, func()) {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM)
	return stop, func() { signal.Stop(stop) }
}
