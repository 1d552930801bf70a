//go:build !js

package main

import (
	"errors"
	"fmt"
	stdnet "net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// onlinePair starts a game online in one process: the host (player 0)
// serves on a free port of 127.0.0.1, the other player (1) joins through
// a lag proxy of 100 ms plus up to 30 ms of jitter each way. Both run
// headless on one worker; the session waits disconnectAfter (0: the
// default) for the other player before it ends.
func onlinePair(t *testing.T, disconnectAfter time.Duration) ([2]*glue.App, *lagproxy.Proxy) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	proxy, err := lagproxy.Start(lagproxy.Config{Target: addr, Latency: 100 * time.Millisecond, Jitter: 30 * time.Millisecond, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxy.Close() })
	var apps [2]*glue.App
	for p, nf := range []netflags.Flags{{Serve: addr}, {Peer: "ws://" + proxy.Addr() + netflags.DefaultPath, Join: true}} {
		app, err := NewApp(Config{Headless: true, Sequential: true, Saves: &save.Memory{}, Net: nf, Rollback: true, DisconnectAfter: disconnectAfter})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(app.Close)
		apps[p] = app
	}
	return apps, proxy
}

// pressOnline writes player p's keys of tick i to the app's devices:
// player 0's as in the sync test (onlineKeys), player 1's remotePad's.
func pressOnline(app *glue.App, p int, i uint64) {
	d := glue.Resource[input.Devices](app)
	if p == 0 {
		onlineKeys(d, int(i), glue.StateAfter[Phase](app))
		return
	}
	clear(d.Keys[:])
	pad := remotePad(i)
	d.Keys[ebiten.KeyRight], d.Keys[ebiten.KeyLeft], d.Keys[ebiten.KeySpace] = pad.X > 0, pad.X < 0, pad.Held
}

// onlineRun is a game online played by the test, frame by frame.
type onlineRun struct {
	apps   [2]*glue.App
	errs   [2]error
	seen   [2][]string // the notices shown, each once in a row
	lines  [2]string   // what ShowOnline shows over the field, at the end
	frames int
}

// frame runs a frame of each game that has not ended (Update, then
// Draw: the session's news comes in PreDraw), pressing its keys, and
// notes the notices shown.
func (r *onlineRun) frame() {
	r.frames++
	for p, app := range r.apps {
		if r.errs[p] == nil {
			pressOnline(app, p, app.Tick()+1)
			r.errs[p] = app.Update()
		}
		if err := app.Draw(); err != nil {
			r.errs[p] = errors.Join(r.errs[p], err)
		}
		n := glue.Resource[net.SessionNotice](app)
		if n.Text != "" && (len(r.seen[p]) == 0 || r.seen[p][len(r.seen[p])-1] != n.Text) {
			r.seen[p] = append(r.seen[p], n.Text)
		}
		r.lines[p] = onlineLine(n.Text, glue.Resource[net.Stats](app), glue.StateAfter[Phase](app))
	}
}

// play runs frames at 60 a second until done returns true, or fails the
// test after the liveness deadline.
func (r *onlineRun) play(t *testing.T, deadline time.Duration, what string, done func() bool) {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	end := time.Now().Add(deadline)
	for !done() {
		if time.Now().After(end) {
			t.Fatalf("%s: not done after %v (frames %d, errors %v, notices %q; player 0 %+v; player 1 %+v)", what, deadline, r.frames, r.errs, r.seen,
				glue.Resource[net.Session](r.apps[0]).Stats(), glue.Resource[net.Session](r.apps[1]).Stats())
		}
		<-tk.C
		r.frame()
	}
}

// onlineDigests returns the digests of the game's state: what both
// players' games hold, not their machines' own resources.
func onlineDigests(t *testing.T, app *glue.App) []glue.Digest {
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	var out []glue.Digest
	for _, d := range c.Digest(nil) {
		if strings.HasPrefix(d.Name, "net.") || strings.HasPrefix(d.Name, "input.") || strings.HasPrefix(d.Name, "render.") || d.Name == "main.Pad" {
			continue
		}
		out = append(out, d)
	}
	return out
}

// Two platformers online through a lag proxy of 100 ± 30 ms, the other
// player's link cut for 3 s at tick 150 (everything sent in the cut
// lost, lagproxy.Blackhole): both show "Connection interrupted…", then
// "Connection back", and end at tick 600 with the same digests; the
// second hero ran. The relay server in the host's app keeps the cut
// player's seat (its grace is the session's DisconnectAfter, 10 s).
func TestOnlineSurvivesThreeSecondCut(t *testing.T) {
	const n = 600
	apps, proxy := onlinePair(t, 0)
	r := &onlineRun{apps: apps}
	r.play(t, 60*time.Second, "to tick 150", func() bool {
		return r.errs[0] != nil || r.errs[1] != nil || apps[1].Tick() >= 150
	})
	proxy.Cut(lagproxy.Blackhole, 3*time.Second)
	r.play(t, 120*time.Second, fmt.Sprintf("to tick %d", n), func() bool {
		for _, app := range apps {
			if app.Tick() >= n {
				glue.Resource[net.Session](app).Hold(n) // only take in the other's last inputs
			}
		}
		s0, s1 := glue.Resource[net.Session](apps[0]).Stats(), glue.Resource[net.Session](apps[1]).Stats()
		return r.errs[0] != nil || r.errs[1] != nil || s0.Confirmed >= n && s1.Confirmed >= n && s0.Tick >= n && s1.Tick >= n
	})
	for p := range 2 {
		if r.errs[p] != nil {
			t.Fatalf("player %d: %v", p, r.errs[p])
		}
	}
	if proxy.Stats().Lost == 0 {
		t.Fatal("nothing was lost in the cut: the test tests nothing")
	}
	d0, d1 := onlineDigests(t, apps[0]), onlineDigests(t, apps[1])
	if !slices.Equal(d0, d1) {
		t.Errorf("at tick %d the players' games differ:\nplayer 0 %v\nplayer 1 %v", n, d0, d1)
	}
	for p, app := range apps {
		st := glue.Resource[net.Session](app).Stats()
		t.Logf("player %d: notices %q; %+v", p, r.seen[p], st)
		if st.Desyncs > 0 {
			t.Errorf("player %d: desync: %v", p, st.LastDesync)
		}
		if !slices.Contains(r.seen[p], "Connection interrupted\nwaiting for the\nother player…") || !slices.Contains(r.seen[p], "Connection back") {
			t.Errorf("player %d was shown %q, want the interruption and the connection back", p, r.seen[p])
		}
		hs := heroes(app)
		if len(hs) != 2 || hs[1].Pos == hs[0].Pos {
			t.Errorf("player %d: heroes %v, want two apart", p, hs)
		}
	}
}

// A link cut for longer than the session's DisconnectAfter (3 s here)
// ends the game on both sides: each shows "Connection lost" and a short
// reason over the field (net.SessionNotice, ShowOnline's line), and
// Update returns the reason, which wraps net.ErrDisconnected and which
// the command line explains in the same words (explainOnline).
func TestOnlineCutTooLongDisconnects(t *testing.T) {
	const timeout = 3 * time.Second
	apps, proxy := onlinePair(t, timeout)
	r := &onlineRun{apps: apps}
	r.play(t, 60*time.Second, "to tick 120", func() bool {
		return r.errs[0] != nil || r.errs[1] != nil || apps[1].Tick() >= 120
	})
	if r.errs[0] != nil || r.errs[1] != nil {
		t.Fatalf("before the cut: %v", r.errs)
	}
	proxy.Cut(lagproxy.Blackhole, time.Minute)
	cut := time.Now()
	r.play(t, 60*time.Second, "both disconnected", func() bool { return r.errs[0] != nil && r.errs[1] != nil })
	t.Logf("both ended %v after the cut", time.Since(cut).Round(time.Millisecond))
	r.frame() // a frame more: the screen after the end
	for p, app := range apps {
		n := glue.Resource[net.SessionNotice](app)
		t.Logf("player %d: %v; shown %q", p, r.errs[p], r.lines[p])
		if !errors.Is(r.errs[p], net.ErrDisconnected) {
			t.Errorf("player %d: Update returned %v, want net.ErrDisconnected", p, r.errs[p])
		}
		if n.Kind != net.Disconnected || !errors.Is(n.Reason, net.ErrDisconnected) {
			t.Errorf("player %d: notice %+v, want Disconnected's with its reason", p, *n)
		}
		if !strings.HasPrefix(r.lines[p], "Connection lost\n") || strings.Contains(r.lines[p], "the log says why") {
			t.Errorf("player %d: shown %q, want \"Connection lost\" and why", p, r.lines[p])
		}
		// The window closes with the game (render.Game ends on Update's
		// error); the terminal says it as the screen did, then why.
		if line := explainOnline("")(r.errs[p]); !strings.HasPrefix(line, "connection lost: no word from the other player (net: rollback: no input from") {
			t.Errorf("player %d: the terminal says %q", p, line)
		}
	}
}

// The online flags are breakout's (-serve host:port -players 2 -rollback,
// -join ws://host:port -rollback), with breakout's problems; the
// platformer plays online only with rollback, and leaves a recording, a
// replay and -dev to a game on one machine.
func TestOnlineFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rollback"}, "-rollback is for a two-player game: the host adds it to -serve host:port -players 2, the other player to -join ws://host:port"},
		{[]string{"-serve", "127.0.0.1:0", "-rollback"}, "-rollback is for a two-player game"},
		{[]string{"-players", "2"}, "-players 2 is a game over the network"},
		{[]string{"-players", "3", "-serve", "127.0.0.1:0", "-rollback"}, "-players must be 1 or 2, got 3"},
		{[]string{"-serve", "127.0.0.1:0", "-players", "2"}, "the platformer plays online with rollback netcode only"},
		{[]string{"-watch", "ws://127.0.0.1:1"}, "the platformer plays online with rollback netcode only"},
		{[]string{"-join", "ws://127.0.0.1:1", "-rollback", "-headless"}, "-join needs a window"},
		{[]string{"-join", "ws://127.0.0.1:1", "-rollback", "-record", "x.replay"}, "-record is for a game on one machine: leave it out with -rollback"},
		{[]string{"-join", "http://127.0.0.1:1", "-rollback"}, "is not a ws:// or wss:// URL"},
	} {
		var out, errs strings.Builder
		if code := run(tc.args, &out, &errs); code != 2 || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs.String(), tc.want)
		}
	}
}
