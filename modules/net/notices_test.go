package net_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue/modules/net"
)

// TestRepeatedConnectionWarningsAreDropped: a watcher retrying a server
// that is down logs why once, not once per attempt.
func TestQuietRepeatsConnectionWarningsAreDropped(t *testing.T) {
	var buf strings.Builder
	log := slog.New(net.QuietRepeats(slog.NewTextHandler(&buf, nil)))
	for range 5 {
		log.Warn("net: connection ended; reconnecting", "reason", "refused", "in", time.Second)
	}
	log.Warn("net: connection ended; reconnecting", "reason", "timeout")
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Errorf("5 identical warnings and a different one wrote %d lines, want 2:\n%s", n, buf.String())
	}
}

// TestTroubleLinesAreShort: every line Trouble gives fits a small field
// (24 characters), and each cause has its own.
func TestTroubleLinesAreShort(t *testing.T) {
	seen := map[string]bool{}
	for _, err := range []error{
		errors.New("dial tcp 127.0.0.1:1: connect: connection refused"),
		errors.New("failed to WebSocket dial: expected handshake response status code 101 but got 404"),
		fmt.Errorf("dial: %w", context.DeadlineExceeded),
		errors.New("something else"),
	} {
		msg := net.Trouble(err)
		seen[msg] = true
		for _, line := range strings.Split(msg, "\n") {
			if n := len([]rune(line)); n > 24 {
				t.Errorf("Trouble(%v): line %q is %d characters", err, line, n)
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("4 causes gave %d messages: %v", len(seen), seen)
	}
}

func ExampleTrouble() {
	fmt.Println(net.Trouble(errors.New("dial tcp 127.0.0.1:8090: connect: connection refused")))
	// Output:
	// No game served there
	// (connection refused)
	// retrying…
}
