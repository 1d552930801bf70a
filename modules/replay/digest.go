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

// key names one digested value: a component of an entity (part index,
// entity), a resource or the entities part (part index, entity 0). The
// parts are glue's Checkpoint.Digest's, by their index in the
// recording's Names.
type key struct {
	t int
	e glue.Entity
}

// digester computes a world's digests from a glue.Checkpoint: its
// Checkpoint.Digest — the one digest rollback compares, which leaves out
// the machine's own resources (glue.MachineLocal) and those the
// checkpoint keeps — and, for the detailed checks, each entity's value
// of each component type (Checkpoint.DigestEach).
type digester struct {
	names *[]string       // the parts' names by index: the recording's
	index map[string]int  // and their indexes
	only  map[string]bool // the parts digested (Plugin.Registry's); nil: all
	parts []glue.Digest
	each  []glue.EntityDigest
}

func newDigester(names *[]string) *digester {
	d := &digester{names: names, index: map[string]int{}}
	for i, n := range *names {
		d.index[n] = i
	}
	return d
}

// part returns the index of the part called name, naming it if new.
func (d *digester) part(name string) int {
	i, ok := d.index[name]
	if !ok {
		i = len(*d.names)
		*d.names = append(*d.names, name)
		d.index[name] = i
	}
	return i
}

// world returns the world digest of the saved state c: the parts'
// digests combined, whatever their order. It keeps the parts in
// d.parts.
func (d *digester) world(c *glue.Checkpoint) uint64 {
	d.parts = c.Digest(d.parts[:0])
	if d.only != nil {
		d.parts = slices.DeleteFunc(d.parts, func(p glue.Digest) bool { return !d.only[p.Name] })
	}
	var x uint64
	for _, p := range d.parts {
		x += mix(fnv64s(p.Name) ^ p.Sum)
	}
	return x
}

// detail fills into (cleared first) with the 16-bit digest of every
// value of the saved state c whose parts d.world last found: each
// entity's value of each component type, each resource, the entities.
func (d *digester) detail(c *glue.Checkpoint, into map[key]uint16) {
	clear(into)
	for _, p := range d.parts {
		t := d.part(p.Name)
		d.each = d.each[:0]
		if p.Name != "entities" {
			d.each = c.DigestEach(p.Name, d.each)
		}
		if len(d.each) == 0 { // a resource, the entities
			into[key{t, 0}] = fold(p.Sum) | 1 // never 0: 0 is "gone"
			continue
		}
		for _, e := range d.each {
			into[key{t, e.Entity}] = fold(e.Sum) | 1
		}
	}
}

// limit makes the digests cover only the entities and the parts of the
// types of reg and of resources: Plugin.Registry's.
func (d *digester) limit(reg *codec.Registry, resources []glue.Type) {
	d.only = map[string]bool{"entities": true}
	for _, c := range reg.Codecs() {
		d.only[c.Type().String()] = true
	}
	for _, t := range resources {
		d.only[t.String()] = true
	}
}

// finals returns the parts' digests d.world last found.
func (d *digester) finals() []partSum {
	out := make([]partSum, 0, len(d.parts))
	for _, p := range d.parts {
		out = append(out, partSum{d.part(p.Name), p.Sum})
	}
	return out
}

// typesHash is the fingerprint of the types of reg (nil: none): their
// schemas, in order.
func typesHash(reg *codec.Registry) uint64 {
	if reg == nil {
		return 0
	}
	var w codec.Writer
	for _, c := range reg.Codecs() {
		c.Schema().Encode(&w)
	}
	h := fnv.New64a()
	h.Write(w.Data())
	return h.Sum64()
}

// typeNames names the types of reg, for saying what differs.
func typeNames(reg *codec.Registry) []string {
	if reg == nil {
		return nil
	}
	var out []string
	for _, c := range reg.Codecs() {
		out = append(out, c.Name())
	}
	return out
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

// systemsHash is the fingerprint of the app's startup and update
// systems (the startup's named "in startup"): its
// description (glue.App.Describe) without what may differ between two
// runs or platforms of one build — the scheduler's workers, the draw
// stages, the device reading (a replay or a headless run leaves it),
// this module's, modules/diag's and modules/net's systems (a match's
// host serves, its guest does not, its replay does neither; what the
// session hands the game is checked by the digests), and the systems that write
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
		case strings.HasPrefix(line, "Startup"):
			flush()
			stageName = "startup"
			continue
		case draw, trim == "", strings.HasPrefix(line, "Tick "), strings.HasPrefix(line, "Frame "),
			strings.HasPrefix(line, "Scheduler:"),
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
var ignored = []string{"input.readDevices", "replay.", "diag.", "net."}

// fnv64s is the 64-bit FNV-1a hash of s, without hash.Hash's allocation.
func fnv64s(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// fnv32a is the 32-bit FNV-1a hash of p, without hash.Hash's allocation.
func fnv32a(p []byte) uint32 {
	h := uint32(2166136261)
	for _, b := range p {
		h ^= uint32(b)
		h *= 16777619
	}
	return h
}
