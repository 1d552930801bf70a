//go:build !js

package net

import (
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// Parallel tests: a test that spends its time waiting on real time — a
// rollback match at 60 ticks a second through lag proxies, a node
// process — and asserts only what a slower machine does not change (the
// digests at the end, what was received) calls t.Parallel() first, so
// that its waits overlap another's (go test runs GOMAXPROCS of them at
// once, make unit 4: -parallel 4). A test stays sequential when it counts allocations
// (testing.AllocsPerRun counts the whole process's), sets package-level
// state or the environment, or asserts what a starved CPU changes: the
// order of interruption events around a timeout, a rate limit's window,
// a prediction with no correction, how many connections close at once.
// Those failed when 8 ran at once at load 20; the parallel ones did not.

// leastAllocs is testing.AllocsPerRun's figure for f, the least of five
// tries: AllocsPerRun counts the whole process's allocations, and a test
// that counts a tick's while servers and their connections' goroutines
// run (its own, or ones still closing after an earlier test) once saw 1
// a tick in CI. A tick that allocates does so in every try.
func leastAllocs(runs int, f func()) float64 {
	least := math.Inf(1)
	for range 5 {
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}

// update is the stage of the test apps' game systems.
const update = glue.Update

// logBuf collects log output for assertions.
type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *logBuf) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// startServer builds a server app on 127.0.0.1:0 that sends pos, vel,
// label and hp of entities tagged Replicated, and the score resource. game
// adds the game's own systems. The app has run its first tick.
func startServer(t testing.TB, cfg ServerConfig, game func(app *glue.App)) (*glue.App, Server) {
	t.Helper()
	if cfg.Registry == nil {
		cfg.Registry = testRegistry()
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	if cfg.Logger == nil {
		cfg.Logger = quiet()
	}
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.AddPlugins(ServerPlugin{Config: cfg})
	replicated := glue.TypeOf[Replicated]()
	// The test types are declared in package net, so glue leaves them
	// out of the systems' names: name the systems apart.
	app.AddSystems(glue.PostUpdate,
		Send[pos]().With(replicated).Named("net.Send[pos]"),
		Send[vel]().With(replicated).Named("net.Send[vel]"),
		Send[label]().With(replicated).Named("net.Send[label]"),
		Send[hp]().With(replicated).Named("net.Send[hp]"),
		SendResource[score](),
	)
	if game != nil {
		game(app)
	}
	if err := app.Update(); err != nil {
		t.Fatalf("server app: %v", err)
	}
	srv := *glue.Resource[Server](app)
	t.Cleanup(func() {
		srv.Close()
		app.Close()
	})
	return app, srv
}

// startClient builds a client app of url whose Update stage dumps the
// received world into *view after each tick; game adds the app's own
// systems. The app has run its first tick.
func startClient(t testing.TB, url string, cfg ClientConfig, view *clientView, game func(app *glue.App)) (*glue.App, Client) {
	t.Helper()
	if cfg.Registry == nil {
		cfg.Registry = testRegistry()
	}
	if cfg.Logger == nil {
		cfg.Logger = quiet()
	}
	if cfg.RetryMin == 0 {
		cfg.RetryMin = 5 * time.Millisecond
	}
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.AddPlugins(ClientPlugin{Config: cfg, Peer: Peer{URL: url}})
	if view != nil {
		app.AddSystems(update, glue.Func(view.capture).Named("dumpClient"))
	}
	if game != nil {
		game(app)
	}
	if err := app.Update(); err != nil {
		t.Fatalf("client app: %v", err)
	}
	cl := *glue.Resource[Client](app)
	t.Cleanup(func() {
		cl.Close()
		app.Close()
	})
	return app, cl
}

// clientView is a client app's world as last captured.
type clientView struct {
	world world
}

// capturedWorld is what clientView.capture reads.
type capturedWorld struct {
	All glue.Query1[*Remote]
	Pos glue.Query2[*Remote, *pos]
	Vel glue.Query2[*Remote, *vel]
	Lab glue.Query2[*Remote, *label]
	HP  glue.Query2[*Remote, *hp]
	Sc  glue.Opt[score]
}

func (v *clientView) capture(p capturedWorld) {
	all, qp, qv, ql, qh, sc := p.All, p.Pos, p.Vel, p.Lab, p.HP, p.Sc
	w := world{}
	all.Each(func(_ glue.Entity, r *Remote) {
		if _, dup := w[r.ID]; dup {
			panic(fmt.Sprintf("two local entities for remote %d", r.ID))
		}
		w[r.ID] = map[string]any{}
	})
	qp.Each(func(_ glue.Entity, r *Remote, c *pos) { w[r.ID]["net.pos"] = *c })
	qv.Each(func(_ glue.Entity, r *Remote, c *vel) { w[r.ID]["net.vel"] = *c })
	ql.Each(func(_ glue.Entity, r *Remote, c *label) { w[r.ID]["net.label"] = *c })
	qh.Each(func(_ glue.Entity, r *Remote, c *hp) { w[r.ID]["net.hp"] = *c })
	if s := sc.Get(); s != nil {
		w[uint64(5)<<1|resourceBit] = map[string]any{"net.score": *s}
	}
	v.world = w
}

// diff describes how two worlds differ, or returns "".
func diff(got, want world) string {
	var out []string
	ids := map[uint64]bool{}
	for id := range got {
		ids[id] = true
	}
	for id := range want {
		ids[id] = true
	}
	var sorted []uint64
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	for _, id := range sorted {
		g, w := got[id], want[id]
		if !reflect.DeepEqual(g, w) {
			out = append(out, fmt.Sprintf("  entity %d: got %v, want %v", id, g, w))
		}
	}
	return strings.Join(out, "\n")
}

// minLiveness is the shortest wait waitFor gives up after: a liveness
// bound, never a speed. The package's real-time tests run in parallel
// under -race beside other work (CI at load 20 and more), where a wait a
// test expects to take a second has taken over ten.
const minLiveness = time.Minute

// waitFor polls cond, running tick between polls, until it holds or the
// deadline passes: d, what the test expects at most, or minLiveness if
// that is longer.
func waitFor(t testing.TB, what string, d time.Duration, tick func(), cond func() bool) {
	t.Helper()
	d = max(d, minLiveness)
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		if tick != nil {
			tick()
		}
		time.Sleep(2 * time.Millisecond)
	}
}
