package wasmpack

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/gocmd"
)

// seg is a data segment for a module made by a test.
type seg struct {
	off  int32
	data string
}

// module makes a WebAssembly module with a memory and these active data
// segments, and a data count section when count is set.
func module(count bool, segs ...seg) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, 5, 3, 1, 0, 1) // memory section: one memory of 1 page
	if count {
		c := appendU32(nil, uint32(len(segs)))
		m = append(append(append(m, 12), appendU32(nil, uint32(len(c)))...), c...)
	}
	body := appendU32(nil, uint32(len(segs)))
	for _, s := range segs {
		body = append(body, 0, 0x41)
		body = appendS32(body, s.off)
		body = append(body, 0x0b)
		body = appendU32(body, uint32(len(s.data)))
		body = append(body, s.data...)
	}
	m = append(append(append(m, 11), appendU32(nil, uint32(len(body)))...), body...)
	return append(m, 0, 5, 3, 'e', 'n', 'd', 0) // a custom section after the data
}

// memory is the memory a module starts with, as its data segments write
// it, decoded here apart from Pack, and how many segments there are.
func memory(t *testing.T, m []byte) ([]byte, int) {
	t.Helper()
	r := reader{b: m, i: 8}
	var mem []byte
	n := 0
	for r.i < len(m) {
		id := r.byte()
		body := r.bytes(r.u32())
		if id != 11 {
			continue
		}
		d := reader{b: body}
		n = int(d.u32())
		for k := 0; k < n; k++ {
			d.u32()
			d.byte()
			off := int(d.s32())
			d.byte()
			data := d.bytes(d.u32())
			if len(mem) < off+len(data) {
				mem = append(mem, make([]byte, off+len(data)-len(mem))...)
			}
			copy(mem[off:], data)
		}
		if d.err != nil || d.i != len(body) {
			t.Fatalf("data section: %v, %d of %d bytes read", d.err, d.i, len(body))
		}
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	return bytes.TrimRight(mem, "\x00"), n
}

func TestPackJoinsSegmentsUpToTheGap(t *testing.T) {
	in := module(false,
		seg{1 << 20, "\x00\x00tail"}, // out of order, as Go's linker writes some
		seg{16, "ab"},
		seg{18, "c"},             // adjacent: joined
		seg{19 + Gap, "d"},       // a gap of Gap zeros: joined
		seg{20 + 2*Gap + 1, "e"}, // one zero more: a segment of its own
		seg{100_000, "far"},      // far away: its own
	)
	out, st, err := Pack(in)
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Segments: 6, Packed: 4}) {
		t.Errorf("stats %+v, want 6 segments packed into 4", st)
	}
	want, n := memory(t, in)
	got, m := memory(t, out)
	if n != 6 || m != 4 {
		t.Errorf("the module has %d segments, packed %d; want 6 and 4", n, m)
	}
	if !bytes.Equal(got, want) {
		t.Error("the packed module's memory differs from the original's")
	}
	if !bytes.HasSuffix(out, []byte("\x00\x05\x03end\x00")) {
		t.Error("the section after the data section was not copied")
	}
}

func TestPackUpdatesTheDataCount(t *testing.T) {
	out, st, err := Pack(module(true, seg{0, "a"}, seg{4, "b"}, seg{1000, "c"}))
	if err != nil {
		t.Fatal(err)
	}
	if st.Packed != 2 {
		t.Fatalf("packed into %d segments, want 2", st.Packed)
	}
	if i := bytes.Index(out, []byte{12, 1, 2}); i < 0 {
		t.Errorf("no data count section of 2 in the packed module % x", out)
	}
}

func TestPackLeavesAModuleWithoutData(t *testing.T) {
	in := []byte("\x00asm\x01\x00\x00\x00\x05\x03\x01\x00\x01")
	out, st, err := Pack(in)
	if err != nil || !bytes.Equal(out, in) || st != (Stats{}) {
		t.Errorf("Pack = % x, %+v, %v; want the module as it is", out, st, err)
	}
}

func TestPackSaysWhatItCannotPack(t *testing.T) {
	passive := module(false, seg{0, "a"})
	passive[bytes.Index(passive, []byte{0, 0x41, 0})] = 1 // the segment's mode
	truncated := module(false, seg{0, "abc"})
	truncated = truncated[:len(truncated)-9]
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"not wasm", []byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly module"},
		{"overlapping", module(false, seg{11, "d"}, seg{10, "abc"}), "the data segments at 10 and 11 overlap (the first ends at 13)"},
		{"negative", module(false, seg{-4, "a"}), "data segment 0's offset is negative (-4)"},
		{"passive", passive, "data segment 0 is passive, not active in memory 0"},
		{"truncated", truncated, "unexpected end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Pack(c.in)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one saying %q", err, c.want)
			}
		})
	}
}

// TestPackAGoProgram builds testdata/sparse for the browser, packs it,
// and runs both with Node (Go's wasm_exec_node.js): they must print the
// same, and the packed one must have fewer segments.
func TestPackAGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the program with (make deps-test installs it)")
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.wasm")
	in := buildSparse(t, plain, "-s -w")
	out, st, err := Pack(in)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d segments packed into %d; %d -> %d bytes", st.Segments, st.Packed, len(in), len(out))
	if st.Packed >= st.Segments/2 {
		t.Errorf("%d segments packed into %d: fewer than half were joined", st.Segments, st.Packed)
	}
	want, _ := memory(t, in)
	if got, _ := memory(t, out); !bytes.Equal(got, want) {
		t.Error("the packed program's memory differs from the original's")
	}
	packed := filepath.Join(dir, "packed.wasm")
	if err := os.WriteFile(packed, out, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := gocmd.Run("", nil, "env", "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	exec := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	run := func(file string) string {
		b, err := gocmdNode(node, exec, file)
		if err != nil {
			t.Fatalf("node %s: %v\n%s", filepath.Base(file), err, b)
		}
		return string(b)
	}
	a, b := run(plain), run(packed)
	if a != b || !strings.Contains(a, "63 values, digest") {
		t.Errorf("the plain program printed %q, the packed one %q", a, b)
	}
}

// buildSparse builds testdata/sparse for the browser into file, linked
// with ldflags, and returns the file's bytes.
func buildSparse(t *testing.T, file, ldflags string) []byte {
	t.Helper()
	if _, err := gocmd.Run("", []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags="+ldflags, "-o", file, "./testdata/sparse"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func gocmdNode(node, execJS, file string) ([]byte, error) {
	return exec.Command(node, execJS, file).CombinedOutput()
}
