package replay

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"regexp"
	"strings"
	"testing"

	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/replay/match"
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
	f.Add(validMatch().encode())
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

// validMatch is a match's recording as the plugin writes one: 125 ticks
// of 2 players, recorded by player 1, their inputs at tick 1 and a
// change of player 0's at tick 30.
func validMatch() *Recording {
	r := validRecording()
	r.Match = match.Match{Seed: 11, Players: 2, Player: 1, Input: "main.Pad"}
	r.inputs = []inputRec{{1, matchRec(3, []byte{0}, []byte{0})}, {30, matchRec(1, []byte{1})}}
	return r
}

// matchRec is a match's input record for the players of mask, each
// with its data (nil: gone).
func matchRec(mask uint64, data ...[]byte) []byte {
	var w codec.Writer
	w.Uvarint(mask)
	for _, d := range data {
		if d == nil {
			w.Uint8(1)
			continue
		}
		w.Uint8(0)
		w.Blob(d)
	}
	return w.Data()
}

// A networked match's recording that cannot be true is refused with an
// error naming what is impossible (issue #34): a player count outside 1
// to 4, a side past the players, inputs of players the match does not
// have, an input larger than an input may be or than the file, a match
// that does not start with every player's input.
func TestImpossibleMatchesAreRefused(t *testing.T) {
	if _, err := Decode(validMatch().encode()); err != nil {
		t.Fatalf("the valid match: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func(r *Recording)
		want   string
	}{
		{"5 players", func(r *Recording) { r.Match.Players = 5 }, "5 players; a match has 1 to 4"},
		{"100 players", func(r *Recording) { r.Match.Players = 100 }, "100 players"},
		{"recorded by player 2 of 2", func(r *Recording) { r.Match.Player = 2 }, "recorded by player 2 of a match of 2 players"},
		{"an input of player 2 of 2", func(r *Recording) { r.inputs[1].data = matchRec(4, []byte{1}) }, "players 100 of a match of 2"},
		{"an input of no player", func(r *Recording) { r.inputs[1].data = matchRec(0) }, "players 0 of a match of 2"},
		{"an input of 2 KB", func(r *Recording) { r.inputs[1].data = matchRec(1, make([]byte, 2048)) }, "2048 bytes, more than the 1024"},
		{"no input type", func(r *Recording) { r.Match.Input = "" }, "names no input type"},
		{"no inputs at tick 1", func(r *Recording) { r.inputs = r.inputs[1:] }, "every player's input of tick 1"},
		{"one player's input at tick 1", func(r *Recording) { r.inputs[0].data = matchRec(1, []byte{0}) }, "every player's input of tick 1"},
		{"2^62 ticks", func(r *Recording) { r.Ticks = 1 << 62 }, "ticks"},
	} {
		r := validMatch()
		c.change(r)
		_, err := Decode(r.encode())
		if !errors.Is(err, ErrNotReplay) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Decode returned %v, want ErrNotReplay saying %q", c.name, err, c.want)
		}
	}
	// An input whose length says more bytes than the file has left:
	// the record's length byte raised, the checksum made again.
	r := validMatch()
	r.inputs[1].data = matchRec(1, []byte{1, 2, 3})
	data := r.encode()
	i := strings.Index(string(data), string(matchRec(1, []byte{1, 2, 3})))
	data[i+2] = 0x7f // the blob's length: 127 bytes
	body := data[:len(data)-4]
	binary.LittleEndian.PutUint32(data[len(data)-4:], crc32.Checksum(body, castagnoli))
	_, err := Decode(data)
	t.Log(err)
	if !errors.Is(err, ErrNotReplay) || !strings.Contains(err.Error(), "player 0's input says it is 127 bytes, but the file has") {
		t.Errorf("an input longer than the file: Decode returned %v, want ErrNotReplay naming the input's size and what is left", err)
	}
}

// A file of format 1, whose digests were replay's own, is refused with
// an error naming the format and the fix.
func TestFormat1IsRefused(t *testing.T) {
	data := validRecording().encode()
	binary.LittleEndian.PutUint16(data[len(magic):], formatV1)
	binary.LittleEndian.PutUint32(data[len(data)-4:], crc32.Checksum(data[:len(data)-4], castagnoli))
	_, err := Decode(data)
	if !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "format 1") || !strings.Contains(err.Error(), "record the run again") {
		t.Errorf("a format 1 file: %v; want ErrBuild naming format 1 and the fix", err)
	}
}

// A file of format 2, written before the start's digests, is read: it
// has none, and its replay checks no start (plugin.go's base).
func TestFormat2IsRead(t *testing.T) {
	r := validRecording()
	r.finals = []partSum{{0, 42}}
	data := r.encode()
	body := data[:len(data)-4-1] // without starts, an empty list: one byte
	binary.LittleEndian.PutUint16(body[len(magic):], formatV2)
	old := binary.LittleEndian.AppendUint32(append([]byte(nil), body...), crc32.Checksum(body, castagnoli))
	got, err := Decode(old)
	if err != nil {
		t.Fatalf("a format 2 file: %v", err)
	}
	if got.starts != nil || len(got.finals) != 1 || got.finals[0].sum != 42 {
		t.Errorf("a format 2 file read starts %v, finals %v; want none and the one final", got.starts, got.finals)
	}
	r.starts = []partSum{{0, 7}}
	got, err = Decode(r.encode())
	if err != nil || len(got.starts) != 1 || got.starts[0].sum != 7 {
		t.Errorf("a format 3 file read starts %v (%v); want the one", got.starts, err)
	}
}

// A file cut short inside (its checksum made again) is refused with the
// Reader's error, which names what it was reading and where, not only
// "data truncated".
func TestCutFileNamesWhatAndWhere(t *testing.T) {
	data := validRecording().encode()
	body := data[:len(data)-4-5] // the last final digest's 8 bytes cut to 3
	cut := binary.LittleEndian.AppendUint32(append([]byte(nil), body...), crc32.Checksum(body, castagnoli))
	_, err := Decode(cut)
	want := regexp.MustCompile(`codec: data truncated: .+ at offset \d+, \d+ bytes? left`)
	if !errors.Is(err, ErrNotReplay) || !want.MatchString(err.Error()) {
		t.Errorf("a file cut short: Decode returned %v, want ErrNotReplay saying what was read at which offset (%s)", err, want)
	}
}
