//go:build !js

package net

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// A page closed mid-match cannot close its app (App.OnClose does not
// run): its session says its bye at once, on the page's event loop
// (pagehide_js.go calls pageHidden), and the other player is told it
// left — not, as before, after DisconnectAfter (here a minute) that its
// link was down. web/test/rollback.test.mjs closes a real page.
func TestRollbackPageHidden(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	stepServer(t, server)
	var mu sync.Mutex
	var desyncs []Desync
	url := "ws://" + srv.Addr() + "/net"
	cfg := func(c *RollbackConfig) { c.DisconnectAfter = time.Minute }
	app0, _ := rbPeerWith(t, url, 0, 0, &desyncs, &mu, cfg)
	app1, s1 := rbPeerWith(t, url, 1, 0, &desyncs, &mu, cfg)
	ev0 := &rbEvents{}
	ev0.add(app0)
	var wg sync.WaitGroup
	var err0, err1 error
	wg.Add(2)
	go func() {
		defer wg.Done()
		err0 = rbPlayUntilEnd(app0, 0, 30*time.Second, nil)
	}()
	go func() {
		defer wg.Done()
		rbPlayUntilEnd(app1, 1, 30*time.Second, func() bool { return app1.Tick() >= 100 })
		// In a page nothing else runs during pagehide; here the writer
		// goroutine does, so let it write what it has first.
		time.Sleep(200 * time.Millisecond)
		s1.pageHidden()
		err1 = app1.Update()
	}()
	wg.Wait()
	if !errors.Is(err0, ErrDisconnected) || !errors.Is(err0, errLeft) {
		t.Fatalf("player 1: Update returned %v; want that the other player left", err0)
	}
	if kinds := ev0.kinds(); !slices.Equal(kinds, []SessionEventKind{PeerLeft, Disconnected}) {
		t.Errorf("player 1: events %v, want [PeerLeft Disconnected]", kinds)
	}
	if !errors.Is(err1, ErrDisconnected) || !errors.Is(err1, errPageClosed) {
		t.Errorf("player 2, whose page closed: Update returned %v; want %v", err1, errPageClosed)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(desyncs) != 0 {
		t.Errorf("desyncs: %v", desyncs)
	}
}
