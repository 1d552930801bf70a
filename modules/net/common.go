package net

// Names the client and the server share, so that the client, the
// rollback session and the systems compile without the server
// (server.go and the *_server.go files).

import (
	"cmp"
)

func setDefault[T cmp.Ordered](p *T, def T) {
	var zero T
	if *p <= zero {
		*p = def
	}
}

// ClientID identifies one client of a [Server]. Ids are random, never 0,
// and below 2^53; no two clients of a server have the same id at once. A
// client that reconnects gets a new id, unless it comes back within
// [ServerConfig.ReconnectGrace] with the token the server gave it: then it
// gets its id back.
type ClientID uint64

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// tokenSize is the length of a reconnection token in bytes.
const tokenSize = 16

// resumeProtocol is the prefix of the WebSocket subprotocol in which a
// reconnecting client offers its token, hex-encoded.
const resumeProtocol = "glue.resume."
