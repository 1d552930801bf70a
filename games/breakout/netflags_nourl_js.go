//go:build js && !watch

package main

import (
	"fmt"
	"strings"
)

// peerURL, in the game's browser build, which has no network client
// (net_nowatch_js.go: a watcher fails, saying to load
// breakout-watch.wasm), only checks the scheme: the full check
// (netflags_url.go) would link net/url into every player's download for
// nothing.
func peerURL(s string) (string, error) {
	if !strings.HasPrefix(s, "ws://") && !strings.HasPrefix(s, "wss://") {
		return "", fmt.Errorf("%q is not a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8090", s)
	}
	return s, nil
}
