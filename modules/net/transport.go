package net

import "context"

// The client's WebSocket: coder/websocket natively (transport_other.go)
// and the browser's own WebSocket in a page (transport_js.go), so that
// browser builds link neither coder/websocket nor the net/http and
// crypto/tls it brings (issue #40). Both frame messages alike (one
// binary WebSocket message per frame of wire.go) and fail alike.

// statusCode is a WebSocket close status (RFC 6455, section 7.4).
type statusCode int

// The close statuses the client sends.
const (
	statusNormalClosure   statusCode = 1000
	statusPolicyViolation statusCode = 1008
)

// wsConn is one connection of the client to a server.
type wsConn interface {
	// Subprotocol returns the subprotocol the server chose.
	Subprotocol() string
	// Read returns the next message; binary is false for a text message.
	// It fails when ctx ends, when the connection closes (an error that
	// closedWith reads) and on a message over the read limit (an error
	// that isTooBig reads).
	Read(ctx context.Context) (binary bool, data []byte, err error)
	// Write sends data as one binary message.
	Write(ctx context.Context, data []byte) error
	// Close sends a close frame with code and reason and waits a few
	// seconds at most for the server's.
	Close(code statusCode, reason string) error
	// CloseNow closes the connection without waiting.
	CloseNow() error
}
