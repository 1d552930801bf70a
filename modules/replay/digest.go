package replay

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// key names one digested value: a component (type index, entity) or a
// resource (type index, entity 0).
type key struct {
	t int
	e glue.Entity
}

// digester computes the digests of a world's values of the registered
// types: a 32-bit hash of each value as its codec writes it.
type digester struct {
	reg       *codec.Registry
	codecs    []*codec.Codec
	index     map[*codec.Codec]int
	resources []glue.Type
	w         codec.Writer
}

func newDigester(reg *codec.Registry, resources []glue.Type) *digester {
	d := &digester{reg: reg, codecs: reg.Codecs(), index: map[*codec.Codec]int{}, resources: resources}
	for i, c := range d.codecs {
		d.index[c] = i
	}
	return d
}

// names returns the types' names, by index.
func (d *digester) names() []string {
	out := make([]string, len(d.codecs))
	for i, c := range d.codecs {
		out[i] = c.Name()
	}
	return out
}

// typesHash is the fingerprint of the types: their schemas, in order.
func (d *digester) typesHash() uint64 {
	var w codec.Writer
	for _, c := range d.codecs {
		c.Schema().Encode(&w)
	}
	h := fnv.New64a()
	h.Write(w.Data())
	return h.Sum64()
}

// digest fills into (cleared first) with the digest of every value.
func (d *digester) digest(w *glue.World, into map[key]uint16) error {
	clear(into)
	var err error
	one := func(c *codec.Codec, e glue.Entity, v any) {
		d.w.Reset()
		if e := c.Encode(v, &d.w); e != nil && err == nil {
			err = fmt.Errorf("replay: encoding %s for its digest: %w", c.Name(), e)
		}
		x := fnv32a(d.w.Data())
		into[key{d.index[c], e}] = uint16(x^x>>16) | 1 // never 0: 0 is "gone"
	}
	for _, t := range d.resources {
		if c := d.reg.ByType(t); c != nil {
			if v := w.Resource(t); v != nil {
				one(c, 0, v)
			}
		}
	}
	w.Each(func(e glue.Entity, ts []glue.Type) {
		for _, t := range ts {
			if c := d.reg.ByType(t); c != nil {
				one(c, e, w.Component(e, t))
			}
		}
	})
	return err
}

// mix is a 64-bit finaliser (SplitMix64's).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// sum is the order-independent digest of a type's values (t >= 0) or of
// all of them (t < 0).
func sum(m map[key]uint16, t int) uint64 {
	var s uint64
	for k, d := range m {
		if t < 0 || k.t == t {
			s += mix(uint64(k.t)<<56 ^ uint64(k.e)<<20 ^ uint64(d))
		}
	}
	return s
}

// systemsHash is the fingerprint of the app's update systems: its
// description (glue.App.Describe) without what may differ between two
// runs or platforms of one build — the scheduler's workers, the draw
// stages, the device reading (a replay or a headless run leaves it),
// this module's and modules/diag's systems, and the systems that write
// nothing (a HUD publisher of the browser build, a logger): each system
// is counted with its accesses if it writes a component, a resource or
// events.
//
// It also returns each counted system's name and a 16-bit hash of its
// stage, name and accesses, for saying what differs.
func systemsHash(a *glue.App) (uint64, []sysSum) {
	h := fnv.New64a()
	var sums []sysSum
	stageName := ""
	sc := bufio.NewScanner(strings.NewReader(a.Describe()))
	var block []string // a system's line and its accesses
	writes := false
	stage := "" // the stage's line, hashed with its first system counted
	flush := func() {
		if writes && !slices.ContainsFunc(ignored, func(p string) bool { return strings.Contains(block[0], p) }) {
			h.Write([]byte(stage))
			stage = ""
			one := fnv32a([]byte(stageName))
			for _, l := range block {
				h.Write([]byte(l))
				h.Write([]byte{'\n'})
				one = one*16777619 ^ fnv32a([]byte(l))
			}
			name, _, _ := strings.Cut(block[0], " ")
			sums = append(sums, sysSum{name + " in " + stageName, uint16(one ^ one>>16)})
		}
		block, writes = block[:0], false
	}
	draw := false
	for sc.Scan() {
		line := sc.Text()
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "Stage "):
			flush()
			draw = strings.HasSuffix(line, "(draw):")
			stage = trim + "\n"
			stageName, _, _ = strings.Cut(strings.TrimPrefix(trim, "Stage "), " (")
			continue
		case draw, trim == "", strings.HasPrefix(line, "Tick "), strings.HasPrefix(line, "Frame "),
			strings.HasPrefix(line, "Scheduler:"), strings.HasPrefix(line, "Startup"),
			strings.HasPrefix(trim, "group "), strings.HasPrefix(trim, "conflict:"):
			// The stages' order is in their own lines; groups and
			// conflicts follow from the systems.
			continue
		case strings.HasPrefix(trim, "reads") || strings.HasPrefix(trim, "writes") || strings.HasPrefix(trim, "runs if"):
			if len(block) > 0 {
				block = append(block, trim)
				writes = writes || strings.HasPrefix(trim, "writes")
			}
			continue
		}
		flush()
		block = append(block, trim)
	}
	flush()
	return h.Sum64(), sums
}

// sysSum is a system counted in the fingerprint, "name in Stage", and
// its 16-bit hash.
type sysSum struct {
	name string
	sum  uint16
}

// systemsDiff says which systems differ between this build's and the
// recording's (their hashes).
func systemsDiff(here []sysSum, recorded []uint16) string {
	rec := map[uint16]int{}
	for _, r := range recorded {
		rec[r]++
	}
	var added []string
	for _, s := range here {
		if rec[s.sum] > 0 {
			rec[s.sum]--
			continue
		}
		added = append(added, s.name)
	}
	missing := 0
	for _, n := range rec {
		missing += n
	}
	if len(added) == 0 && missing == 0 {
		return "the same systems run in another order"
	}
	var parts []string
	if len(added) > 0 {
		const most = 6
		more := ""
		if len(added) > most {
			more = fmt.Sprintf(" and %d more", len(added)-most)
			added = added[:most]
		}
		parts = append(parts, "new or changed in this build: "+strings.Join(added, ", ")+more)
	}
	if missing > 0 {
		parts = append(parts, fmt.Sprintf("%d of the recording's systems are not here, or changed", missing))
	}
	return strings.Join(parts, "; ")
}

// ignored are the systems the fingerprint leaves out.
var ignored = []string{"input.readDevices", "replay.", "diag."}

// fnv32a is the 32-bit FNV-1a hash of p, without hash.Hash's allocation.
func fnv32a(p []byte) uint32 {
	h := uint32(2166136261)
	for _, b := range p {
		h ^= uint32(b)
		h *= 16777619
	}
	return h
}
