//go:build !js

package net

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue/codec"
)

// encodeValue encodes a value of a registered test type.
func encodeValue(reg *codec.Registry, v any) (*codec.Codec, []byte) {
	var w codec.Writer
	switch v := v.(type) {
	case pos:
		return encodeWith(reg, &v, &w)
	case vel:
		return encodeWith(reg, &v, &w)
	case label:
		return encodeWith(reg, &v, &w)
	case hp:
		return encodeWith(reg, &v, &w)
	case score:
		return encodeWith(reg, &v, &w)
	case steer:
		return encodeWith(reg, &v, &w)
	case tag:
		return encodeWith(reg, &v, &w)
	}
	panic(fmt.Sprintf("no test codec for %T", v))
}

// encodeWith encodes v with its registered codec.
func encodeWith[T any](reg *codec.Registry, v *T, w *codec.Writer) (*codec.Codec, []byte) {
	c, enc, err := codec.Of[T](reg)
	if err != nil {
		panic(err)
	}
	enc(v, w)
	return c, w.Data()
}

// world is a test's view of a replicated state: id → type name → value.
type world map[uint64]map[string]any

// makeState builds a server state from a world, the way publish does.
func makeState(reg *codec.Registry, tick uint64, w world) *state {
	s := &server{reg: reg}
	s.tick.Store(tick)
	for id, comps := range w {
		for _, v := range comps {
			c, p := encodeValue(reg, v)
			off := s.buf.Len()
			s.buf.Raw(p)
			s.recs = append(s.recs, rec{id: id, c: c, off: int32(off), n: int32(len(p))})
		}
	}
	st := s.build()
	return &state{tick: st.tick, ents: slices.Clone(st.ents), comps: slices.Clone(st.comps), data: slices.Clone(st.data)}
}

func (m *mirror) world() world {
	w := world{}
	for id, e := range m.ents {
		w[id] = map[string]any{}
		for _, cv := range e.comps {
			w[id][cv.c.Name()] = cv.v
		}
	}
	return w
}

func named(vals ...any) map[string]any {
	m := map[string]any{}
	for _, v := range vals {
		m[reflect.TypeOf(v).String()] = v
	}
	return m
}

func mustApply(t *testing.T, reg *codec.Registry, m *mirror, msg []byte) {
	t.Helper()
	f, err := parseFrame(msg, reg, true)
	if err != nil {
		t.Fatalf("parseFrame: %v", err)
	}
	if err := m.apply(f); err != nil {
		t.Fatalf("apply: %v", err)
	}
}

func TestSnapshotAndDeltaRoundTrip(t *testing.T) {
	reg := testRegistry()
	w1 := world{
		2: named(pos{1, 2}, vel{3, 4}),
		4: named(label{"brick"}, hp{3}),
		6: named(tag{}),
	}
	w2 := world{
		2:  named(pos{1.5, 2}, vel{3, 4}), // pos changed
		4:  named(label{"brick"}),         // hp removed
		8:  named(pos{9, 9}),              // created
		11: named(score{7}),               // a resource
	}
	s1, s2 := makeState(reg, 10, w1), makeState(reg, 13, w2)

	m := newMirror()
	mustApply(t, reg, m, appendSnapshot(nil, s1))
	if !reflect.DeepEqual(m.world(), w1) || m.tick != 10 {
		t.Fatalf("after snapshot: tick %d, world %v; want 10, %v", m.tick, m.world(), w1)
	}
	delta, changed := appendDelta(nil, s1, s2)
	if !changed {
		t.Fatal("appendDelta reports no change")
	}
	f, err := parseFrame(delta, reg, true)
	if err != nil {
		t.Fatal(err)
	}
	if f.created != 2 || len(f.ents) != 4 || !slices.Equal(f.removed, []uint64{6}) {
		t.Errorf("delta: %d created, %d created+changed, removed %v; want 2, 4, [6]", f.created, len(f.ents), f.removed)
	}
	changedEnt := f.ents[2] // entity 2: only pos sent
	if changedEnt.id != 2 || len(changedEnt.set) != 1 || changedEnt.set[0].v != (pos{1.5, 2}) {
		t.Errorf("changed entity 2 = %+v, want only pos{1.5 2}", changedEnt)
	}
	if err := m.apply(f); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.world(), w2) || m.tick != 13 {
		t.Fatalf("after delta: tick %d, world %v; want 13, %v", m.tick, m.world(), w2)
	}
	// A second snapshot over an existing mirror converges too.
	m2 := newMirror()
	mustApply(t, reg, m2, appendSnapshot(nil, s1))
	mustApply(t, reg, m2, appendSnapshot(nil, s2))
	if !reflect.DeepEqual(m2.world(), w2) {
		t.Fatalf("snapshot over snapshot: %v, want %v", m2.world(), w2)
	}
	// No change, no delta.
	if _, changed := appendDelta(nil, s2, makeState(reg, 16, w2)); changed {
		t.Error("appendDelta between equal states reports a change")
	}
}

func TestMirrorRejectsOutOfOrder(t *testing.T) {
	reg := testRegistry()
	s0 := &state{}
	s1 := makeState(reg, 3, world{2: named(pos{1, 1})})
	s2 := makeState(reg, 6, world{2: named(pos{2, 2})})
	s3 := makeState(reg, 9, world{})
	d12, _ := appendDelta(nil, s1, s2)
	d01, _ := appendDelta(nil, s0, s1)
	d23, _ := appendDelta(nil, s2, s3)

	cases := []struct {
		name string
		msgs [][]byte
		want string
	}{
		{"delta skips a state", [][]byte{appendSnapshot(nil, s1), d23}, "out of order"},
		{"delta replayed", [][]byte{appendSnapshot(nil, s1), d12, d12}, "out of order"},
		{"creates an existing entity", [][]byte{appendSnapshot(nil, s1), relabel(d01, 3, 6)}, "which exists"},
		{"changes a missing entity", [][]byte{appendSnapshot(nil, s3), relabel(d12, 9, 10)}, "does not exist"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMirror()
			var err error
			for _, msg := range tc.msgs {
				var f *frame
				if f, err = parseFrame(msg, reg, true); err != nil {
					t.Fatalf("parseFrame: %v", err)
				}
				if err = m.apply(f); err != nil {
					break
				}
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// relabel rewrites a delta's base and tick (both one-byte varints here).
func relabel(delta []byte, base, tick byte) []byte {
	d := slices.Clone(delta)
	d[headerSize], d[headerSize+1] = base, tick
	return d
}

func TestParseFrameRejects(t *testing.T) {
	reg := testRegistry()
	good := makeState(reg, 5, world{2: named(pos{1, 2}), 4: named(hp{1})})
	snap := appendSnapshot(nil, good)
	comp := func(tid uint64, ver uint8, payload ...byte) []byte {
		return wireComp(reg, tid, ver, payload...)
	}
	snapshotOf := func(ents ...[]byte) []byte {
		w := codec.NewWriter(appendHeader(nil, msgSnapshot))
		w.Uvarint(5)
		w.Uvarint(uint64(len(ents)))
		for _, e := range ents {
			w.Raw(e)
		}
		return w.Data()
	}
	entity := func(id uint64, comps ...[]byte) []byte {
		var w codec.Writer
		w.Uvarint(id)
		w.Uvarint(uint64(len(comps)))
		for _, c := range comps {
			w.Raw(c)
		}
		return w.Data()
	}
	hp1 := comp(4, 1, 2)
	input := func(seq uint64, c []byte) []byte {
		w := codec.NewWriter(appendHeader(nil, msgInput))
		w.Uvarint(seq)
		w.Raw(c)
		return w.Data()
	}
	cases := []struct {
		name       string
		msg        []byte
		fromServer bool
		want       string
	}{
		{"empty", nil, true, "shorter than"},
		{"bad magic", []byte("xx\x01\x02"), true, "magic"},
		{"bad version", []byte("gn\x09\x02"), true, "protocol version 9"},
		{"unknown type from server", []byte("gn\x01\x63"), true, "unexpected message type 99 from the server"},
		{"input from server", input(1, hp1), true, "unexpected input from the server"},
		{"snapshot from client", snap, false, "unexpected snapshot from the client"},
		{"truncated snapshot", snap[:len(snap)-1], true, "entity 4: codec: data truncated: blob needs 1 byte at offset"},
		{"trailing byte", append(slices.Clone(snap), 0), true, "1 bytes left over"},
		{"huge count", snapshotOf()[:headerSize+1], true, "data truncated: uvarint at offset 1, 0 bytes left"},
		{"count larger than message", append(appendHeader(nil, msgSnapshot), 5, 0xff, 0xff, 0x03), true, "data truncated: 65535 elements of at least 5 bytes at offset 4, 0 bytes left"},
		{"unknown type id", snapshotOf(entity(2, comp(77, 1))), true, "unknown type id 77"},
		{"wrong version", snapshotOf(entity(2, comp(3, wrongVersion, 0))), true, "arrived with version 238, but version"},
		{"type id out of range", snapshotOf(entity(2, comp(70000, 1))), true, "out of range"},
		{"decoder error", snapshotOf(entity(2, comp(4, 1, 5))), true, "negative hp"},
		{"payload too short", snapshotOf(entity(2, comp(1, 1, 1, 2, 3))), true, "entity 2: codec: decoding net.pos: data truncated: float32 needs 4 bytes at offset 0, 3 left"},
		{"payload too long", snapshotOf(entity(2, comp(4, 1, 2, 2))), true, "left unread"},
		{"entity without components", snapshotOf(entity(2), entity(4, comp(3, 2, 8, 'l', 'o', 'n', 'g', 'n', 'a', 'm', 'e'))), true, "want at least 1"},
		{"ids not increasing", snapshotOf(entity(4, hp1), entity(2, hp1)), true, "ids must increase"},
		{"duplicate id", snapshotOf(entity(2, hp1), entity(2, hp1)), true, "ids must increase"},
		{"type ids not increasing", snapshotOf(entity(2, comp(1, 1, 0, 0, 0, 0, 0, 0, 0, 0), hp1)), true, "type ids must increase"},
		{"delta tick not after base", append(appendHeader(nil, msgDelta), 5, 5, 0, 0, 0), true, "not after base"},
		{"delta changes nothing", append(appendHeader(nil, msgDelta), 1, 2, 0, 1, 2, 0, 0, 0), true, "changes nothing"},
		{"delta sets and removes a type", append(append(append(appendHeader(nil, msgDelta), 1, 2, 0, 1, 2, 1), hp1...), 1, byte(reg.ByName("net.hp").ID()), 0), true, "both set and removed"},
		{"delta changes and removes an entity", append(append(append(appendHeader(nil, msgDelta), 1, 2, 0, 1, 2, 1), hp1...), 0, 1, 2), true, "both changed and removed"},
		{"delta removes unregistered type", append(appendHeader(nil, msgDelta), 1, 2, 0, 1, 2, 0, 1, 99, 0), true, "not registered"},
		{"input seq 0", input(0, hp1), false, "start at 1"},
		{"input unknown type", input(1, comp(77, 1)), false, "unknown type id 77"},
		{"input bad value", input(1, comp(6, 1, 9)), false, "direction out of range"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parseFrame(tc.msg, reg, tc.fromServer)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parseFrame = %+v, %v; want an error containing %q", f, err, tc.want)
			}
		})
	}
	// The well-formed messages built the same way parse.
	for _, msg := range [][]byte{snap, snapshotOf(entity(2, hp1), entity(4, hp1)), appendHeader(nil, msgKeepAlive), input(1, comp(6, 1, 0xff))} {
		if _, err := parseFrame(msg, reg, msg[3] < 16); err != nil {
			t.Errorf("parseFrame(% x) = %v, want no error", msg, err)
		}
	}
}

// wrongVersion is a version byte wireComp writes as it is.
const wrongVersion = 238

// wireComp writes a component of the test type that had the wire id tid
// when ids were numbered by hand — pos 1, vel 2, label 3, hp 4, score 5,
// steer 6 — with its wire id and version in reg (the version as given if
// it is wrongVersion), and the payload; other ids are written as they are.
func wireComp(reg *codec.Registry, tid uint64, ver uint8, payload ...byte) []byte {
	names := map[uint64]string{1: "net.pos", 2: "net.vel", 3: "net.label", 4: "net.hp", 5: "net.score", 6: "net.steer"}
	if c := reg.ByName(names[tid]); c != nil {
		tid = uint64(c.ID())
		if ver != wrongVersion {
			ver = c.Version()
		}
	}
	var w codec.Writer
	w.Uvarint(tid)
	w.Uint8(ver)
	w.Blob(payload)
	return w.Data()
}
