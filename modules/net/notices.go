package net

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"syscall"
)

// What a watcher tells its player about its connection: Client.Status
// and Trouble give short lines, at most 24 characters wide, for a game's
// message label; QuietRepeats keeps a retrying client's log short.

// Status is what a watcher's player should be told about the connection,
// in at most three short lines: "" while the client shows the server's
// game; "Connecting…" before the first state arrives; Trouble's lines
// when the last attempt failed before any state arrived; and
// "Connection lost\nreconnecting…" once a shown game's connection drops.
func (cl Client) Status() string {
	switch {
	case cl.Tick() == 0 && cl.Err() != nil:
		return Trouble(cl.Err())
	case cl.Tick() == 0:
		return "Connecting…"
	case !cl.Connected():
		return "Connection lost\nreconnecting…"
	}
	return ""
}

// Trouble is the player's lines for why a connection attempt failed, each
// short enough for a small game's field: nothing listens there, something
// that is not a glue game server answers, or nothing answers at all. A
// client retries by itself, which every line says.
func Trouble(err error) string {
	switch msg := err.Error(); {
	case errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(msg, "connection refused"):
		return "No game served there\n(connection refused)\nretrying…"
	case strings.Contains(msg, "handshake response status") || strings.Contains(msg, "subprotocol"):
		return "That server is not\na glue game server\nretrying…"
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(msg, "timeout"):
		return "The server does not\nanswer; retrying…"
	}
	return "Cannot connect\nretrying…"
}

// QuietRepeats returns a handler that passes records to h except one that
// repeats the previous record's message and "reason" attribute: a client
// retrying a server that is down says why once, not every few seconds.
// Give it to a client as ClientConfig.Logger:
//
//	Logger: slog.New(net.QuietRepeats(slog.Default().Handler()))
//
// Handlers derived from it (WithAttrs, WithGroup) share what was said
// last.
func QuietRepeats(h slog.Handler) slog.Handler {
	return quietRepeats{h: h, last: &lastRecord{}}
}

type quietRepeats struct {
	h    slog.Handler
	last *lastRecord
}

// lastRecord is the key of the record a quietRepeats handled last.
type lastRecord struct {
	mu  sync.Mutex
	key string
}

func (q quietRepeats) Enabled(ctx context.Context, l slog.Level) bool { return q.h.Enabled(ctx, l) }

func (q quietRepeats) Handle(ctx context.Context, r slog.Record) error {
	key := r.Message
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "reason" {
			key += "\x00" + a.Value.String()
		}
		return true
	})
	q.last.mu.Lock()
	repeat := key == q.last.key
	q.last.key = key
	q.last.mu.Unlock()
	if repeat {
		return nil
	}
	return q.h.Handle(ctx, r)
}

func (q quietRepeats) WithAttrs(as []slog.Attr) slog.Handler {
	return quietRepeats{h: q.h.WithAttrs(as), last: q.last}
}

func (q quietRepeats) WithGroup(name string) slog.Handler {
	return quietRepeats{h: q.h.WithGroup(name), last: q.last}
}
