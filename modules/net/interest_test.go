//go:build !js

package net

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// sawFrame is a state a raw test client received: its tick and the
// labels of the entities it had after applying it.
type sawFrame struct {
	tick    uint64
	created []string // labels of entities created by the frame
	has     []string // labels of every entity after it
}

// rawReader is a WebSocket client without a Client: it parses every
// message and keeps its own mirror, so that the test sees exactly what
// the server sent it.
type rawReader struct {
	mu     sync.Mutex
	id     ClientID
	frames []sawFrame
	err    error
}

func readRaw(t *testing.T, url string) *rawReader {
	t.Helper()
	ws, err := rawDial(t, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := &rawReader{}
	reg := testRegistry()
	go func() {
		m := newMirror()
		for {
			_, data, err := ws.Read(t.Context())
			if err != nil {
				return
			}
			f, err := parseFrame(data, reg, true)
			if err == nil && f.typ == msgWelcome {
				r.mu.Lock()
				r.id = ClientID(f.client)
				r.mu.Unlock()
				continue
			}
			if err == nil {
				err = m.apply(f)
			}
			r.mu.Lock()
			if err != nil {
				r.err = err
				r.mu.Unlock()
				return
			}
			sf := sawFrame{tick: f.tick}
			n := len(f.ents)
			if f.typ == msgDelta {
				n = f.created
			}
			for _, u := range f.ents[:n] {
				sf.created = append(sf.created, labelOf(u.set))
			}
			for _, e := range m.ents {
				sf.has = append(sf.has, labelOf(e.comps))
			}
			slices.Sort(sf.has)
			r.frames = append(r.frames, sf)
			r.mu.Unlock()
		}
	}()
	return r
}

func labelOf(cs []compValue) string {
	for _, cv := range cs {
		if l, ok := cv.v.(label); ok {
			return l.Name
		}
	}
	return "score" // the resource
}

func (r *rawReader) snapshot() (ClientID, []sawFrame, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.id, slices.Clone(r.frames), r.err
}

// TestInterestHidesEntities runs a server with three moving entities
// labelled a, b and c, and an Interest system that shows each client the
// labels the test allows it; two raw clients record every message they
// get, a real client shows its world. A client is never sent an entity
// hidden from it, in any message; when the test changes what a client
// may see, the hidden entity is removed from it and the newly visible
// one created on it; the score resource is always sent.
func TestInterestHidesEntities(t *testing.T) {
	allowed := map[ClientID][]string{}
	var asked sync.Map // clients the Interest system was asked about
	server, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
		app.InsertResource(score{Points: 7})
		app.AddStartup(glue.Func(func(cmds glue.Commands) {
			for i, name := range []string{"a", "b", "c"} {
				cmds.Spawn(Replicated{}, label{name}, pos{float32(i), 0})
			}
		}).Named("spawnLabelled"))
		app.AddSystems(update, glue.Each1(func(_ glue.Entity, p *pos) { p.Y++ }).Named("moveAll"))
		app.AddSystems(glue.PostUpdate, Interest(func(c ClientID, _ glue.Entity, l *label) bool {
			asked.Store(c, true)
			return slices.Contains(allowed[c], l.Name)
		}))
	})
	tick := func() {
		if err := server.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	r1 := readRaw(t, srv.URL())
	r2 := readRaw(t, srv.URL())
	var view clientView
	client, cl := startClient(t, srv.URL(), ClientConfig{}, &view, nil)
	// The raw readers learn their IDs from the welcome on their own
	// goroutines: wait for both, or at load an ID read too early is 0 and
	// the test allows nothing to the real client behind it.
	var id1, id2 ClientID
	waitFor(t, "three clients", 10*time.Second, tick, func() bool {
		id1, _, _ = r1.snapshot()
		id2, _, _ = r2.snapshot()
		return len(srv.Clients()) == 3 && cl.ID() != 0 && id1 != 0 && id2 != 0
	})
	first := srv.Tick() + 1 // the first tick that decides with these
	allowed[id1] = []string{"a", "b"}
	allowed[id2] = []string{"c"}
	allowed[cl.ID()] = []string{"a", "b"}
	names := func() []string {
		var out []string
		for _, comps := range view.world {
			if l, ok := comps["net.label"].(label); ok {
				out = append(out, l.Name)
			}
		}
		slices.Sort(out)
		return out
	}
	hasScore := func() bool {
		_, ok := view.world[uint64(5)<<1|resourceBit]
		return ok
	}
	step := func() {
		tick()
		if err := client.Update(); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the client to show a and b", 10*time.Second, step, func() bool {
		return slices.Equal(names(), []string{"a", "b"}) && hasScore()
	})
	for range 30 {
		step()
	}
	if got := names(); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("the client shows %v; want a and b", got)
	}

	// Client 1 and the real client now see b and c, not a.
	flip := srv.Tick() + 1
	allowed[id1] = []string{"b", "c"}
	allowed[cl.ID()] = []string{"b", "c"}
	waitFor(t, "the client to show b and c", 10*time.Second, step, func() bool {
		return slices.Equal(names(), []string{"b", "c"}) && hasScore()
	})
	for range 30 {
		step()
	}

	check := func(name string, r *rawReader, before, after []string) {
		t.Helper()
		_, frames, err := r.snapshot()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(frames) < 10 {
			t.Fatalf("%s received %d states", name, len(frames))
		}
		for _, f := range frames {
			want := before
			switch {
			case f.tick < first:
				want = nil // nobody allowed anything yet: only the resource
			case after != nil && f.tick >= flip:
				want = after
			}
			want = append(slices.Clone(want), "score")
			slices.Sort(want)
			if !slices.Equal(f.has, want) {
				t.Errorf("%s at tick %d had %v (created %v); want %v", name, f.tick, f.has, f.created, want)
			}
		}
	}
	check("client 1", r1, []string{"a", "b"}, []string{"b", "c"})
	check("client 2", r2, []string{"c"}, nil)
	n := 0
	asked.Range(func(any, any) bool { n++; return true })
	if n != 3 {
		t.Errorf("the Interest system was asked about %d clients, want 3", n)
	}
}
