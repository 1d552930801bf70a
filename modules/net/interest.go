//go:build !js

package net

import (
	"reflect"
	"slices"

	"github.com/gluekit/glue"
)

// Interest management: a server may decide per client which entities it
// sees ([Interest]). Entities no Interest system matches are sent to
// every client. For each send tick the Interest systems record which
// clients may not see which entities; the publish system turns that into
// a view, published with the state; each connection's writer sends its
// client the state without the entities hidden from it — a snapshot or a
// delta computed for that client, so that an entity hidden from a client
// is never in any message to it, and one that becomes visible (or
// hidden) is created (or removed) on the client by the next delta.

// serverInterest is what the Interest systems recorded this send tick
// (the game loop's).
type serverInterest struct {
	tick    uint64        // the send tick of the records
	clients []ClientID    // the clients asked about, sorted
	matched []glue.Entity // entities an Interest system matched
	hidden  []hideRec     // (entity, client) pairs it hid
	prev    *interestView // the last view published
}

type hideRec struct {
	e glue.Entity
	c ClientID
}

// interestView is which entities each client may not see in one
// published state: immutable once published.
type interestView struct {
	filtered []uint64              // network ids of the entities an Interest system matched, sorted
	decided  []ClientID            // the clients asked, sorted; others see none of the filtered
	hidden   map[ClientID][]uint64 // per client asked, the filtered ids hidden from it, sorted
}

// begin starts recording for the current send tick: it notes the
// connected clients.
func (in *serverInterest) begin(s *server) {
	in.tick = s.tick.Load()
	in.matched, in.hidden = in.matched[:0], in.hidden[:0]
	in.clients = in.clients[:0]
	s.mu.Lock()
	for id := range s.conns {
		in.clients = append(in.clients, id)
	}
	s.mu.Unlock()
	slices.Sort(in.clients)
}

// buildView turns this send tick's records into the view published with
// cur (nil when no Interest system matched any entity), and reports
// whether it differs from the last published view.
func (s *server) buildView(cur *state) (*interestView, bool) {
	in := &s.interest
	if in.tick != cur.tick || len(in.matched) == 0 {
		changed := in.prev != nil
		in.prev = nil
		return nil, changed
	}
	v := &interestView{decided: slices.Clone(in.clients), hidden: map[ClientID][]uint64{}}
	for _, e := range in.matched {
		if n, ok := s.netIDs[e]; ok && n.tick == cur.tick {
			v.filtered = append(v.filtered, n.id)
		}
	}
	slices.Sort(v.filtered)
	v.filtered = slices.Compact(v.filtered)
	for _, h := range in.hidden {
		if n, ok := s.netIDs[h.e]; ok && n.tick == cur.tick {
			v.hidden[h.c] = append(v.hidden[h.c], n.id)
		}
	}
	for c, ids := range v.hidden {
		slices.Sort(ids)
		v.hidden[c] = slices.Compact(ids)
	}
	in.matched, in.hidden = in.matched[:0], in.hidden[:0]
	changed := !v.equal(in.prev)
	in.prev = v
	return v, changed
}

func (v *interestView) equal(w *interestView) bool {
	if w == nil || !slices.Equal(v.filtered, w.filtered) || !slices.Equal(v.decided, w.decided) || len(v.hidden) != len(w.hidden) {
		return false
	}
	for c, ids := range v.hidden {
		if !slices.Equal(ids, w.hidden[c]) {
			return false
		}
	}
	return true
}

// stateFor returns what client c may see of st: st itself when nothing is
// hidden from c, else a state without the hidden entities (sharing st's
// components and data). A client not asked sees none of the filtered
// entities.
func (v *interestView) stateFor(c ClientID, st *state) *state {
	hide := v.filtered
	if _, asked := slices.BinarySearch(v.decided, c); asked {
		hide = v.hidden[c]
	}
	if len(hide) == 0 {
		return st
	}
	out := &state{tick: st.tick, comps: st.comps, data: st.data, ents: make([]stEnt, 0, len(st.ents))}
	i := 0
	for _, e := range st.ents {
		for i < len(hide) && hide[i] < e.id {
			i++
		}
		if i < len(hide) && hide[i] == e.id {
			continue
		}
		out.ents = append(out.ents, e)
	}
	return out
}

// Interest returns a server system that decides which clients see the
// entities with component C: on every send tick it calls visible(client,
// e, &c) for each such entity and each connected client, and an entity
// is sent to a client only while visible returns true (the server's
// interest management: fog of war, distance, teams). An entity that
// becomes visible to a client is created on it by the next delta; one
// that stops being visible is removed from it. A client that connects
// between two send ticks sees none of these entities until the next send
// tick asks about it. Entities no Interest system matches are sent to
// every client; an entity that several match is sent where all agree.
// Resources are always sent.
//
// visible runs in the game loop, in the system's stage: it may read what
// the game keeps for it, and costs clients × entities calls per send
// tick. Clients that see less than the whole state each get a delta
// computed for them instead of the shared one. Filter the system like
// any entity system (With, Without). Add it to glue.PostUpdate with the
// Send systems; it writes the [Server] resource and only reads C. Its
// name is "net.Interest[C]".
func Interest[C any](visible func(client ClientID, e glue.Entity, c *C) bool) *glue.System {
	return glue.Each1P(func(e glue.Entity, v *C, srv glue.ResMut[Server]) {
		s := srv.Get().s
		if !s.collecting {
			return
		}
		in := &s.interest
		if in.tick != s.tick.Load() {
			in.begin(s)
		}
		in.matched = append(in.matched, e)
		for _, c := range in.clients {
			if !visible(c, e, v) {
				in.hidden = append(in.hidden, hideRec{e: e, c: c})
			}
		}
	}).TypeArgs(reflect.TypeFor[C]())
}
