//go:build !js

package net

import (
	"context"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialWithToken dials url as a reconnecting client that presents token,
// and returns the id the welcome gives it.
func dialWithToken(t *testing.T, url, token string) ClientID {
	t.Helper()
	ws, err := rawDial(t, url, &websocket.DialOptions{Subprotocols: []string{subprotocol, resumeProtocol + hex.EncodeToString([]byte(token))}})
	if err != nil {
		t.Fatal(err)
	}
	if ws.Subprotocol() != subprotocol {
		t.Errorf("the server picked the subprotocol %q, want %q (never the token's)", ws.Subprotocol(), subprotocol)
	}
	f := readWelcome(t, ws)
	return ClientID(f.client)
}

// TestTokensRotateAndStayOutOfURLs: a reconnecting client presents its
// token in a header, not in the URL; every resume gives it a new token;
// whoever holds an old token gets a new id of its own and cannot take
// the live client, or its seat, over. (Issue 34: the token never rotated
// and travelled in the URL, where proxies and access logs keep it; its
// holder took over the live seat and the two cut each other off.)
func TestTokensRotateAndStayOutOfURLs(t *testing.T) {
	var mu sync.Mutex
	var urls []string
	app, srv := startServer(t, ServerConfig{ReconnectGrace: 10 * time.Second}, nil)
	tickEvery(t, app)
	// The server's handler behind a front that keeps every request's URL,
	// as a proxy's access log does.
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		urls = append(urls, r.URL.String())
		mu.Unlock()
		srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	url := "ws" + strings.TrimPrefix(front.URL, "http") + "/net"

	_, cl := startClient(t, url, ClientConfig{}, nil, nil)
	waitFor(t, "the client to connect", 10*time.Second, nil, func() bool { return cl.ID() != 0 })
	play(t, srv, cl, nil) // only a player's slot is held
	id := cl.ID()
	cl.c.mu.Lock()
	first := cl.c.token
	cl.c.ws.CloseNow() // lost, not closed: the client comes back with its token
	cl.c.mu.Unlock()
	waitFor(t, "the client to resume", 10*time.Second, nil, func() bool {
		cl.c.mu.Lock()
		defer cl.c.mu.Unlock()
		return cl.c.connected && cl.c.token != first
	})
	if cl.ID() != id {
		t.Fatalf("the client resumed as %d, want its id %d", cl.ID(), id)
	}
	mu.Lock()
	seen := slices.Clone(urls)
	mu.Unlock()
	for _, u := range seen {
		if strings.Contains(u, "?") || strings.Contains(u, hex.EncodeToString([]byte(first))) {
			t.Errorf("a request URL carries a query or the token: %q", u)
		}
	}
	if len(seen) < 2 {
		t.Errorf("saw %d requests, want the connection and the resume", len(seen))
	}

	// The old token is spent: its holder is a new client, and the live
	// client keeps its connection and its id.
	connects := cl.Stats().Connects
	if got := dialWithToken(t, url, first); got == id {
		t.Errorf("the old token took the live client's id %d over", id)
	}
	time.Sleep(200 * time.Millisecond)
	if !cl.Connected() || cl.Stats().Connects != connects || cl.ID() != id {
		t.Errorf("after the old token was presented: connected %v, connects %d (was %d), id %d (was %d); want the live client untouched",
			cl.Connected(), cl.Stats().Connects, connects, cl.ID(), id)
	}
}

// readWelcome reads the first message of a raw connection, a welcome.
func readWelcome(t *testing.T, ws *websocket.Conn) *frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := ws.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseFrame(data, testRegistry(), true)
	if err != nil || f.typ != msgWelcome {
		t.Fatalf("first message %v, %v; want a welcome", f, err)
	}
	return f
}
