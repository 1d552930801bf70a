//go:build !js

package net

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// The paths of the health endpoints a listening [Server] serves besides
// its WebSocket endpoint, for an orchestrator's probes (Kubernetes'
// livenessProbe and readinessProbe). They answer 200 "ok", or 503 and the
// reason.
const (
	// HealthPath answers whether the server is alive: [Server.Healthy].
	HealthPath = "/healthz"
	// ReadyPath answers whether the server takes new clients:
	// [Server.Ready].
	ReadyPath = "/readyz"
)

// Healthy returns nil while the server is alive: it has not shut down,
// and the game loop has ticked within [ServerConfig.LivenessTimeout]. An
// orchestrator's health check calls it (Agones: call SDK.Health
// periodically while it returns nil).
func (s Server) Healthy() error {
	srv := s.s
	srv.mu.Lock()
	closed := srv.closed
	srv.mu.Unlock()
	if closed {
		return errors.New("net: server shut down")
	}
	last := time.Unix(0, srv.lastTickAt.Load())
	if d := time.Since(last); srv.lastTickAt.Load() == 0 || d > srv.cfg.LivenessTimeout {
		return fmt.Errorf("net: the game loop has not ticked for %v (ServerConfig.LivenessTimeout %v)", d.Round(time.Millisecond), srv.cfg.LivenessTimeout)
	}
	return nil
}

// Ready returns nil while the server takes new clients: it listens, is
// not draining and is not full.
func (s Server) Ready() error {
	srv := s.s
	srv.mu.Lock()
	defer srv.mu.Unlock()
	switch {
	case srv.closed:
		return errors.New("net: server shut down")
	case srv.draining:
		return errors.New("net: server draining")
	case srv.ln == nil:
		return errors.New("net: server not listening yet")
	case len(srv.conns)+srv.pending+len(srv.away) >= srv.cfg.MaxClients:
		return fmt.Errorf("net: server full (%d clients)", srv.cfg.MaxClients)
	}
	return nil
}

func (s *server) serveHealth(w http.ResponseWriter, _ *http.Request) {
	answer(w, Server{s}.Healthy(), "")
}

// serveReady answers Ready, followed by the clients (those connected and
// those whose slot is held for a reconnection), how many of them are away
// (if any), and, if the game reported them ([Server.SetSeats]), the
// seats: "ok", "clients 3 of 64", "away 1", "seats 1 of 2", one a line.
func (s *server) serveReady(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	clients, away := len(s.conns)+len(s.away), len(s.away)
	s.mu.Unlock()
	counts := fmt.Sprintf("clients %d of %d\n", clients, s.cfg.MaxClients)
	if away > 0 {
		counts += fmt.Sprintf("away %d\n", away) // of the clients: held for ReconnectGrace
	}
	if total := s.seats.Load(); total > 0 {
		counts += fmt.Sprintf("seats %d of %d\n", s.seatsTaken.Load(), total)
	}
	answer(w, Server{s}.Ready(), counts)
}

// answer writes "ok" or err (with HTTP 503) on a line, then more.
func answer(w http.ResponseWriter, err error, more string) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "%v\n%s", err, more)
		return
	}
	fmt.Fprintf(w, "ok\n%s", more)
}

// Drain stops taking new clients: new connections are refused with HTTP
// 503 and [Server.Ready] reports the server draining, while the connected
// clients play on, and so do those whose handshake was under way
// ([ServerStats].Connecting: wait for them too before shutting down, as
// [DrainPlugin] does). Call it when the orchestrator asks the room to stop
// (SIGTERM), then [Server.Shutdown] when the game is over or the grace
// period ends. Drain is idempotent.
func (s Server) Drain() {
	s.s.mu.Lock()
	s.s.draining = true
	s.s.mu.Unlock()
	s.s.log.Info("net: server draining")
}

// Shutdown drains the server, stops listening, and closes every client
// connection with the WebSocket status 1001 (going away) and reason,
// which clients log. It returns when every connection's goroutines are
// done, or when ctx ends: then it closes the remaining connections at
// once, waits for them and returns ctx's error. It calls
// [ServerConfig.OnShutdown] once, at the end. Later calls wait for the
// first to finish (or for their ctx) and return nil. The app keeps
// running; Send systems record into a server nobody can reach.
func (s Server) Shutdown(ctx context.Context, reason string) error {
	srv := s.s
	srv.mu.Lock()
	if srv.closed {
		srv.mu.Unlock()
		select {
		case <-srv.stopped:
		case <-ctx.Done():
		}
		return nil
	}
	srv.closed, srv.draining = true, true
	srv.stopAway() // reconnect.go
	hs := srv.hs
	conns := make([]*conn, 0, len(srv.conns))
	for _, c := range srv.conns {
		conns = append(conns, c)
	}
	srv.mu.Unlock()
	var err error
	if hs != nil {
		// Closes the listener and plain HTTP connections; WebSocket
		// connections are the server's own.
		err = hs.Close()
	}
	// Agones is told at once, beside the clients' close handshakes (an
	// unread client takes up to CloseTimeout): the room is over either
	// way, and Shutdown then takes the longer of the two, not their sum.
	told := make(chan struct{})
	go func() {
		defer close(told)
		if srv.agones != nil {
			srv.agones.shutdown(ctx)
		}
	}()
	for _, c := range conns {
		go c.close(websocket.StatusGoingAway, truncate(reason, 120), true)
	}
	done := make(chan struct{})
	go func() {
		srv.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
		srv.log.Warn("net: shutdown timed out; closing the remaining connections at once", "reason", reason)
		for _, c := range conns {
			go c.cut()
		}
		<-done
	}
	srv.cancel()
	<-told
	srv.log.Info("net: server shut down", "reason", reason)
	if srv.cfg.OnShutdown != nil {
		srv.cfg.OnShutdown(reason)
	}
	close(srv.stopped)
	return err
}
