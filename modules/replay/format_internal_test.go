package replay

import (
	"errors"
	"strings"
	"testing"
)

// validRecording is a recording as the plugin writes one: 125 ticks
// checked every 10 (12 world digests), detailed every 4 (3 checks), two
// input changes, a final digest.
func validRecording() *Recording {
	r := &Recording{Game: "tiny", Seed: 7, Every: 10, Detail: 4, Ticks: 125, Final: 0x1234,
		Names: []string{"replay.Pos"}, inputs: []inputRec{{3, []byte{mOneKey | mKeys, 5}}, {40, []byte{mOneKey | mKeys, 5}}}}
	for i := range 12 {
		r.worlds = append(r.worlds, uint16(i+1))
	}
	for range 3 {
		r.checks = append(r.checks, []typeRec{{t: 0, entries: []entry{{e: 1, d: 9}}}})
	}
	return r
}

// Headers that cannot be true are refused with an error that says what
// is impossible, before anything is allocated for them: a replay whose
// header said 2^62 ticks was accepted, and played for ever (issue #34).
func TestImpossibleHeadersAreRefused(t *testing.T) {
	if _, err := Decode(validRecording().encode()); err != nil {
		t.Fatalf("the valid recording: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func(r *Recording)
		want   string
	}{
		{"2^62 ticks", func(r *Recording) { r.Ticks = 1 << 62 }, "ticks"},
		{"2^62 ticks checked every 2^40", func(r *Recording) { r.Ticks, r.Every = 1<<62, 1<<40 }, "every"},
		{"fewer ticks than its world digests", func(r *Recording) { r.Ticks = 50 }, "ticks"},
		{"detailed checks that do not match", func(r *Recording) { r.checks = r.checks[:1] }, "detailed"},
		{"an input after the last tick", func(r *Recording) { r.inputs[1].tick = 126 }, "input"},
		{"two inputs at one tick", func(r *Recording) { r.inputs[1].tick = 3 }, "input"},
		{"a type index beyond int", func(r *Recording) { r.checks[0][0].t = -1 }, "type"},
		{"no final digest", func(r *Recording) { r.Final = 0 }, "final digest"},
	} {
		r := validRecording()
		c.change(r)
		_, err := Decode(r.encode())
		if !errors.Is(err, ErrNotReplay) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Decode returned %v, want ErrNotReplay saying %q", c.name, err, c.want)
		}
	}
}

// FuzzDecode: no file makes Decode panic, and what it accepts is
// possible — a tick count that its world digests account for, inputs in
// order within it, type indexes among its names — so that a replay of
// it ends.
func FuzzDecode(f *testing.F) {
	f.Add(validRecording().encode())
	r := validRecording()
	r.Ticks = 1 << 62
	f.Add(r.encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		if r.Every < 1 || r.Every > 3600 || r.Detail < 1 || r.Detail > 3600 {
			t.Fatalf("accepted Every %d, Detail %d", r.Every, r.Detail)
		}
		if uint64(len(r.worlds)) != r.Ticks/uint64(r.Every) || len(r.checks) != len(r.worlds)/r.Detail {
			t.Fatalf("accepted %d ticks every %d with %d world digests and %d checks every %d", r.Ticks, r.Every, len(r.worlds), len(r.checks), r.Detail)
		}
		last := uint64(0)
		for _, in := range r.inputs {
			if in.tick <= last || in.tick > r.Ticks {
				t.Fatalf("accepted an input at tick %d after %d, of %d ticks", in.tick, last, r.Ticks)
			}
			last = in.tick
		}
		for _, c := range r.checks {
			for _, tr := range c {
				if tr.t < 0 || tr.t >= len(r.Names) {
					t.Fatalf("accepted type %d of %d", tr.t, len(r.Names))
				}
			}
		}
	})
}
