package replay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/bits"
	"slices"

	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/replay/match"
)

// The file (docs/replay.md):
//
//	file    = magic:"GLUEREPL" format:u16 body crc:u32
//	body    = game:text seed:u64 systems:u64 types:u64 every:uvarint
//	          detail:uvarint ticks:uvarint final:u64 names:(n:uvarint text*n)
//	          flags:(n:uvarint text*n) sums:(n:uvarint u16*n)
//	          match:(players:uvarint [side:uvarint seed:u64 input:text])
//	          inputs:(n:uvarint input*n) worlds:(n:uvarint u16*n)
//	          checks:(n:uvarint check*n) finals:(n:uvarint (part:uvarint sum:u64)*n)
//	          starts:(n:uvarint (part:uvarint sum:u64)*n)
//	input   = dtick:uvarint mask:u8 fields…   (players 0: the devices that changed)
//	        | dtick:uvarint mask:uvarint (gone:u8 [data:blob])*  (a match: the players whose input changed)
//	check   = n:uvarint (part:uvarint k:uvarint (k=0: sum:u16 | value*k))*n
//	value   = ref:uvarint [entity:uvarint] [digest:u16]
//
// crc is the CRC-32C of everything before it. match's players is 0 for a
// run of one player, whose input is input.Devices; for a networked match
// (2 to 4 players) side is the player who recorded it plus 1 (0: a
// watcher), seed the match's seed and input the name of the players'
// input type. An input is the change at a tick, dtick ticks after the
// previous input's tick (the first counts from tick 0): of input.Devices,
// or of the match's players' inputs — mask has bit p set for each player
// p whose input changed, then in player order each one's codec encoding
// (gone 0) or gone 1: the player left the match.
//
// Digests are glue's Checkpoint.Digest, the digest rollback compares:
// its parts (the entities, each component type, each resource that is
// not the machine's own) are the names, by index. worlds are the world's
// digest, folded to 16 bits, at every every-th tick. A check is the
// detail at every detail-th of those ticks: for each part whose values
// changed since the previous check, the new 16-bit digest of each
// entity whose value changed (Checkpoint.DigestEach) or, if more than
// maxEntries did, the sum of the part's digests. A value's ref is
// i<<1|gone: i indexes the entities the file named so far (in the order
// it named them; i equal to their number names a new one, whose entity
// follows), gone says that the entity lost the type or died (no digest
// follows). Resources and the entities part are entity 0. finals are
// the parts' 64-bit digests after the last tick, whose fold is final: a
// final digest that differs names the parts that differ. starts are the
// parts' 64-bit digests after the startup systems, before the first tick
// (none in a match): a replay whose differ was made by another
// configuration (format 3; format 2 has none). The 16-bit
// digests miss a difference at one check with odds of 1 in 65536, and a
// diverged game stays diverged.
const (
	magic      = "GLUEREPL"
	formatV1   = 1 // glue before issue #34's one digest: refused
	formatV2   = 2 // without starts
	formatV3   = 3
	maxEntries = 16
	// maxInput is the most bytes of one player's input in a match's
	// recording.
	maxInput = 1024
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// The kinds of errors of a replay file: every error reading one wraps
// one of them.
var (
	// ErrNotReplay: the data is not a glue replay (wrong magic, bad
	// structure or checksum).
	ErrNotReplay = errors.New("not a glue replay, or a damaged one")
	// ErrBuild: the replay was recorded by another build of the game —
	// its systems or its registered types differ — or with another seed.
	ErrBuild = errors.New("replay recorded by a different build")
	// ErrForeign: the replay was recorded by another game (another
	// save.Plugin.Game).
	ErrForeign = errors.New("replay of another game")
	// ErrDiverged: the game did not play as it was recorded.
	ErrDiverged = errors.New("replay diverged")
)

// Recording is a replay file's contents.
type Recording struct {
	// Game is the game's name (save.Plugin.Game), "" if it has none.
	Game string
	// Seed is the seed the game ran with.
	Seed uint64
	// Systems and Types are the fingerprint of the build that recorded
	// it: a hash of the startup and update systems in their order, and one of the
	// digested types' schemas.
	Systems, Types uint64
	// Every is the number of ticks between two checks of the world's
	// digest, and Detail the number of those checks between two that
	// hold the digest of every entity's values.
	Every, Detail int
	// Ticks is the number of ticks recorded.
	Ticks uint64
	// Final is the digest of the world after the last tick.
	Final uint64
	// Names are the digested types' names, by index.
	Names []string
	// Flags are the game's command-line flags the run was started with
	// ([Flags]), as "name=value": -replay sets them again.
	Flags []string
	// Match is the networked match recorded (issue #34): its Players is
	// 0 for a run of one player, whose input is input.Devices.
	Match  match.Match
	sums   []uint16 // the 16-bit hash of each system in the fingerprint
	inputs []inputRec
	worlds []uint16
	checks [][]typeRec
	finals []partSum
	starts []partSum // after the startup systems (format 3)
}

// partSum is a part's digest: its index in Names and its sum.
type partSum struct {
	t   int
	sum uint64
}

// inputRec is the devices' change at a tick.
type inputRec struct {
	tick uint64
	data []byte // mask and fields
}

// typeRec is one type's record in a check.
type typeRec struct {
	t       int
	sum     uint16 // when entries is nil
	entries []entry
}

// entry is an entity's new digest, 0 if it is gone.
type entry struct {
	e uint64
	d uint16
}

// Inputs returns the number of ticks at which the recorded input changed.
func (r *Recording) Inputs() int { return len(r.inputs) }

// Encode returns the recording as a file, which [Decode] reads: for
// tools that change a recording (its Flags) and tests of damaged ones.
func (r *Recording) Encode() []byte { return r.encode() }

// encode writes the recording as a file.
func (r *Recording) encode() []byte {
	var w codec.Writer
	w.Raw([]byte(magic))
	w.Uint16(formatV3)
	w.Text(r.Game)
	w.Uint64(r.Seed)
	w.Uint64(r.Systems)
	w.Uint64(r.Types)
	w.Uvarint(uint64(r.Every))
	w.Uvarint(uint64(r.Detail))
	w.Uvarint(r.Ticks)
	w.Uint64(r.Final)
	w.Uvarint(uint64(len(r.Names)))
	for _, n := range r.Names {
		w.Text(n)
	}
	w.Uvarint(uint64(len(r.Flags)))
	for _, f := range r.Flags {
		w.Text(f)
	}
	w.Uvarint(uint64(len(r.sums)))
	for _, x := range r.sums {
		w.Uint16(x)
	}
	w.Uvarint(uint64(r.Match.Players))
	if r.Match.Players > 0 {
		w.Uvarint(uint64(r.Match.Player + 1))
		w.Uint64(r.Match.Seed)
		w.Text(r.Match.Input)
	}
	w.Uvarint(uint64(len(r.inputs)))
	var last uint64
	for _, in := range r.inputs {
		w.Uvarint(in.tick - last)
		last = in.tick
		w.Raw(in.data)
	}
	w.Uvarint(uint64(len(r.worlds)))
	for _, d := range r.worlds {
		w.Uint16(d)
	}
	w.Uvarint(uint64(len(r.checks)))
	table := map[uint64]uint64{}
	for _, c := range r.checks {
		w.Uvarint(uint64(len(c)))
		for _, t := range c {
			w.Uvarint(uint64(t.t))
			w.Uvarint(uint64(len(t.entries)))
			if t.entries == nil {
				w.Uint16(t.sum)
			}
			for _, e := range t.entries {
				i, known := table[e.e]
				if !known {
					i = uint64(len(table))
					table[e.e] = i
				}
				ref := i << 1
				if e.d == 0 {
					ref |= 1
				}
				w.Uvarint(ref)
				if !known {
					w.Uvarint(e.e)
				}
				if e.d != 0 {
					w.Uint16(e.d)
				}
			}
		}
	}
	for _, parts := range [][]partSum{r.finals, r.starts} {
		w.Uvarint(uint64(len(parts)))
		for _, f := range parts {
			w.Uvarint(uint64(f.t))
			w.Uint64(f.sum)
		}
	}
	return binary.LittleEndian.AppendUint32(w.Data(), crc32.Checksum(w.Data(), castagnoli))
}

// readParts reads the parts' digests of the given kind, of names parts.
func readParts(rd *codec.Reader, kind string, names int) []partSum {
	parts := make([]partSum, rd.Count(9))
	for i := range parts {
		parts[i] = partSum{int(rd.Uvarint()), rd.Uint64()}
		if parts[i].t < 0 || parts[i].t >= names {
			rd.Fail(fmt.Errorf("a %s digest of part %d of %d", kind, parts[i].t, names))
		}
	}
	return parts
}

// Decode reads a replay file.
func Decode(data []byte) (*Recording, error) {
	if len(data) < len(magic)+6 || string(data[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: it does not start with %q", ErrNotReplay, magic)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("%w: its checksum does not match (truncated or changed)", ErrNotReplay)
	}
	var rd codec.Reader
	rd.Reset(body[len(magic):])
	v := rd.Uint16()
	switch v {
	case formatV2, formatV3:
	case formatV1:
		return nil, fmt.Errorf("%w: format 1, whose digests were modules/replay's own; this build reads formats 2 and 3, whose digests are glue's Checkpoint.Digest (issue #34): replay it with the build that recorded it, or record the run again", ErrBuild)
	default:
		return nil, fmt.Errorf("%w: format %d, this build reads formats 2 and 3", ErrNotReplay, v)
	}
	r := &Recording{Game: rd.Text(), Seed: rd.Uint64(), Systems: rd.Uint64(), Types: rd.Uint64(),
		Every: int(rd.Uvarint()), Detail: int(rd.Uvarint()), Ticks: rd.Uvarint(), Final: rd.Uint64()}
	r.Names = make([]string, rd.Count(1))
	for i := range r.Names {
		r.Names[i] = rd.Text()
	}
	r.Flags = make([]string, rd.Count(1))
	for i := range r.Flags {
		r.Flags[i] = rd.Text()
	}
	r.sums = make([]uint16, rd.Count(2))
	for i := range r.sums {
		r.sums[i] = rd.Uint16()
	}
	if players := rd.Uvarint(); players > 0 {
		if players > match.MaxPlayers {
			return nil, fmt.Errorf("%w: it says its match has %d players; a match has 1 to %d", ErrNotReplay, players, match.MaxPlayers)
		}
		r.Match.Players = int(players)
		side := rd.Uvarint()
		if side > players {
			return nil, fmt.Errorf("%w: it says it was recorded by player %d of a match of %d players (0 to %d, or a watcher)", ErrNotReplay, int64(side)-1, players, players-1)
		}
		r.Match.Player, r.Match.Seed, r.Match.Input = int(side)-1, rd.Uint64(), rd.Text()
	}
	n := rd.Count(2)
	var tick uint64
	for range n {
		tick += rd.Uvarint()
		start := len(body) - len(magic) - rd.Len()
		if r.Match.Players > 0 {
			readMatchInputs(&rd, r.Match.Players, nil)
		} else {
			var d input.Devices
			readDevices(&rd, &d)
		}
		end := len(body) - len(magic) - rd.Len()
		r.inputs = append(r.inputs, inputRec{tick, body[len(magic)+start : len(magic)+end]})
		if rd.Err() != nil {
			break
		}
	}
	r.worlds = make([]uint16, rd.Count(2))
	for i := range r.worlds {
		r.worlds[i] = rd.Uint16()
	}
	r.checks = make([][]typeRec, rd.Count(1))
	var table []uint64
	for i := range r.checks {
		c := make([]typeRec, rd.Count(2))
		for j := range c {
			c[j].t = int(rd.Uvarint())
			if c[j].t < 0 || c[j].t >= len(r.Names) {
				rd.Fail(fmt.Errorf("type %d of %d", c[j].t, len(r.Names)))
			}
			k := rd.Count(1)
			if k == 0 {
				c[j].sum = rd.Uint16()
				continue
			}
			c[j].entries = make([]entry, k)
			for m := range c[j].entries {
				ref := rd.Uvarint()
				i := ref >> 1
				switch {
				case i == uint64(len(table)):
					table = append(table, rd.Uvarint())
				case i > uint64(len(table)):
					rd.Fail(fmt.Errorf("entity %d of %d", i, len(table)))
					i = 0
					table = append(table, 0)
				}
				e := &c[j].entries[m]
				e.e = table[i]
				if ref&1 == 0 {
					if e.d = rd.Uint16(); e.d == 0 {
						rd.Fail(errors.New("digest 0"))
					}
				}
			}
		}
		r.checks[i] = c
	}
	r.finals = readParts(&rd, "final", len(r.Names))
	if v >= formatV3 {
		r.starts = readParts(&rd, "start", len(r.Names))
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotReplay, err)
	}
	if rd.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the end", ErrNotReplay, rd.Len())
	}
	if err := r.possible(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotReplay, err)
	}
	return r, nil
}

// possible says what in a decoded recording cannot be true of one the
// plugin wrote: its tick count is accounted for by its world digests
// (one every Every ticks, Every at most MaxEvery, so that the count is
// bounded by the file's size), its detailed checks by those, its inputs
// are in order within its ticks, its checks name its types, and it has a
// final digest.
func (r *Recording) possible() error {
	switch {
	case r.Every < 1 || r.Every > MaxEvery || r.Detail < 1 || r.Detail > MaxEvery:
		return fmt.Errorf("its world digests are checked every %d ticks, detailed every %d of those; both must be 1 to %d", r.Every, r.Detail, MaxEvery)
	case uint64(len(r.worlds)) != r.Ticks/uint64(r.Every):
		return fmt.Errorf("it says %d ticks, checked every %d, but holds %d world digests (%d ticks' worth): its tick count is impossible", r.Ticks, r.Every, len(r.worlds), uint64(len(r.worlds))*uint64(r.Every))
	case len(r.checks) != len(r.worlds)/r.Detail:
		return fmt.Errorf("it holds %d detailed checks for %d world digests detailed every %d", len(r.checks), len(r.worlds), r.Detail)
	case r.Ticks > 0 && r.Final == 0:
		return fmt.Errorf("it holds no final digest for its %d ticks (cut short before its first save?)", r.Ticks)
	}
	if m := r.Match; m.Players > 0 {
		all := uint64(1)<<m.Players - 1
		switch {
		case m.Input == "":
			return errors.New("its match names no input type")
		case r.Ticks > 0 && (len(r.inputs) == 0 || r.inputs[0].tick != 1 || firstUvarint(r.inputs[0].data) != all):
			return fmt.Errorf("its match's inputs do not start with every player's input of tick 1 (players %b)", all)
		}
	}
	last := uint64(0)
	for i, in := range r.inputs {
		if in.tick <= last || in.tick > r.Ticks {
			return fmt.Errorf("its input %d is at tick %d, after tick %d, of %d ticks: inputs must be in order within the recording", i, in.tick, last, r.Ticks)
		}
		last = in.tick
	}
	for _, c := range r.checks {
		for _, t := range c {
			if t.t < 0 || t.t >= len(r.Names) {
				return fmt.Errorf("a check names type %d of %d", t.t, len(r.Names))
			}
		}
	}
	return nil
}

// readMatchInputs applies a match's input record to ins (nil: only
// checks it), one per player: the players whose input changed at the
// tick. It fails the reader on a record that cannot be true: no player,
// a player past the match's, an input longer than maxInput or than the
// bytes left.
func readMatchInputs(r *codec.Reader, players int, ins []match.Input) {
	mask := r.Uvarint()
	if r.Err() != nil {
		return
	}
	if mask == 0 || mask >= 1<<players {
		r.Fail(fmt.Errorf("an input record for players %b of a match of %d", mask, players))
		return
	}
	for p := range players {
		if mask&(1<<p) == 0 {
			continue
		}
		gone := r.Uint8()
		if gone > 1 {
			r.Fail(fmt.Errorf("player %d's input record says %d, not 0 (an input) or 1 (gone)", p, gone))
			return
		}
		var data []byte
		if gone == 0 {
			peek := *r // the length, checked before the bytes are taken
			switch n := peek.Uvarint(); {
			case peek.Err() != nil:
			case n > maxInput:
				r.Fail(fmt.Errorf("player %d's input says it is %d bytes, more than the %d an input has at most", p, n, maxInput))
				return
			case n > uint64(peek.Len()):
				r.Fail(fmt.Errorf("player %d's input says it is %d bytes, but the file has %d left", p, n, peek.Len()))
				return
			}
			data = r.BlobView()
		}
		if ins != nil && r.Err() == nil {
			ins[p] = match.Input{Data: data, Gone: gone == 1}
		}
	}
}

// firstUvarint returns the uvarint p starts with.
func firstUvarint(p []byte) uint64 {
	x, _ := binary.Uvarint(p)
	return x
}

// MaxEvery is the most ticks between two checks of the world's digest
// ([Plugin.Every]), and the most checks between two detailed ones
// ([Plugin.Detail]): a minute at 60 ticks per second. It bounds a
// recording's tick count by its size.
const MaxEvery = 3600

// finalDigest is the final digest the file holds for the world's digest
// x: never 0, which says "none".
func finalDigest(x uint64) uint64 { return max(x, 1) }

// The fields of an input record's mask.
const (
	mKeys = 1 << iota
	mButtons
	mCursor
	mTouches
	mPads
	mChars
	mWheel
	mOneKey // one key toggled: mKeys with no count
)

// writeDelta appends the change from old to cur, with its mask; it
// reports false, writing nothing, if nothing changed.
func writeDelta(w *codec.Writer, old, cur *input.Devices) bool {
	var mask uint8
	nk, nb := 0, 0
	for i := range cur.Keys {
		if cur.Keys[i] != old.Keys[i] {
			nk++
		}
	}
	for i := range cur.Buttons {
		if cur.Buttons[i] != old.Buttons[i] {
			nb++
		}
	}
	if nk > 0 {
		mask |= mKeys
	}
	if nb > 0 {
		mask |= mButtons
	}
	if cur.Cursor != old.Cursor {
		mask |= mCursor
	}
	if !slices.Equal(cur.Touches, old.Touches) {
		mask |= mTouches
	}
	if !slices.Equal(cur.Pads, old.Pads) {
		mask |= mPads
	}
	if len(cur.Chars) > 0 {
		mask |= mChars
	}
	if cur.Wheel != old.Wheel {
		mask |= mWheel
	}
	if mask == 0 {
		return false
	}
	if nk == 1 {
		mask |= mOneKey
	}
	w.Uint8(mask)
	if mask&mKeys != 0 {
		if nk > 1 {
			w.Uvarint(uint64(nk))
		}
		for i := range cur.Keys {
			if cur.Keys[i] != old.Keys[i] {
				w.Uvarint(uint64(i))
			}
		}
	}
	if mask&mButtons != 0 {
		w.Uvarint(uint64(nb))
		for i := range cur.Buttons {
			if cur.Buttons[i] != old.Buttons[i] {
				w.Uvarint(uint64(i))
			}
		}
	}
	if mask&mCursor != 0 {
		point(w, cur.Cursor)
	}
	if mask&mTouches != 0 {
		w.Uvarint(uint64(len(cur.Touches)))
		for _, p := range cur.Touches {
			point(w, p)
		}
	}
	if mask&mPads != 0 {
		w.Uvarint(uint64(len(cur.Pads)))
		for i := range cur.Pads {
			p := &cur.Pads[i]
			var b uint64
			for j, on := range p.Buttons {
				if on {
					b |= 1 << j
				}
			}
			w.Uvarint(b)
			for _, v := range p.ButtonValues {
				float(w, v)
			}
			for _, v := range p.Axes {
				float(w, v)
			}
		}
	}
	if mask&mChars != 0 {
		w.Uvarint(uint64(len(cur.Chars)))
		for _, c := range cur.Chars {
			w.Uvarint(uint64(c))
		}
	}
	if mask&mWheel != 0 {
		point(w, cur.Wheel)
	}
	return true
}

// readDevices applies a change written by writeDelta to d: d holds the
// devices of the tick before. Chars are the tick's own, not a change:
// none unless the record has them.
func readDevices(r *codec.Reader, d *input.Devices) {
	mask := r.Uint8()
	d.Chars = d.Chars[:0]
	if mask&mKeys != 0 {
		n := 1
		if mask&mOneKey == 0 {
			n = r.Count(1)
		}
		for range n {
			if i := r.Uvarint(); i < uint64(len(d.Keys)) {
				d.Keys[i] = !d.Keys[i]
			} else {
				r.Fail(fmt.Errorf("key %d", i))
			}
		}
	}
	if mask&mButtons != 0 {
		for range r.Count(1) {
			if i := r.Uvarint(); i < uint64(len(d.Buttons)) {
				d.Buttons[i] = !d.Buttons[i]
			} else {
				r.Fail(fmt.Errorf("mouse button %d", i))
			}
		}
	}
	if mask&mCursor != 0 {
		d.Cursor = readPoint(r)
	}
	if mask&mTouches != 0 {
		d.Touches = d.Touches[:0]
		for range r.Count(2) {
			d.Touches = append(d.Touches, readPoint(r))
		}
	}
	if mask&mPads != 0 {
		d.Pads = d.Pads[:0]
		for range r.Count(1) {
			d.Pads = append(d.Pads, input.Pad{})
			p := &d.Pads[len(d.Pads)-1]
			b := r.Uvarint()
			for j := range p.Buttons {
				p.Buttons[j] = b&(1<<j) != 0
			}
			for j := range p.ButtonValues {
				p.ButtonValues[j] = readFloat(r)
			}
			for j := range p.Axes {
				p.Axes[j] = readFloat(r)
			}
		}
	}
	if mask&mChars != 0 {
		for range r.Count(1) {
			d.Chars = append(d.Chars, rune(r.Uvarint()))
		}
	}
	if mask&mWheel != 0 {
		d.Wheel = readPoint(r)
	}
}

// float writes v's bits reversed as a uvarint: the round numbers input
// gives (0, 1, 0.5, 320.25) have their low bits 0, so they take a few
// bytes.
func float(w *codec.Writer, v float64) { w.Uvarint(bits.Reverse64(math.Float64bits(v))) }

func readFloat(r *codec.Reader) float64 {
	return math.Float64frombits(bits.Reverse64(r.Uvarint()))
}

func point(w *codec.Writer, p input.Point) { float(w, p.X); float(w, p.Y) }

func readPoint(r *codec.Reader) input.Point { return input.Point{X: readFloat(r), Y: readFloat(r)} }
