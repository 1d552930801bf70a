package net

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"
)

// AgonesConfig connects a [Server] to Agones (agones.dev), which runs
// game servers on Kubernetes: one room per process, as glue's model is.
// The server speaks the HTTP API of the Agones SDK sidecar in its pod
// (the "REST" SDK), with the standard library:
//
//   - POST /ready {} once it listens: the GameServer is Ready, and may be
//     allocated to a match; then GET /gameserver, whose status.address
//     (the node's address, which players dial) the server then answers
//     to besides ServerConfig.AllowedHosts;
//   - POST /health {} every HealthEvery while [Server.Healthy] (the game
//     loop ticks);
//   - PUT /metadata/label {"key": Label, "value": "<clients>"} whenever
//     the number of clients changes (Agones prefixes the key with
//     "agones.dev/sdk-");
//   - with PlayerTracking (an alpha feature of Agones, behind its
//     PlayerTracking feature gate): PUT /alpha/player/capacity
//     {"count": MaxClients} at start, and POST /alpha/player/connect and
//     /alpha/player/disconnect {"playerID": "<client id>"} as clients come
//     and go (after ReconnectGrace);
//   - POST /shutdown {} when [Server.Shutdown] is done: Agones deletes the
//     pod.
//
// Calls after Ready go out in order on one goroutine; one that fails is
// retried twice, then logged. Ready is retried until it succeeds (the
// sidecar may start after the game). docs/net.md has a Fleet and how a
// matchmaker allocates a room.
type AgonesConfig struct {
	// URL is the base URL of the SDK sidecar's HTTP API. The default is
	// http://localhost:$AGONES_SDK_HTTP_PORT, the port Agones sets in
	// the game server's environment (9358 if unset).
	URL string
	// HealthEvery is the time between two health pings; it must be
	// shorter than the Fleet's health.periodSeconds. The default is 2
	// seconds.
	HealthEvery time.Duration
	// Label is the key of the label that holds the number of clients. The
	// default is "clients".
	Label string
	// PlayerTracking reports each client as a player (alpha; see above).
	PlayerTracking bool
	// Client makes the HTTP calls. The default has a 5-second timeout.
	Client *http.Client
}

// agones is a server's connection to the SDK sidecar.
type agones struct {
	cfg    AgonesConfig
	log    *slog.Logger
	calls  chan agonesCall // a call with an empty path ends run
	done   chan struct{}   // closed when run returns
	ctx    context.Context // run's; cancelled if shutdown runs out of time
	cancel context.CancelFunc
	once   sync.Once
}

// agonesCall is one call of the SDK's HTTP API.
type agonesCall struct {
	method, path string
	body         any
}

func newAgones(cfg AgonesConfig, log *slog.Logger) *agones {
	if cfg.URL == "" {
		port := os.Getenv("AGONES_SDK_HTTP_PORT")
		if port == "" {
			port = "9358"
		}
		cfg.URL = "http://localhost:" + port
	}
	setDefault(&cfg.HealthEvery, 2*time.Second)
	if cfg.Label == "" {
		cfg.Label = "clients"
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 5 * time.Second}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &agones{cfg: cfg, log: log, calls: make(chan agonesCall, 256), done: make(chan struct{}), ctx: ctx, cancel: cancel}
}

// empty is the body of the calls that take none: {}.
var empty = struct{}{}

// call makes one call, reporting its error.
func (a *agones) call(ctx context.Context, c agonesCall) error {
	body, err := json.Marshal(c.body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, c.method, a.cfg.URL+c.path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := a.cfg.Client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s", c.method, c.path, resp.Status)
	}
	return nil
}

// run marks the server Ready, then makes the queued calls in order and
// pings health every HealthEvery while healthy, until shutdown.
func (a *agones) run(s Server, maxClients int) {
	defer close(a.done)
	ctx := a.ctx
	for wait := 100 * time.Millisecond; ; wait = min(2*wait, 5*time.Second) {
		err := a.call(ctx, agonesCall{http.MethodPost, "/ready", empty})
		if err == nil {
			break
		}
		a.log.Warn("net: Agones: Ready failed; retrying", "url", a.cfg.URL, "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
	if addr, err := a.address(ctx); err != nil {
		a.log.Warn("net: Agones: no GameServer address; players must use a name in ServerConfig.AllowedHosts", "err", err)
	} else if addr != "" {
		s.s.allowHost(addr)
	}
	if a.cfg.PlayerTracking {
		a.retry(ctx, agonesCall{http.MethodPut, "/alpha/player/capacity", map[string]int{"count": maxClients}})
	}
	health := time.NewTicker(a.cfg.HealthEvery)
	defer health.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case c := <-a.calls:
			if c.path == "" {
				return
			}
			a.retry(ctx, c)
		case <-health.C:
			if s.Healthy() == nil {
				a.retry(ctx, agonesCall{http.MethodPost, "/health", empty})
			}
		}
	}
}

// retry makes a call, up to three times.
func (a *agones) retry(ctx context.Context, c agonesCall) {
	var err error
	for range 3 {
		if err = a.call(ctx, c); err == nil || ctx.Err() != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	a.log.Warn("net: Agones call failed", "method", c.method, "path", c.path, "err", err)
}

// queue queues a call (concurrent-safe); a full queue drops it, logged.
func (a *agones) queue(c agonesCall) {
	select {
	case a.calls <- c:
	default:
		a.log.Warn("net: Agones: too many calls waiting; one dropped", "path", c.path)
	}
}

// players reports a client that came (joined) or went, n being connected.
func (a *agones) players(id ClientID, joined bool, n int) {
	if a.cfg.PlayerTracking {
		path := "/alpha/player/disconnect"
		if joined {
			path = "/alpha/player/connect"
		}
		a.queue(agonesCall{http.MethodPost, path, map[string]string{"playerID": strconv.FormatUint(uint64(id), 10)}})
	}
	a.queue(agonesCall{http.MethodPut, "/metadata/label", map[string]string{"key": a.cfg.Label, "value": strconv.Itoa(n)}})
}

// shutdown makes the queued calls, then asks Agones to shut the
// GameServer down, within ctx (or 2 seconds if ctx has ended).
func (a *agones) shutdown(ctx context.Context) {
	a.once.Do(func() {
		if ctx.Err() != nil {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
		}
		select {
		case a.calls <- agonesCall{}:
			select {
			case <-a.done:
			case <-ctx.Done():
			}
		case <-ctx.Done():
		}
		a.cancel()
		<-a.done
		if err := a.call(ctx, agonesCall{http.MethodPost, "/shutdown", empty}); err != nil {
			a.log.Warn("net: Agones: Shutdown failed", "err", err)
		}
	})
}

// address returns the GameServer's address (GET /gameserver,
// status.address).
func (a *agones) address(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.cfg.URL+"/gameserver", nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := a.cfg.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("GET /gameserver: %s", resp.Status)
	}
	var gs struct {
		Status struct {
			Address string `json:"address"`
		} `json:"status"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&gs); err != nil {
		return "", fmt.Errorf("GET /gameserver: %w", err)
	}
	return gs.Status.Address, nil
}
