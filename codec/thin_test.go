package codec

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Types for TestCodersByKind: a derived one with a default and a
// check, and a pointer-shaped one (its only field left out), which an
// interface holds in its data word.
type (
	gauge struct {
		Level, Max int
	}
	handle struct {
		p *int `codec:"-"`
	}
)

func (g *gauge) Validate() error {
	if g.Level > g.Max {
		return errors.New("level over max")
	}
	return nil
}

// TestCodersByKind encodes and decodes a value of each kind of codec —
// its own methods, a derived plan, a single raw run, RegisterFunc, a
// pointer-shaped type — by pointer and by value through Codec.Encode and
// Codec.Decode, and through the typed encoder of Of: the paths that
// Register's non-generic registration (issue #40) serves.
func TestCodersByKind(t *testing.T) {
	reg := NewRegistry()
	registerTestTypes(reg)
	Register[gauge](reg, Default(gauge{Max: 10}), Only("Level"))
	Register[handle](reg)
	if err := reg.Seal(); err != nil {
		t.Fatal(err)
	}
	roundTrip := func(v, ptr, want any) {
		t.Helper()
		c := reg.ByName(fmt.Sprintf("%T", v))
		if c == nil {
			t.Fatalf("%T not registered", v)
		}
		for _, in := range []any{v, ptr} {
			var w Writer
			if err := c.Encode(in, &w); err != nil {
				t.Fatalf("Encode(%T): %v", in, err)
			}
			got, err := c.Decode(NewReader(w.Data()))
			if err != nil || got != want {
				t.Errorf("Encode(%T) then Decode = %#v, %v; want %#v", in, got, err, want)
			}
		}
	}
	roundTrip(pos{1, 2}, &pos{1, 2}, pos{1, 2})                                     // own methods
	roundTrip(label{"a"}, &label{"a"}, label{"a"})                                  // derived
	roundTrip(vel{3, 4}, &vel{3, 4}, vel{3, 4})                                     // one raw run
	roundTrip(hp{7}, &hp{7}, hp{7})                                                 // RegisterFunc
	roundTrip(gauge{Level: 4, Max: 99}, &gauge{Level: 4}, gauge{Level: 4, Max: 10}) // Only: Max from Default
	x := 1
	roundTrip(handle{&x}, &handle{&x}, handle{}) // pointer-shaped, its field left out

	// Validate runs on decoded values.
	var w Writer
	w.Int(11)
	if _, err := reg.ByName("codec.gauge").Decode(NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "level over max") {
		t.Errorf("Decode of a gauge over its max: %v, want Validate's error", err)
	}
	// A nil pointer and another type are errors.
	if err := reg.ByName("codec.pos").Encode((*pos)(nil), &w); err == nil {
		t.Error("Encode of a nil *pos: no error")
	}
	if err := reg.ByName("codec.pos").Encode(nil, &w); err == nil {
		t.Error("Encode of nil: no error")
	}
	// Of's typed encoder writes what Encode writes.
	for _, v := range []pos{{5, 6}} {
		_, enc, err := Of[pos](reg)
		if err != nil {
			t.Fatal(err)
		}
		var a, b Writer
		enc(&v, &a)
		if err := reg.ByName("codec.pos").Encode(v, &b); err != nil || string(a.Data()) != string(b.Data()) {
			t.Errorf("Of's encoder wrote %x, Encode %x (%v)", a.Data(), b.Data(), err)
		}
	}
	_, enc, err := Of[vel](reg)
	if err != nil {
		t.Fatal(err)
	}
	var a Writer
	enc(&vel{3, 4}, &a)
	got, err := reg.ByName("codec.vel").Decode(NewReader(a.Data()))
	if err != nil || got != (vel{3, 4}) {
		t.Errorf("Of's encoder of vel, decoded: %v, %v", got, err)
	}
}
