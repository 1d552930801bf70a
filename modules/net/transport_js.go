//go:build js

package net

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"
	"unicode/utf8"
)

// The client's WebSocket in a browser (or Node.js): the page's own
// WebSocket object, driven through syscall/js. coder/websocket's browser
// client does the same, but imports net/http for its Dial's signature,
// and with it crypto/tls, crypto/x509 and the NIST curves: 2.6 MB of a
// wasm file's code that a page never runs (docs/web.md).

// errTooBig is Read's error for a message over the read limit, as
// coder/websocket's ErrMessageTooBig natively.
var errTooBig = errors.New("net: read: message too big")

// errClosed is the error of a Read, Write or Close of a connection this
// side closed.
var errClosed = errors.New("net: WebSocket closed")

// closeError is the error of a connection ended by a close frame: the
// close event's status and reason.
type closeError struct {
	code   statusCode
	reason string
}

func (e closeError) Error() string {
	return fmt.Sprintf("WebSocket closed with status %d and reason %q", e.code, e.reason)
}

// Statuses of the browser's close events, and of Read's close.
const (
	statusAbnormalClosure statusCode = 1006
	statusMessageTooBig   statusCode = 1009
)

// closeWait is how long Close waits for the server's close frame.
const closeWait = 5 * time.Second

// eventTurn returns a channel closed by a JavaScript timer of 50 ms: it
// runs only once Go code has yielded to the browser, which runs the
// events it queued meanwhile first (a Go timer can fire while Go code
// runs, with the browser's events still queued behind it).
func eventTurn() <-chan struct{} {
	turned := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		close(turned)
		return nil
	})
	js.Global().Call("setTimeout", f, 50)
	return turned
}

// jsConn is a wsConn on the browser's WebSocket. The page's event loop
// calls its handlers, which only queue and signal; Read and Close wait
// on the channels.
type jsConn struct {
	ws    js.Value
	limit int64
	funcs []js.Func // the handlers, released once the socket closed

	mu     sync.Mutex
	queue  []jsMsg       // received, not yet read
	ready  chan struct{} // signalled when queue grows (capacity 1)
	closed chan struct{} // closed by the close event, or by CloseNow
	err    error         // why the connection ended, once closed is
	done   bool          // closed is closed
	buf    js.Value      // a Uint8Array that Write copies messages into
	bufLen int           // buf's length
}

// jsMsg is one received message.
type jsMsg struct {
	binary bool
	data   []byte
	err    error // the message was over the read limit
}

// dialWS connects to url offering protocols, with readLimit the largest
// message Read accepts.
func dialWS(ctx context.Context, url string, protocols []string, readLimit int64) (conn wsConn, err error) {
	ctor := js.Global().Get("WebSocket")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("net: this JavaScript environment has no WebSocket (Node.js before 22 needs --experimental-websocket)")
	}
	protos := make([]any, len(protocols))
	for i, p := range protocols {
		protos[i] = p
	}
	defer func() {
		// The constructor throws on a malformed URL or protocol.
		if r := recover(); r != nil {
			conn, err = nil, fmt.Errorf("net: new WebSocket: %v", r)
		}
	}()
	c := &jsConn{
		ws:     ctor.New(url, protos),
		limit:  readLimit,
		ready:  make(chan struct{}, 1),
		closed: make(chan struct{}),
	}
	c.ws.Set("binaryType", "arraybuffer")
	opened := make(chan struct{})
	c.handle("open", func(js.Value) { close(opened) })
	c.handle("message", c.received)
	c.handle("close", func(ev js.Value) {
		code := statusCode(ev.Get("code").Int())
		if code == statusAbnormalClosure {
			// No close frame: the connection was lost, or never made.
			c.end(fmt.Errorf("net: WebSocket connection lost (status %d)", code))
			return
		}
		c.end(closeError{code: code, reason: ev.Get("reason").String()})
	})
	// An error event precedes the close event and says nothing more
	// (browsers hide why a WebSocket failed); the close event ends it.
	c.handle("error", func(js.Value) {})
	select {
	case <-opened:
		return c, nil
	case <-c.closed:
		// Browsers do not say why: PageTrouble asks (pagetrouble_js.go).
		return nil, fmt.Errorf("WebSocket connection to %s failed: %w", url, c.err)
	case <-ctx.Done():
		c.CloseNow()
		return nil, ctx.Err()
	}
}

// handle sets the socket's on<event> handler to f.
func (c *jsConn) handle(event string, f func(ev js.Value)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	})
	c.funcs = append(c.funcs, fn)
	c.ws.Set("on"+event, fn)
}

// received is the message handler: it queues the message for Read.
func (c *jsConn) received(ev js.Value) {
	var m jsMsg
	data := ev.Get("data")
	switch {
	case data.Type() == js.TypeString:
		s := data.String()
		m.data = []byte(s)
	default: // an ArrayBuffer (binaryType)
		m.binary = true
		n := data.Get("byteLength").Int()
		if int64(n) > c.limit {
			m.err = errTooBig
			break
		}
		m.data = make([]byte, n)
		js.CopyBytesToGo(m.data, js.Global().Get("Uint8Array").New(data))
	}
	if !m.binary && int64(len(m.data)) > c.limit {
		m.data, m.err = nil, errTooBig
	}
	c.mu.Lock()
	c.queue = append(c.queue, m)
	c.mu.Unlock()
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

// end records why the connection ended and lets waiters go: the first
// reason stays. The handlers are detached and released.
func (c *jsConn) end(err error) {
	c.mu.Lock()
	if c.done {
		c.mu.Unlock()
		return
	}
	c.done, c.err = true, err
	close(c.closed)
	c.mu.Unlock()
	for _, ev := range []string{"onopen", "onmessage", "onclose", "onerror"} {
		c.ws.Set(ev, js.Null())
	}
	for _, f := range c.funcs {
		f.Release()
	}
}

func (c *jsConn) Subprotocol() string { return c.ws.Get("protocol").String() }

func (c *jsConn) Read(ctx context.Context) (bool, []byte, error) {
	late := false
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			m := c.queue[0]
			c.queue[0] = jsMsg{}
			c.queue = c.queue[1:]
			c.mu.Unlock()
			if m.err != nil {
				// As coder/websocket natively, the connection is closed
				// (with 1000 rather than 1009, which a page may not
				// send).
				c.Close(statusMessageTooBig, fmt.Sprintf("read limited at %d bytes", c.limit))
				return false, nil, m.err
			}
			return m.binary, m.data, nil
		}
		done, err := c.done, c.err
		c.mu.Unlock()
		if done {
			return false, nil, err
		}
		select {
		case <-c.ready:
		case <-c.closed:
		case <-ctx.Done():
			if !late {
				// The browser runs the socket's events only while no Go
				// code runs: after the page was frozen (a long task, a
				// dialog, a debugger), the deadline can pass with the
				// messages that came in time still queued behind it.
				// One turn of the event loop lets them in before the
				// connection is given up.
				late = true
				select {
				case <-c.ready:
				case <-c.closed:
				case <-eventTurn():
				}
				continue
			}
			c.CloseNow()
			return false, nil, ctx.Err()
		}
	}
}

func (c *jsConn) Write(ctx context.Context, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return c.err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// send copies the bytes, so one buffer serves every message.
	if c.bufLen < len(data) {
		c.bufLen = max(len(data), 2*c.bufLen, 512)
		c.buf = js.Global().Get("Uint8Array").New(c.bufLen)
	}
	js.CopyBytesToJS(c.buf, data)
	c.ws.Call("send", c.buf.Call("subarray", 0, len(data)))
	return nil
}

func (c *jsConn) Close(code statusCode, reason string) error {
	c.mu.Lock()
	done := c.done
	c.mu.Unlock()
	if done {
		return errClosed
	}
	// A page may send only 1000 and 3000–4999 (the WebSocket API throws
	// on the others), with a reason of at most 123 bytes of UTF-8: other
	// statuses go as 1000, their reason kept.
	if code != statusNormalClosure && (code < 3000 || code > 4999) {
		code = statusNormalClosure
	}
	c.ws.Call("close", int(code), clipUTF8(reason, 123))
	select {
	case <-c.closed:
	case <-time.After(closeWait):
		c.CloseNow()
	}
	return nil
}

func (c *jsConn) CloseNow() error {
	c.mu.Lock()
	done := c.done
	c.mu.Unlock()
	if done {
		return errClosed
	}
	c.ws.Call("close")
	c.end(errClosed)
	return nil
}

// clipUTF8 returns s cut to at most n bytes, on a rune boundary, and
// with invalid bytes dropped.
func clipUTF8(s string, n int) string {
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // invalid bytes become U+FFFD
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// statusNames are the names of the statuses of RFC 6455, as
// coder/websocket's StatusCode.String has them natively.
var statusNames = [...]string{
	"StatusNormalClosure", "StatusGoingAway", "StatusProtocolError", "StatusUnsupportedData",
	"statusReserved", "StatusNoStatusRcvd", "StatusAbnormalClosure", "StatusInvalidFramePayloadData",
	"StatusPolicyViolation", "StatusMessageTooBig", "StatusMandatoryExtension", "StatusInternalError",
	"StatusServiceRestart", "StatusTryAgainLater", "StatusBadGateway", "StatusTLSHandshake",
}

// String names the status as coder/websocket does natively
// ("StatusPolicyViolation", "StatusCode(4001)").
func (c statusCode) String() string {
	if c >= 1000 && int(c-1000) < len(statusNames) {
		return statusNames[c-1000]
	}
	return fmt.Sprintf("StatusCode(%d)", int(c))
}

// isTooBig reports whether err is Read's error for a message over the
// read limit.
func isTooBig(err error) bool { return errors.Is(err, errTooBig) }

// closedWith returns the status and reason of the close frame that
// ended the connection with err, if err is that.
func closedWith(err error) (code statusCode, reason string, ok bool) {
	var ce closeError
	if !errors.As(err, &ce) {
		return 0, "", false
	}
	return ce.code, ce.reason, true
}
