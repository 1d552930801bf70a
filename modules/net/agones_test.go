//go:build !js

package net

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeAgones is an Agones SDK sidecar's HTTP API as Agones documents it
// (agones.dev, "REST Game Server Client API"): it answers 200 {} to the
// calls glue makes when their method, path, content type and body are as
// documented, and 400 with the reason to anything else.
type fakeAgones struct {
	mu    sync.Mutex
	calls []string // "METHOD /path body", in order
	bad   []string
}

// agonesAPI lists the documented calls glue makes: method and path, and
// the JSON fields of the body with their kinds.
var agonesAPI = map[string]map[string]reflect.Kind{
	"POST /ready":                   {},
	"POST /health":                  {},
	"POST /shutdown":                {},
	"PUT /metadata/label":           {"key": reflect.String, "value": reflect.String},
	"POST /alpha/player/connect":    {"playerID": reflect.String},
	"POST /alpha/player/disconnect": {"playerID": reflect.String},
	"PUT /alpha/player/capacity":    {"count": reflect.Float64},
	"GET /gameserver":               nil, // no body
}

func (f *fakeAgones) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	call := r.Method + " " + r.URL.Path
	body, _ := io.ReadAll(r.Body)
	fields, ok := agonesAPI[call]
	var m map[string]any
	switch {
	case !ok:
		f.fail(w, call+": not an Agones SDK call")
		return
	case call == "GET /gameserver":
		f.mu.Lock()
		f.calls = append(f.calls, call)
		f.mu.Unlock()
		io.WriteString(w, `{"object_meta":{"name":"breakout-x7k2p","namespace":"default"},"status":{"state":"Ready","address":"203.0.113.7","ports":[{"name":"default","port":7777}]}}`)
		return
	case r.Header.Get("Content-Type") != "application/json":
		f.fail(w, call+": Content-Type "+r.Header.Get("Content-Type"))
		return
	case json.Unmarshal(body, &m) != nil:
		f.fail(w, call+": body not a JSON object: "+string(body))
		return
	}
	if len(m) != len(fields) {
		f.fail(w, fmt.Sprintf("%s: body %s; want the fields %v", call, body, fields))
		return
	}
	for k, kind := range fields {
		if v, ok := m[k]; !ok || reflect.TypeOf(v).Kind() != kind {
			f.fail(w, fmt.Sprintf("%s: body %s; want %q a %v", call, body, k, kind))
			return
		}
	}
	f.mu.Lock()
	f.calls = append(f.calls, call+" "+string(body))
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, "{}")
}

func (f *fakeAgones) fail(w http.ResponseWriter, why string) {
	f.mu.Lock()
	f.bad = append(f.bad, why)
	f.mu.Unlock()
	http.Error(w, why, http.StatusBadRequest)
}

// list returns the calls made, without the health pings.
func (f *fakeAgones) list() (calls []string, health int, bad []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.calls {
		if strings.HasPrefix(c, "POST /health") {
			health++
		} else {
			calls = append(calls, c)
		}
	}
	return calls, health, slices.Clone(f.bad)
}

// TestAgones: a server configured for Agones marks itself Ready, pings
// Health while the game loop ticks, reports each client as a player and
// the number of clients as a label, and asks for Shutdown when it has
// shut down — each call as Agones documents it.
func TestAgones(t *testing.T) {
	var fake fakeAgones
	sdk := httptest.NewServer(&fake)
	defer sdk.Close()
	app, srv := startServer(t, ServerConfig{MaxClients: 8, Agones: &AgonesConfig{URL: sdk.URL, HealthEvery: 20 * time.Millisecond, PlayerTracking: true}}, nil)
	tick := func() { app.Update(); time.Sleep(time.Millisecond) }
	waitFor(t, "Ready and a health ping", 10*time.Second, tick, func() bool { _, h, _ := fake.list(); return h > 0 })
	waitFor(t, "the GameServer's address", 10*time.Second, tick, func() bool { c, _, _ := fake.list(); return len(c) >= 3 })
	// Players reach the room by the node's address, which the server
	// learned from the GameServer.
	c, err := rawDial(t, srv.URL(), &websocket.DialOptions{Host: "203.0.113.7:7777", Subprotocols: []string{subprotocol}})
	if err != nil {
		t.Fatalf("a player dialling the GameServer's address: %v", err)
	}
	waitFor(t, "the client", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 1 })
	id := srv.Clients()[0]
	c.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "the client to leave", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 0 })
	if err := srv.Shutdown(context.Background(), "game over"); err != nil {
		t.Fatal(err)
	}
	calls, _, bad := fake.list()
	want := []string{
		`POST /ready {}`,
		`GET /gameserver`,
		`PUT /alpha/player/capacity {"count":8}`,
		fmt.Sprintf(`POST /alpha/player/connect {"playerID":"%d"}`, id),
		`PUT /metadata/label {"key":"clients","value":"1"}`,
		fmt.Sprintf(`POST /alpha/player/disconnect {"playerID":"%d"}`, id),
		`PUT /metadata/label {"key":"clients","value":"0"}`,
		`POST /shutdown {}`,
	}
	if !slices.Equal(calls, want) || len(bad) > 0 {
		t.Errorf("Agones calls:\n%s\nwant:\n%s\nrefused: %v", strings.Join(calls, "\n"), strings.Join(want, "\n"), bad)
	}
}

// TestAgonesReadyWaitsForTheSidecar: the sidecar may start after the
// game; Ready is retried until it answers.
func TestAgonesReadyWaitsForTheSidecar(t *testing.T) {
	var fake fakeAgones
	var mu sync.Mutex
	refused := 0
	sdk := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		starting := refused < 3
		if starting {
			refused++
		}
		mu.Unlock()
		if starting {
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return
		}
		fake.ServeHTTP(w, r)
	}))
	defer sdk.Close()
	app, srv := startServer(t, ServerConfig{Agones: &AgonesConfig{URL: sdk.URL, HealthEvery: time.Hour}}, nil)
	waitFor(t, "Ready", 10*time.Second, func() { app.Update() }, func() bool { c, _, _ := fake.list(); return len(c) > 0 })
	srv.Close()
	if calls, _, bad := fake.list(); !slices.Equal(calls, []string{`POST /ready {}`, `GET /gameserver`, `POST /shutdown {}`}) || len(bad) > 0 {
		t.Errorf("calls %v, refused %v; want Ready once it answered, then Shutdown", calls, bad)
	}
}
