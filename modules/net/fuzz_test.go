//go:build !js

package net

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gluekit/glue/codec"
)

var updateSeeds = flag.Bool("net.update-seeds", false, "rewrite testdata/fuzz/FuzzDecode from fuzzSeeds")

// fuzzBase is the state the fuzzed messages are applied on: deltas with
// base tick 3 apply to it.
func fuzzBase(reg *codec.Registry) *state {
	return makeState(reg, 3, world{
		2: named(pos{1, 2}, vel{0, 1}),
		4: named(label{"brick"}, hp{2}),
		7: named(score{10}),
	})
}

// fuzzSeeds returns well-formed messages of every kind, plus a few broken
// ones, named.
func fuzzSeeds(reg *codec.Registry) map[string][]byte {
	base := fuzzBase(reg)
	next := makeState(reg, 6, world{
		2: named(pos{1.5, 2}, vel{0, 1}),
		4: named(label{"brick"}),
		6: named(pos{5, 5}, tag{}),
		7: named(score{11}),
	})
	delta, _ := appendDelta(nil, base, next)
	empty, _ := appendDelta(nil, next, makeState(reg, 9, world{}))
	pc, pp := encodeValue(reg, steer{-1})
	seeds := map[string][]byte{
		"welcome":          appendWelcome(nil, 42, "0123456789abcdef"),
		"snapshot":         appendSnapshot(nil, base),
		"snapshot-empty":   appendSnapshot(nil, &state{tick: 1}),
		"delta":            delta,
		"delta-remove-all": empty,
		"input":            appendInput(nil, 1, pc, pp),
		"keepalive":        appendHeader(nil, msgKeepAlive),
		"ack":              appendAck(nil, 6, 17),
		"stamped":          appendStamped(nil, 2, 17, pc, pp),
		"truncated-delta":  delta[:len(delta)/2],
		"bad-magic":        append([]byte("GN"), delta[2:]...),
		"huge-count":       append(appendHeader(nil, msgSnapshot), 1, 0xff, 0xff, 0xff, 0xff, 0x0f),
	}
	return seeds
}

// FuzzDecode feeds arbitrary bytes to the decoder, in both directions, and
// applies what parses to a mirror holding fuzzBase: nothing may panic, and
// a mirror that accepted a message must stay well-formed. Its seeds
// (testdata/fuzz/FuzzDecode and fuzzSeeds) run under plain go test.
func FuzzDecode(f *testing.F) {
	reg := testRegistry()
	if err := reg.Seal(); err != nil {
		f.Fatal(err)
	}
	for _, seed := range fuzzSeeds(reg) {
		f.Add(seed)
	}
	baseSnap := appendSnapshot(nil, fuzzBase(reg))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fromServer := range []bool{true, false} {
			fr, err := parseFrame(data, reg, fromServer)
			if err != nil {
				continue
			}
			if fr.typ != msgSnapshot && fr.typ != msgDelta {
				continue
			}
			m := newMirror()
			base, err := parseFrame(baseSnap, reg, true)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.apply(base); err != nil {
				t.Fatal(err)
			}
			before := m.world()
			if err := m.apply(fr); err != nil {
				if fmt.Sprint(m.world()) != fmt.Sprint(before) {
					t.Fatalf("rejected message changed the mirror: %v", err)
				}
				continue
			}
			for id, e := range m.ents {
				for i := 1; i < len(e.comps); i++ {
					if e.comps[i-1].c.ID() >= e.comps[i].c.ID() {
						t.Fatalf("entity %d: components out of order after apply", id)
					}
				}
				if len(e.comps) == 0 {
					t.Fatalf("entity %d has no components after apply", id)
				}
			}
		}
	})
}

// TestWriteFuzzSeeds rewrites the seed corpus when run with
// -net.update-seeds.
func TestWriteFuzzSeeds(t *testing.T) {
	if !*updateSeeds {
		t.Skip("run with -net.update-seeds to rewrite testdata/fuzz/FuzzDecode")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, seed := range fuzzSeeds(testRegistry()) {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", seed)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
