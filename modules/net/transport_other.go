//go:build !js

package net

import (
	"context"
	"errors"

	"github.com/coder/websocket"
)

// dialWS connects to url offering protocols, with readLimit the largest
// message Read accepts.
func dialWS(ctx context.Context, url string, protocols []string, readLimit int64) (wsConn, error) {
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: protocols})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(readLimit)
	return nativeConn{ws}, nil
}

// nativeConn is a wsConn on coder/websocket.
type nativeConn struct{ ws *websocket.Conn }

func (c nativeConn) Subprotocol() string { return c.ws.Subprotocol() }

func (c nativeConn) Read(ctx context.Context) (bool, []byte, error) {
	typ, data, err := c.ws.Read(ctx)
	return typ == websocket.MessageBinary, data, err
}

func (c nativeConn) Write(ctx context.Context, data []byte) error {
	return c.ws.Write(ctx, websocket.MessageBinary, data)
}

func (c nativeConn) Close(code statusCode, reason string) error {
	return c.ws.Close(websocket.StatusCode(code), reason)
}

func (c nativeConn) CloseNow() error { return c.ws.CloseNow() }

// isTooBig reports whether err is Read's error for a message over the
// read limit.
func isTooBig(err error) bool { return errors.Is(err, websocket.ErrMessageTooBig) }

// closedWith returns the status and reason of the close frame that
// ended the connection with err, if err is that.
func closedWith(err error) (code statusCode, reason string, ok bool) {
	var ce websocket.CloseError
	if !errors.As(err, &ce) {
		return 0, "", false
	}
	return statusCode(ce.Code), ce.Reason, true
}

// String names the status as coder/websocket does
// ("StatusPolicyViolation", "StatusCode(4001)").
func (c statusCode) String() string { return websocket.StatusCode(c).String() }
