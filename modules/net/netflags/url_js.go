//go:build js

package netflags

import (
	"os"
	"strings"
	"syscall/js"
)

// In the browser a -watch or -join URL is checked by the page's own URL
// parser (the one its WebSocket uses), and there are no signals: a page
// cannot serve. Go's net/url, net/netip and os/signal then stay out of a
// game's browser build that does not watch (Breakout's breakout.wasm:
// 14 KB of its brotli -q 11 download).

// PeerURL checks a -watch or -join URL — ws:// or wss:// with a host —
// and adds DefaultPath when it has no path: ws://127.0.0.1:8090 becomes
// ws://127.0.0.1:8090/net. In the browser the page's URL parser reads it.
func PeerURL(s string) (string, error) {
	// The scheme and a host right after it, as net/url wants them: the
	// page's parser would take ws:///net for the host "net".
	scheme, rest, _ := strings.Cut(s, "://")
	if scheme = strings.ToLower(scheme); scheme != "ws" && scheme != "wss" || rest == "" || strings.ContainsAny(rest[:1], `/\?#`) {
		return "", notPeerURL(s)
	}
	u, ok := pageURL(s)
	if !ok || u.Get("hostname").String() == "" {
		return "", notPeerURL(s)
	}
	if p := u.Get("pathname").String(); p == "" || p == "/" {
		u.Set("pathname", DefaultPath)
	}
	return u.Get("href").String(), nil
}

// pageURL parses s with the page's URL constructor; ok is false when it
// throws (not a URL).
func pageURL(s string) (u js.Value, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, thrown := r.(js.Error); !thrown {
				panic(r)
			}
			ok = false
		}
	}()
	return js.Global().Get("URL").New(s), true
}

// NotifyStop returns a channel that never receives and a function that
// does nothing: a page gets no stop signal (it cannot serve, and Check
// refuses -serve in the browser).
func NotifyStop() (<-chan os.Signal, func()) { return nil, func() {} }
