package net

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gluekit/glue/codec"
)

// Wire format. Every WebSocket message is one binary frame:
//
//	frame     = 'g' 'n' version:u8 type:u8 body
//	welcome   = client:uvarint n:uvarint token:n bytes           (type 1, server → client; n is 0 or 16)
//	snapshot  = tick:uvarint n:uvarint entity*n                  (type 2, server → client)
//	delta     = base:uvarint tick:uvarint                        (type 3, server → client)
//	            n:uvarint entity*n                               created
//	            n:uvarint changed*n                              changed
//	            n:uvarint id:uvarint*n                           removed
//	ack       = tick:uvarint stamp:uvarint                       (type 4, server → client)
//	relayed   = client:uvarint seat:uvarint n:uvarint payload:n  (type 5, server → client)
//	seated    = seat:uvarint                                     (type 6, server → client)
//	input     = seq:uvarint comp                                 (type 16, client → server)
//	keepalive = (empty)                                          (type 17, client → server)
//	stamped   = seq:uvarint stamp:uvarint comp                   (type 18, client → server)
//	relay     = n:uvarint payload:n bytes                        (type 19, client → server)
//	seat      = seat:uvarint n:uvarint key:n bytes               (type 20, client → server)
//	entity    = id:uvarint n:uvarint comp*n                      (n ≥ 1)
//	changed   = id:uvarint n:uvarint comp*n m:uvarint tid:uvarint*m  (n+m ≥ 1)
//	comp      = tid:uvarint version:u8 len:uvarint payload:len bytes
//
// Entity ids are strictly increasing within each section, type ids
// strictly increasing within each entity; a delta's tick is greater than
// its base, which must be the tick of the receiver's current state.
// Anything else — a bad header, an unknown type or version, a count larger
// than the bytes left, bytes left over — is an error.
const (
	magic0          = 'g'
	magic1          = 'n'
	protocolVersion = 1
	headerSize      = 4

	// subprotocol is the WebSocket subprotocol both ends require.
	subprotocol = "glue.net.v1"

	// resourceBit marks the ids of resources sent with SendResource: a
	// resource's id is its wire type id shifted left once, plus this bit;
	// entity ids are even.
	resourceBit = 1
)

type msgType uint8

const (
	msgWelcome   msgType = 1
	msgSnapshot  msgType = 2
	msgDelta     msgType = 3
	msgAck       msgType = 4 // predict.go
	msgRelayed   msgType = 5 // relay.go
	msgSeated    msgType = 6 // relay.go
	msgWatched   msgType = 7 // rollback_watch.go
	msgVacated   msgType = 8 // relay.go
	msgInput     msgType = 16
	msgKeepAlive msgType = 17
	msgStamped   msgType = 18 // predict.go
	msgRelay     msgType = 19 // relay.go
	msgSeat      msgType = 20 // relay.go
	msgWatch     msgType = 21 // rollback_watch.go
	msgDrop      msgType = 22 // relay.go
)

func (t msgType) String() string {
	switch t {
	case msgWelcome:
		return "welcome"
	case msgSnapshot:
		return "snapshot"
	case msgDelta:
		return "delta"
	case msgInput:
		return "input"
	case msgKeepAlive:
		return "keepalive"
	case msgAck:
		return "ack"
	case msgStamped:
		return "stamped input"
	case msgRelay, msgRelayed:
		return "relay"
	case msgSeat:
		return "seat claim"
	case msgSeated:
		return "seat grant"
	case msgWatch, msgWatched:
		return "watch"
	case msgDrop:
		return "seat drop"
	case msgVacated:
		return "seat vacated"
	}
	return fmt.Sprintf("message type %d", uint8(t))
}

func resourceID(c *codec.Codec) uint64 { return uint64(c.ID())<<1 | resourceBit }

func isResourceID(id uint64) bool { return id&resourceBit != 0 }

func appendHeader(dst []byte, t msgType) []byte {
	return append(dst, magic0, magic1, protocolVersion, byte(t))
}

// compValue is one decoded component, resource or input value.
type compValue struct {
	c *codec.Codec
	v any
}

// entUpdate is one entity of a parsed frame: the components it has (or
// that changed) and, in a delta's changed section, the ones it lost.
type entUpdate struct {
	id    uint64
	set   []compValue
	unset []*codec.Codec
}

// frame is a parsed message.
type frame struct {
	typ     msgType
	client  uint64      // welcome; relayed, seat vacated: the client (relay.go)
	token   string      // welcome: the reconnection token, or ""
	base    uint64      // delta
	tick    uint64      // snapshot, delta
	ents    []entUpdate // snapshot: every entity; delta: created, then changed
	created int         // delta: ents[:created] are created
	removed []uint64    // delta
	seq     uint64      // input, stamped input
	input   compValue   // input, stamped input
	stamp   uint64      // stamped input: the client's tick; ack: the last stamp applied by tick
	seat    int         // seat claim, grant, drop and vacated, relayed: the rollback seat (relay.go)
	watched []string    // watched: the payloads for watchers (rollback_watch.go)
	why     int         // seat vacated: why (relay.go: vacatedLeft, vacatedDropped)
}

// parseFrame decodes and checks one message. fromServer says which
// direction it travelled, and so which message types are allowed. It never
// sizes anything from a count it has not checked against the bytes left.
func parseFrame(data []byte, reg *codec.Registry, fromServer bool) (*frame, error) {
	if len(data) < headerSize {
		return nil, fmt.Errorf("net: message of %d bytes is shorter than the %d-byte header", len(data), headerSize)
	}
	if data[0] != magic0 || data[1] != magic1 {
		return nil, errors.New("net: message does not start with the glue magic bytes")
	}
	if data[2] != protocolVersion {
		return nil, fmt.Errorf("net: protocol version %d, want %d", data[2], protocolVersion)
	}
	f := &frame{typ: msgType(data[3])}
	r := codec.NewReader(data[headerSize:])
	var err error
	switch {
	case fromServer && f.typ == msgWelcome:
		f.client = r.Uvarint()
		f.token = string(r.BlobView())
		if r.Err() == nil && len(f.token) != 0 && len(f.token) != tokenSize {
			err = fmt.Errorf("token of %d bytes, want 0 or %d", len(f.token), tokenSize)
		}
	case fromServer && f.typ == msgSnapshot:
		f.tick = r.Uvarint()
		f.ents, err = parseEntities(r, reg)
	case fromServer && f.typ == msgDelta:
		err = parseDelta(r, reg, f)
	case !fromServer && f.typ == msgInput:
		f.seq = r.Uvarint()
		if r.Err() == nil && f.seq == 0 {
			err = errors.New("net: input sequence number 0; they start at 1")
			break
		}
		f.input, err = parseComp(r, reg)
	case !fromServer && f.typ == msgKeepAlive:
	case fromServer && f.typ == msgAck:
		err = parseAck(r, f)
	case !fromServer && f.typ == msgStamped:
		err = parseStamped(r, reg, f)
	case !fromServer && f.typ == msgRelay:
		f.token = string(r.BlobView()) // the payload, relayed as it is (relay.go)
	case fromServer && f.typ == msgRelayed:
		f.client = r.Uvarint()
		f.seat, err = parseSeat(r)
		f.token = string(r.BlobView())
	case fromServer && f.typ == msgSeated, !fromServer && f.typ == msgDrop:
		f.seat, err = parseSeat(r)
	case fromServer && f.typ == msgVacated:
		f.client = r.Uvarint()
		f.seat, err = parseSeat(r)
		f.why = int(r.Uvarint())
	case !fromServer && f.typ == msgWatch:
		f.token = string(r.BlobView()) // the payload, for watchers (rollback_watch.go)
	case fromServer && f.typ == msgWatched:
		f.watched, err = parseWatched(r)
	case !fromServer && f.typ == msgSeat:
		f.seat, err = parseSeat(r)
		f.token = string(r.BlobView()) // the seat's key (ServerConfig.SeatKeys)
		if r.Err() == nil && len(f.token) > maxSeatKey {
			err = fmt.Errorf("seat key of %d bytes, at most %d", len(f.token), maxSeatKey)
		}
	default:
		from := "client"
		if fromServer {
			from = "server"
		}
		return nil, fmt.Errorf("net: unexpected %v from the %s", f.typ, from)
	}
	if err == nil {
		err = r.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("net: bad %v: %w", f.typ, err)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("net: bad %v: %d bytes left over", f.typ, r.Len())
	}
	return f, nil
}

func parseDelta(r *codec.Reader, reg *codec.Registry, f *frame) error {
	f.base = r.Uvarint()
	f.tick = r.Uvarint()
	if r.Err() == nil && f.tick <= f.base {
		return fmt.Errorf("net: tick %d is not after base tick %d", f.tick, f.base)
	}
	ents, err := parseEntities(r, reg)
	if err != nil {
		return fmt.Errorf("created: %w", err)
	}
	f.created = len(ents)
	n := r.Count(4)
	var last uint64
	for i := range n {
		u := entUpdate{id: r.Uvarint()}
		if r.Err() != nil {
			return r.Err()
		}
		if i > 0 && u.id <= last {
			return fmt.Errorf("changed: entity %d after %d; ids must increase", u.id, last)
		}
		last = u.id
		if u.set, err = parseComps(r, reg, 0); err != nil {
			return fmt.Errorf("changed: entity %d: %w", u.id, err)
		}
		m := r.Count(1)
		u.unset = make([]*codec.Codec, 0, min(m, 16))
		var lastTid uint64
		for j := range m {
			tid := r.Uvarint()
			if r.Err() != nil {
				return r.Err()
			}
			if tid > 0xffff {
				return fmt.Errorf("changed: entity %d: type id %d out of range", u.id, tid)
			}
			if j > 0 && tid <= lastTid {
				return fmt.Errorf("changed: entity %d: removed type %d after %d; type ids must increase", u.id, tid, lastTid)
			}
			lastTid = tid
			c := reg.ByID(uint16(tid))
			if c == nil {
				return fmt.Errorf("changed: entity %d: removed type id %d is not registered here", u.id, tid)
			}
			for _, s := range u.set {
				if s.c == c {
					return fmt.Errorf("changed: entity %d: type %s both set and removed", u.id, c.Name())
				}
			}
			u.unset = append(u.unset, c)
		}
		if r.Err() != nil {
			return r.Err()
		}
		if len(u.set)+len(u.unset) == 0 {
			return fmt.Errorf("changed: entity %d changes nothing", u.id)
		}
		ents = append(ents, u)
	}
	if r.Err() != nil {
		return r.Err()
	}
	f.ents = ents
	n = r.Count(1)
	f.removed = make([]uint64, 0, min(n, 64))
	changed := f.ents[f.created:]
	for i := range n {
		id := r.Uvarint()
		if r.Err() != nil {
			return r.Err()
		}
		if i > 0 && id <= last {
			return fmt.Errorf("removed: entity %d after %d; ids must increase", id, last)
		}
		last = id
		for len(changed) > 0 && changed[0].id < id {
			changed = changed[1:]
		}
		if len(changed) > 0 && changed[0].id == id {
			return fmt.Errorf("entity %d both changed and removed", id)
		}
		f.removed = append(f.removed, id)
	}
	return r.Err()
}

// parseEntities reads a count and that many entities with at least one
// component each, ids increasing.
func parseEntities(r *codec.Reader, reg *codec.Registry) ([]entUpdate, error) {
	n := r.Count(5)
	ents := make([]entUpdate, 0, min(n, 64))
	for i := range n {
		u := entUpdate{id: r.Uvarint()}
		if r.Err() != nil {
			return nil, r.Err()
		}
		if i > 0 && u.id <= ents[i-1].id {
			return nil, fmt.Errorf("entity %d after %d; ids must increase", u.id, ents[i-1].id)
		}
		var err error
		if u.set, err = parseComps(r, reg, 1); err != nil {
			return nil, fmt.Errorf("entity %d: %w", u.id, err)
		}
		ents = append(ents, u)
	}
	return ents, r.Err()
}

// parseComps reads a count (at least least) and that many components, type
// ids increasing.
func parseComps(r *codec.Reader, reg *codec.Registry, least int) ([]compValue, error) {
	n := r.Count(3)
	if r.Err() != nil {
		return nil, r.Err()
	}
	if n < least {
		return nil, fmt.Errorf("%d components, want at least %d", n, least)
	}
	comps := make([]compValue, 0, min(n, 16))
	for i := range n {
		cv, err := parseComp(r, reg)
		if err != nil {
			return nil, err
		}
		if i > 0 && cv.c.ID() <= comps[i-1].c.ID() {
			return nil, fmt.Errorf("type id %d after %d; type ids must increase", cv.c.ID(), comps[i-1].c.ID())
		}
		comps = append(comps, cv)
	}
	return comps, nil
}

// parseComp reads one type id, version and payload and decodes the payload
// with the registered codec.
func parseComp(r *codec.Reader, reg *codec.Registry) (compValue, error) {
	tid := r.Uvarint()
	ver := r.Uint8()
	payload := r.BlobView()
	if r.Err() != nil {
		return compValue{}, r.Err()
	}
	if tid > 0xffff {
		return compValue{}, fmt.Errorf("type id %d out of range", tid)
	}
	c, err := reg.ByWire(uint16(tid), ver)
	if err != nil {
		return compValue{}, err
	}
	v, err := c.Decode(codec.NewReader(payload))
	if err != nil {
		return compValue{}, err
	}
	return compValue{c: c, v: v}, nil
}

// writeComp writes one component: type id, version and payload.
func writeComp(w *codec.Writer, c *codec.Codec, payload []byte) {
	w.Uvarint(uint64(c.ID()))
	w.Uint8(c.Version())
	w.Blob(payload)
}

// appendWelcome writes a welcome message.
func appendWelcome(dst []byte, client uint64, token string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgWelcome))
	w.Uvarint(client)
	w.Blob([]byte(token))
	return w.Data()
}

// appendInput writes an input message with an encoded payload.
func appendInput(dst []byte, seq uint64, c *codec.Codec, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgInput))
	w.Uvarint(seq)
	writeComp(w, c, payload)
	return w.Data()
}

// state is what the server sent at one tick: the entities (and resources)
// with their encoded components, sorted by id and, within an entity, by
// type id. A published state is immutable.
type state struct {
	tick  uint64
	ents  []stEnt
	comps []stComp
	data  []byte
}

type stEnt struct {
	id     uint64
	lo, hi int32 // comps[lo:hi]
}

type stComp struct {
	c      *codec.Codec
	off, n int32 // data[off:off+n]
}

func (s *state) payload(c stComp) []byte { return s.data[c.off : c.off+c.n] }

func (s *state) writeEntity(w *codec.Writer, e stEnt) {
	w.Uvarint(e.id)
	w.Uvarint(uint64(e.hi - e.lo))
	for _, c := range s.comps[e.lo:e.hi] {
		writeComp(w, c.c, s.payload(c))
	}
}

// appendSnapshot writes s as a snapshot message.
func appendSnapshot(dst []byte, s *state) []byte {
	w := codec.NewWriter(appendHeader(dst, msgSnapshot))
	w.Uvarint(s.tick)
	w.Uvarint(uint64(len(s.ents)))
	for _, e := range s.ents {
		s.writeEntity(w, e)
	}
	return w.Data()
}

// appendDelta writes the delta message that turns old into cur, and
// reports whether it changes anything. It makes two passes, counting and
// then writing, and allocates only by growing dst.
func appendDelta(dst []byte, old, cur *state) ([]byte, bool) {
	var nCreated, nChanged, nRemoved int
	walkDelta(old, cur, func(k diffKind, o, c stEnt) {
		switch k {
		case diffCreated:
			nCreated++
		case diffChanged:
			nChanged++
		case diffRemoved:
			nRemoved++
		}
	})
	w := codec.NewWriter(appendHeader(dst, msgDelta))
	w.Uvarint(old.tick)
	w.Uvarint(cur.tick)
	w.Uvarint(uint64(nCreated))
	walkDelta(old, cur, func(k diffKind, _, c stEnt) {
		if k == diffCreated {
			cur.writeEntity(w, c)
		}
	})
	w.Uvarint(uint64(nChanged))
	walkDelta(old, cur, func(k diffKind, o, c stEnt) {
		if k != diffChanged {
			return
		}
		w.Uvarint(c.id)
		var nSet, nUnset int
		walkComps(old, cur, o, c, func(oc, cc *stComp) {
			if cc != nil {
				nSet++
			} else {
				nUnset++
			}
		})
		w.Uvarint(uint64(nSet))
		walkComps(old, cur, o, c, func(oc, cc *stComp) {
			if cc != nil {
				writeComp(w, cc.c, cur.payload(*cc))
			}
		})
		w.Uvarint(uint64(nUnset))
		walkComps(old, cur, o, c, func(oc, cc *stComp) {
			if cc == nil {
				w.Uvarint(uint64(oc.c.ID()))
			}
		})
	})
	w.Uvarint(uint64(nRemoved))
	walkDelta(old, cur, func(k diffKind, o, _ stEnt) {
		if k == diffRemoved {
			w.Uvarint(o.id)
		}
	})
	return w.Data(), nCreated+nChanged+nRemoved > 0
}

type diffKind uint8

const (
	diffCreated diffKind = iota
	diffChanged
	diffRemoved
)

// walkDelta merges the sorted entity lists of old and cur and calls fn for
// every entity created, changed (some component differs) or removed.
func walkDelta(old, cur *state, fn func(k diffKind, o, c stEnt)) {
	i, j := 0, 0
	for i < len(old.ents) || j < len(cur.ents) {
		switch {
		case j == len(cur.ents) || (i < len(old.ents) && old.ents[i].id < cur.ents[j].id):
			fn(diffRemoved, old.ents[i], stEnt{})
			i++
		case i == len(old.ents) || cur.ents[j].id < old.ents[i].id:
			fn(diffCreated, stEnt{}, cur.ents[j])
			j++
		default:
			o, c := old.ents[i], cur.ents[j]
			if entChanged(old, cur, o, c) {
				fn(diffChanged, o, c)
			}
			i++
			j++
		}
	}
}

func entChanged(old, cur *state, o, c stEnt) bool {
	changed := false
	walkComps(old, cur, o, c, func(_, _ *stComp) { changed = true })
	return changed
}

// walkComps merges the sorted components of one entity in old and cur and
// calls fn for each that differs: oc == nil when it is new, cc == nil when
// it is gone, both set when its bytes changed.
func walkComps(old, cur *state, o, c stEnt, fn func(oc, cc *stComp)) {
	ocs, ccs := old.comps[o.lo:o.hi], cur.comps[c.lo:c.hi]
	i, j := 0, 0
	for i < len(ocs) || j < len(ccs) {
		switch {
		case j == len(ccs) || (i < len(ocs) && ocs[i].c.ID() < ccs[j].c.ID()):
			fn(&ocs[i], nil)
			i++
		case i == len(ocs) || ccs[j].c.ID() < ocs[i].c.ID():
			fn(nil, &ccs[j])
			j++
		default:
			if !bytes.Equal(old.payload(ocs[i]), cur.payload(ccs[j])) {
				fn(&ocs[i], &ccs[j])
			}
			i++
			j++
		}
	}
}
