//go:build !js || watch

package main

import (
	"fmt"
	"net/url"
)

// defaultNetPath is the WebSocket path of a net.Server.
const defaultNetPath = "/net"

// peerURL checks a -watch or -join URL and adds the server's default path
// when it has none: ws://127.0.0.1:8090 becomes ws://127.0.0.1:8090/net.
func peerURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" {
		return "", fmt.Errorf("%q is not a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8090", s)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = defaultNetPath
	}
	return u.String(), nil
}
