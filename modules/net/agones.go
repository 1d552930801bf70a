//go:build !js

package net

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// AgonesConfig connects a [Server] to Agones (agones.dev), which runs
// game servers on Kubernetes: one room per process, as glue's model is.
// The server speaks the HTTP API of the Agones SDK sidecar in its pod
// (the "REST" SDK, sdks/swagger in Agones' repository), with the
// standard library, on three goroutines of their own:
//
//   - health: POST /health {} every HealthEvery while [Server.Healthy]
//     (the game loop ticks), each ping with its own deadline, never
//     behind another call;
//   - state: POST /ready {} once the server listens (retried until the
//     sidecar answers: it may start after the game), then the room's
//     state reconciled with what the sidecar acknowledged, until they
//     agree, however long the sidecar is away: the number of clients as
//     a label (PUT /metadata/label {"key": Label, "value": "<n>"}; Agones
//     prefixes the key with "agones.dev/sdk-") and the players as
//     Players says. A failed call is retried with a backoff of at most a
//     second, so that Agones' view equals the room's within a second or
//     two of the sidecar's return;
//   - watch: GET /watch/gameserver, the SDK's stream of the GameServer,
//     reopened whenever it ends. The room learns from it its state
//     (Ready, Allocated, …), the labels and annotations an allocation
//     set, and its addresses: status.address and status.addresses, which
//     players dial and the server then answers to besides
//     ServerConfig.AllowedHosts (compared literally). Agones sets the
//     address asynchronously, possibly after Ready; until it does,
//     players who dial it get HTTP 403, and the server logs that it waits
//     for it. [Server.Agones] returns what was seen last, and OnChange is
//     told of each change.
//
// [Server.Shutdown] stops the three and sends POST /shutdown {} ahead of
// anything still to reconcile, with its own deadline (ShutdownTimeout),
// whatever the sidecar does: Agones then deletes the pod. A call under
// way is let finish first, within half that deadline, so that Shutdown is
// the last call the sidecar takes. [Server.AgonesReady]
// marks the room Ready again, for reuse after a match. docs/net.md has a
// Fleet, an autoscaler and how a matchmaker allocates a room.
type AgonesConfig struct {
	// URL is the base URL of the SDK sidecar's HTTP API. The default is
	// http://localhost:$AGONES_SDK_HTTP_PORT, the port Agones sets in
	// the game server's environment (9358 if unset).
	URL string
	// HealthEvery is the time between two health pings; it must be
	// shorter than the Fleet's health.periodSeconds. The default is 2
	// seconds.
	HealthEvery time.Duration
	// CallTimeout bounds each call of the sidecar's API but the watch
	// stream. The default is 2 seconds.
	CallTimeout time.Duration
	// ShutdownTimeout bounds POST /shutdown and the stop of the
	// goroutines at [Server.Shutdown] (less if Shutdown's context ends
	// sooner); a call under way may take half of it before POST /shutdown
	// is sent. The default is 800 milliseconds.
	ShutdownTimeout time.Duration
	// Label is the key of the label that holds the number of clients. The
	// default is "clients".
	Label string
	// Players is how players are reported to Agones; the default is
	// [AgonesPlayersList].
	Players AgonesPlayers
	// List is the name of the Agones List that holds the players with
	// [AgonesPlayersList]. The default is "players".
	List string
	// OnChange, if not nil, is called on the watch's goroutine with the
	// GameServer each time the watch stream delivers one that differs
	// from the last (its state, addresses, labels or annotations).
	OnChange func(AgonesGameServer)
	// Client makes the HTTP calls; its Timeout, if any, is not used for
	// the watch stream. The default is a client with no timeout of its
	// own (CallTimeout bounds each call).
	Client *http.Client
}

// AgonesPlayers is how a server reports its players to Agones.
type AgonesPlayers int

const (
	// AgonesPlayersList keeps the Agones List named AgonesConfig.List
	// (beta Counters and Lists, on by default since Agones 1.41) equal to
	// the room's players, by POST /v1beta1/lists/{name}:addValue and
	// :removeValue {"value": "<client id>"}, and its capacity equal to
	// the game's seats (PATCH /v1beta1/lists/{name} {"capacity": "<n>"}).
	// The players are the clients in a seat when the game reports seats
	// ([Seats.Report]), so that spectators are not counted; every client
	// otherwise. The GameServer's spec must declare the list
	// (deploy/fleet.yaml).
	AgonesPlayersList AgonesPlayers = iota
	// AgonesPlayersNone reports no players: only the clients label.
	AgonesPlayersNone
	// AgonesPlayersTracking reports players with Agones' alpha
	// PlayerTracking (PUT /alpha/player/capacity, POST
	// /alpha/player/connect and /alpha/player/disconnect {"playerID":
	// "<client id>"}), which needs the PlayerTracking feature gate of the
	// Agones install (off by default) and a players: block in the Fleet.
	AgonesPlayersTracking
)

// String returns the option's name.
func (p AgonesPlayers) String() string {
	switch p {
	case AgonesPlayersList:
		return "AgonesPlayersList"
	case AgonesPlayersNone:
		return "AgonesPlayersNone"
	case AgonesPlayersTracking:
		return "AgonesPlayersTracking"
	}
	return fmt.Sprintf("AgonesPlayers(%d)", int(p))
}

// AgonesState is the state of a GameServer, as Agones names it.
type AgonesState string

// The GameServer states a room meets (Agones has a few more, before the
// pod runs).
const (
	AgonesScheduled    AgonesState = "Scheduled"
	AgonesRequestReady AgonesState = "RequestReady"
	AgonesReady        AgonesState = "Ready"
	AgonesReserved     AgonesState = "Reserved"
	AgonesAllocated    AgonesState = "Allocated"
	AgonesShutdown     AgonesState = "Shutdown"
	AgonesUnhealthy    AgonesState = "Unhealthy"
)

// AgonesGameServer is what a room knows of its GameServer, from the
// SDK's watch stream. Its maps are shared: read them, do not change
// them.
type AgonesGameServer struct {
	// Name is the GameServer's name; "" until the watch stream delivered
	// one.
	Name string
	// State is the GameServer's state.
	State AgonesState
	// Address is status.address, the address players dial ("" until
	// Agones sets it).
	Address string
	// Addresses are the addresses of status.addresses (the node's
	// hostname, internal and external IPs, …).
	Addresses []string
	// Port is the first port of status.ports (0 if none).
	Port int
	// Labels and Annotations are the GameServer's, with those an
	// allocation set (game mode, expected players, …).
	Labels, Annotations map[string]string
	// Allocations counts the allocations the server saw on the watch
	// stream: each change into Allocated, and each new
	// agones.dev/last-allocated while Allocated (Agones' mark of each
	// allocation, set again on a re-allocation). A room that goes back to
	// Ready after a match tells its next allocation from the last one by
	// this count: Agones may allocate it again before the room ever sees
	// it Ready.
	Allocations int
}

// agonesLastAllocated is the annotation Agones sets on a GameServer at
// each allocation, an RFC 3339 time.
const agonesLastAllocated = "agones.dev/last-allocated"

// Agones returns what the server last saw of its GameServer on the SDK's
// watch stream, and false when it is not configured for Agones or has
// seen nothing yet. It is concurrent-safe and does not allocate.
func (s Server) Agones() (AgonesGameServer, bool) {
	a := s.s.agones
	if a == nil {
		return AgonesGameServer{}, false
	}
	gs := a.gs.Load()
	if gs == nil {
		return AgonesGameServer{}, false
	}
	return *gs, true
}

// AgonesReady marks the room Ready again (POST /ready, retried until the
// sidecar answers), for reuse after a match instead of a shutdown: the
// game resets its world, and Agones may allocate the room to another
// match. It does nothing for a server not configured for Agones. It is
// concurrent-safe.
func (s Server) AgonesReady() {
	if a := s.s.agones; a != nil {
		a.mu.Lock()
		a.want.ready++
		a.mu.Unlock()
		a.wake()
	}
}

// agonesSeats tells the Agones connection which clients hold the game's
// seats (Seats.Report), of how many.
func (s *server) agonesSeats(clients []ClientID) {
	a := s.agones
	if a == nil {
		return
	}
	a.mu.Lock()
	changed := !a.want.seatsKnown || len(clients) != a.want.capacity
	if !changed {
		for _, c := range clients {
			if c != 0 && !a.want.seated[c] {
				changed = true
				break
			}
		}
		n := 0
		for _, c := range clients {
			if c != 0 {
				n++
			}
		}
		changed = changed || n != len(a.want.seated)
	}
	if changed {
		a.want.seatsKnown = true
		a.want.capacity = len(clients)
		clear(a.want.seated)
		for _, c := range clients {
			if c != 0 {
				a.want.seated[c] = true
			}
		}
	}
	a.mu.Unlock()
	if changed {
		a.wake()
	}
}

// agonesWant is the room's state, as Agones should hold it; agonesHave
// is what the sidecar acknowledged.
type agonesWant struct {
	ready      int // times Ready is asked for: 1 at start, +1 per AgonesReady
	clients    int
	connected  map[ClientID]bool
	seated     map[ClientID]bool
	seatsKnown bool // the game reported seats: players are the seated
	capacity   int  // seats, or MaxClients
}

type agonesHave struct {
	ready    int
	label    int // -1: never sent
	players  map[ClientID]bool
	capacity int // -1: never sent
}

// players returns the set of clients Agones should count as players.
func (w *agonesWant) players() map[ClientID]bool {
	if w.seatsKnown {
		return w.seated
	}
	return w.connected
}

// agones is a server's connection to the SDK sidecar.
type agones struct {
	cfg       AgonesConfig
	log       *slog.Logger
	watch     *http.Client    // cfg.Client without its timeout
	ctx       context.Context // the goroutines' lives; Shutdown ends it first
	stop      context.CancelFunc
	calls     context.Context // the state goroutine's calls; ended later (see shutdown)
	stopCalls context.CancelFunc
	wg        sync.WaitGroup
	kick      chan struct{} // the wanted state changed
	once      sync.Once
	gs        atomic.Pointer[AgonesGameServer]

	mu   sync.Mutex
	want agonesWant
	have agonesHave // owned by the state goroutine
}

func newAgones(cfg AgonesConfig, log *slog.Logger) *agones {
	if cfg.URL == "" {
		port := os.Getenv("AGONES_SDK_HTTP_PORT")
		if port == "" {
			port = "9358"
		}
		cfg.URL = "http://localhost:" + port
	}
	cfg.URL = strings.TrimSuffix(cfg.URL, "/")
	setDefault(&cfg.HealthEvery, 2*time.Second)
	setDefault(&cfg.CallTimeout, 2*time.Second)
	setDefault(&cfg.ShutdownTimeout, 800*time.Millisecond)
	if cfg.Label == "" {
		cfg.Label = "clients"
	}
	if cfg.List == "" {
		cfg.List = "players"
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{}
	}
	watch := *cfg.Client
	watch.Timeout = 0
	ctx, stop := context.WithCancel(context.Background())
	calls, stopCalls := context.WithCancel(context.Background())
	return &agones{cfg: cfg, log: log, watch: &watch, ctx: ctx, stop: stop, calls: calls, stopCalls: stopCalls, kick: make(chan struct{}, 1),
		want: agonesWant{ready: 1, connected: map[ClientID]bool{}, seated: map[ClientID]bool{}},
		have: agonesHave{label: -1, players: map[ClientID]bool{}, capacity: -1}}
}

// agonesError is a call the sidecar answered with a status other than
// 2xx; msg is the "message" of its JSON error, if any.
type agonesError struct {
	call   string
	status int
	msg    string
}

func (e *agonesError) Error() string {
	return fmt.Sprintf("%s: HTTP %d: %s", e.call, e.status, e.msg)
}

// empty is the body of the calls that take none: {}.
var empty = struct{}{}

// call makes one call within CallTimeout (and ctx), decoding a 2xx
// answer's JSON into out if out is not nil.
func (a *agones) call(ctx context.Context, method, path string, body, out any) error {
	ctx, cancel := context.WithTimeout(ctx, a.cfg.CallTimeout)
	defer cancel()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.cfg.URL+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := a.cfg.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		e := &agonesError{call: method + " " + path, status: resp.StatusCode}
		var m struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(data, &m) == nil && m.Message != "" {
			e.msg = m.Message
		} else {
			e.msg = truncate(strings.TrimSpace(string(data)), 200)
		}
		return e
	}
	if len(data) > 0 && !json.Valid(data) {
		return fmt.Errorf("%s %s: the sidecar's answer is not JSON: %q", method, path, truncate(string(data), 80))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: the sidecar's answer is not the JSON Agones documents: %w", method, path, err)
		}
	}
	return nil
}

// do makes one call of the state goroutine. None starts once Shutdown
// began; one under way is let finish, so that the sidecar has answered it
// before POST /shutdown is sent (see shutdown).
func (a *agones) do(method, path string, body, out any) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	return a.call(a.calls, method, path, body, out)
}

// run starts the health, state and watch goroutines; shutdown stops
// them.
func (a *agones) run(s Server, maxClients int) {
	a.mu.Lock()
	if !a.want.seatsKnown {
		a.want.capacity = maxClients
	}
	a.mu.Unlock()
	a.wg.Add(3)
	go a.health(s)
	go a.state()
	go a.watchLoop(s.s)
}

// wake tells the state goroutine that the wanted state changed.
func (a *agones) wake() {
	select {
	case a.kick <- struct{}{}:
	default:
	}
}

// sleep waits d, or until the connection stops; false when it stopped.
func (a *agones) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-a.ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// health pings every HealthEvery while the server is healthy, each ping
// bounded by HealthEvery, and logs when pings start and stop failing.
func (a *agones) health(s Server) {
	defer a.wg.Done()
	t := time.NewTicker(a.cfg.HealthEvery)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-a.ctx.Done():
			return
		case <-t.C:
		}
		if s.Healthy() != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(a.ctx, a.cfg.HealthEvery)
		err := a.call(ctx, http.MethodPost, "/health", empty, nil)
		cancel()
		switch {
		case err != nil && !failing && a.ctx.Err() == nil:
			failing = true
			a.log.Warn("net: Agones: health ping failed; Agones marks the room Unhealthy if this lasts", "url", a.cfg.URL, "err", err)
		case err == nil && failing:
			failing = false
			a.log.Info("net: Agones: health pings go through again")
		}
	}
}

// state marks the room Ready, then reconciles: it makes the calls that
// bring what the sidecar acknowledged to what the room wants, retrying
// failed ones with a backoff of at most a second, until shutdown.
func (a *agones) state() {
	defer a.wg.Done()
	const minWait, maxWait = 50 * time.Millisecond, time.Second
	wait := minWait
	var lastErr string
	for {
		err := a.reconcile()
		if a.ctx.Err() != nil {
			return
		}
		if err == nil {
			if lastErr != "" {
				a.log.Info("net: Agones: the sidecar holds the room's state again")
				lastErr = ""
			}
			wait = minWait
			select {
			case <-a.ctx.Done():
				return
			case <-a.kick:
			}
			continue
		}
		if msg := err.Error(); msg != lastErr {
			lastErr = msg
			a.log.Warn("net: Agones: call failed; retrying until the sidecar takes it", "url", a.cfg.URL, "err", err)
		}
		select {
		case <-a.ctx.Done():
			return
		case <-a.kick: // a change: try at once, but keep the backoff
		case <-time.After(wait):
			wait = min(2*wait, maxWait)
		}
	}
}

// reconcile makes the calls due, in order: Ready, the players that left,
// the players' capacity, those that came, the clients label. It stops at
// the first failure.
func (a *agones) reconcile() error {
	a.mu.Lock()
	ready, clients, capacity := a.want.ready, a.want.clients, a.want.capacity
	players := a.want.players()
	var gone, came []ClientID
	for id := range a.have.players {
		if !players[id] {
			gone = append(gone, id)
		}
	}
	for id := range players {
		if !a.have.players[id] {
			came = append(came, id)
		}
	}
	a.mu.Unlock()
	slices.Sort(gone)
	slices.Sort(came)
	h := &a.have
	if h.ready < ready {
		if err := a.do(http.MethodPost, "/ready", empty, nil); err != nil {
			return err
		}
		h.ready = ready
	}
	// Those who left go before the capacity changes: a capacity below
	// the list's length makes Agones cut the list, perhaps dropping a
	// player it should keep, which the room would then never add again.
	for _, id := range gone {
		if err := a.player(id, false); err != nil {
			return err
		}
		delete(h.players, id)
	}
	if a.cfg.Players != AgonesPlayersNone && h.capacity != capacity {
		if err := a.setCapacity(capacity); err != nil {
			return err
		}
		h.capacity = capacity
	}
	for _, id := range came {
		if err := a.player(id, true); err != nil {
			return err
		}
		h.players[id] = true
	}
	if h.label != clients {
		if err := a.do(http.MethodPut, "/metadata/label", map[string]string{"key": a.cfg.Label, "value": strconv.Itoa(clients)}, nil); err != nil {
			return err
		}
		h.label = clients
	}
	return nil
}

// setCapacity sets the players' capacity.
func (a *agones) setCapacity(n int) error {
	switch a.cfg.Players {
	case AgonesPlayersList:
		n = min(n, 1000) // Agones' largest list
		err := a.do(http.MethodPatch, "/v1beta1/lists/"+a.cfg.List, map[string]string{"capacity": strconv.Itoa(n)}, nil)
		return a.listTrouble(err)
	case AgonesPlayersTracking:
		err := a.do(http.MethodPut, "/alpha/player/capacity", map[string]string{"count": strconv.Itoa(n)}, nil)
		return trackingTrouble(err)
	}
	return nil
}

// player reports that a player came or went. A player the sidecar
// already has (or no longer has) is done: the call is reconciled, not
// counted.
func (a *agones) player(id ClientID, came bool) error {
	v := strconv.FormatUint(uint64(id), 10)
	switch a.cfg.Players {
	case AgonesPlayersList:
		op := ":removeValue"
		if came {
			op = ":addValue"
		}
		err := a.do(http.MethodPost, "/v1beta1/lists/"+a.cfg.List+op, map[string]string{"value": v}, nil)
		var e *agonesError
		if errors.As(err, &e) {
			switch msg := strings.ToLower(e.msg); {
			case came && strings.Contains(msg, "already exists"),
				!came && strings.Contains(msg, "not found") && !strings.Contains(msg, "list not found"):
				return nil
			}
		}
		return a.listTrouble(err)
	case AgonesPlayersTracking:
		path := "/alpha/player/disconnect"
		if came {
			path = "/alpha/player/connect"
		}
		return trackingTrouble(a.do(http.MethodPost, path, map[string]string{"playerID": v}, nil))
	}
	return nil
}

// listTrouble adds the fix to an error that says the list is missing or
// Counters and Lists are off.
func (a *agones) listTrouble(err error) error {
	var e *agonesError
	if errors.As(err, &e) {
		msg := strings.ToLower(e.msg)
		switch {
		case strings.Contains(msg, "list not found"):
			return fmt.Errorf("%w; declare the list %q in the GameServer's spec (lists: %s: capacity: …, deploy/fleet.yaml) or set AgonesConfig.Players", err, a.cfg.List, a.cfg.List)
		case strings.Contains(msg, "not enabled"):
			return fmt.Errorf("%w; turn on Agones' CountsAndLists feature gate or set AgonesConfig.Players to AgonesPlayersNone", err)
		}
	}
	return err
}

// trackingTrouble adds the fix to an error that says PlayerTracking is
// off.
func trackingTrouble(err error) error {
	var e *agonesError
	if errors.As(err, &e) && strings.Contains(strings.ToLower(e.msg), "not enabled") {
		return fmt.Errorf("%w; turn on Agones' PlayerTracking feature gate (alpha) or use AgonesPlayersList", err)
	}
	return err
}

// players reports a client that came (joined) or went, n being connected
// (concurrent-safe; called by the server).
func (a *agones) players(id ClientID, joined bool, n int) {
	a.mu.Lock()
	a.want.clients = n
	if joined {
		a.want.connected[id] = true
	} else {
		delete(a.want.connected, id)
	}
	a.mu.Unlock()
	a.wake()
}

// shutdown stops the goroutines and asks Agones to shut the GameServer
// down, within ShutdownTimeout (or ctx, if it ends sooner). A call of the
// state goroutine under way is let finish within half that budget first,
// and cut short after: a label or player call the sidecar took after
// POST /shutdown would change a GameServer being deleted (CI's run of
// 30 Nov, 18:19, saw the clients label set after Shutdown).
func (a *agones) shutdown(ctx context.Context) {
	a.once.Do(func() {
		a.stop()
		defer a.stopCalls()
		budget := a.cfg.ShutdownTimeout
		if d, ok := ctx.Deadline(); ok && ctx.Err() == nil {
			budget = min(budget, max(time.Until(d), 100*time.Millisecond))
		}
		deadline := time.Now().Add(budget)
		done := make(chan struct{})
		go func() { a.wg.Wait(); close(done) }()
		wait := time.NewTimer(budget / 2)
		select {
		case <-done:
		case <-wait.C:
			a.stopCalls()
		}
		wait.Stop()
		sctx, cancel := context.WithDeadline(context.Background(), deadline)
		defer cancel()
		// The sidecar gets the call at once; a slow one may answer after
		// the deadline, which is logged.
		if err := a.call(sctx, http.MethodPost, "/shutdown", empty, nil); err != nil {
			a.log.Warn("net: Agones: Shutdown failed or unanswered within AgonesConfig.ShutdownTimeout", "url", a.cfg.URL, "timeout", budget, "err", err)
		}
		select {
		case <-done:
		case <-sctx.Done():
			a.log.Warn("net: Agones: a call to the sidecar outlived Shutdown")
		}
	})
}

// agonesWatch is the JSON of one GameServer on the watch stream and of
// GET /gameserver (Agones' sdkGameServer).
type agonesWatch struct {
	ObjectMeta struct {
		Name        string            `json:"name"`
		Labels      map[string]string `json:"labels"`
		Annotations map[string]string `json:"annotations"`
	} `json:"object_meta"`
	Status struct {
		State     string `json:"state"`
		Address   string `json:"address"`
		Addresses []struct {
			Type    string `json:"type"`
			Address string `json:"address"`
		} `json:"addresses"`
		Ports []struct {
			Name string `json:"name"`
			Port int    `json:"port"`
		} `json:"ports"`
	} `json:"status"`
}

// watchLoop follows the watch stream, reopening it with a backoff when
// it ends, until shutdown.
func (a *agones) watchLoop(s *server) {
	defer a.wg.Done()
	wait := 100 * time.Millisecond
	var lastErr string
	for a.ctx.Err() == nil {
		got, err := a.watchOnce(s)
		if a.ctx.Err() != nil {
			return
		}
		if got {
			wait = 100 * time.Millisecond
		}
		if err != nil && err.Error() != lastErr {
			lastErr = err.Error()
			a.log.Warn("net: Agones: the GameServer's watch stream ended; reopening it", "url", a.cfg.URL, "err", err)
		}
		if !a.sleep(wait) {
			return
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// watchOnce reads one watch stream to its end; got is whether it
// delivered a GameServer.
func (a *agones) watchOnce(s *server) (got bool, err error) {
	req, err := http.NewRequestWithContext(a.ctx, http.MethodGet, a.cfg.URL+"/watch/gameserver", nil)
	if err != nil {
		return false, err
	}
	resp, err := a.watch.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return false, fmt.Errorf("GET /watch/gameserver: %s", resp.Status)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var msg struct {
			Result *agonesWatch `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			return got, fmt.Errorf("GET /watch/gameserver: a line that is not Agones' {\"result\": GameServer}: %q", truncate(string(line), 120))
		}
		if msg.Error != nil {
			return got, fmt.Errorf("GET /watch/gameserver: %s", msg.Error.Message)
		}
		if msg.Result == nil {
			return got, fmt.Errorf("GET /watch/gameserver: a line without a result: %q", truncate(string(line), 120))
		}
		got = true
		a.observe(s, msg.Result)
	}
	if err := sc.Err(); err != nil {
		return got, fmt.Errorf("GET /watch/gameserver: %w", err)
	}
	return got, errors.New("GET /watch/gameserver: the stream ended")
}

// observe takes in a GameServer from the watch stream: the hosts the
// server answers to, the state Server.Agones returns, OnChange.
func (a *agones) observe(s *server, w *agonesWatch) {
	gs := &AgonesGameServer{
		Name:        w.ObjectMeta.Name,
		State:       AgonesState(w.Status.State),
		Address:     w.Status.Address,
		Labels:      w.ObjectMeta.Labels,
		Annotations: w.ObjectMeta.Annotations,
	}
	for _, ad := range w.Status.Addresses {
		if ad.Address != "" && !slices.Contains(gs.Addresses, ad.Address) {
			gs.Addresses = append(gs.Addresses, ad.Address)
		}
	}
	if len(w.Status.Ports) > 0 {
		gs.Port = w.Status.Ports[0].Port
	}
	old := a.gs.Load()
	if old != nil {
		gs.Allocations = old.Allocations
	}
	if gs.State == AgonesAllocated && (old == nil || old.State != AgonesAllocated ||
		old.Annotations[agonesLastAllocated] != gs.Annotations[agonesLastAllocated]) {
		gs.Allocations++
	}
	if old != nil && sameGameServer(old, gs) {
		return
	}
	a.gs.Store(gs)
	hosts := gs.Addresses
	if gs.Address != "" && !slices.Contains(hosts, gs.Address) {
		hosts = append([]string{gs.Address}, hosts...)
	}
	s.setOrchestratorHosts(hosts)
	switch {
	case gs.Address == "" && (old == nil || old.Address != ""):
		a.log.Warn("net: Agones: the GameServer has no address yet; players who dial it get HTTP 403 until Agones sets it (waiting for it on the watch stream)", "gameserver", gs.Name, "state", gs.State)
	case gs.Address != "" && (old == nil || old.Address != gs.Address):
		a.log.Info("net: Agones: the GameServer's address", "gameserver", gs.Name, "address", gs.Address, "addresses", gs.Addresses, "port", gs.Port)
	}
	if old == nil || old.State != gs.State {
		a.log.Info("net: Agones: the GameServer is "+string(gs.State), "gameserver", gs.Name)
	}
	if a.cfg.OnChange != nil {
		a.cfg.OnChange(*gs)
	}
}

// sameGameServer reports whether two GameServers agree in what a room
// reads of them.
func sameGameServer(x, y *AgonesGameServer) bool {
	eq := func(a, b map[string]string) bool {
		if len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || w != v {
				return false
			}
		}
		return true
	}
	return x.Name == y.Name && x.State == y.State && x.Address == y.Address && x.Port == y.Port &&
		slices.Equal(x.Addresses, y.Addresses) && eq(x.Labels, y.Labels) && eq(x.Annotations, y.Annotations)
}
