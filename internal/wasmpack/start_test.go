package wasmpack

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue/internal/gocmd"
)

// sections lists a module's sections as id and body, custom sections
// keyed by their name.
func sections(t *testing.T, m []byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	r := reader{b: m, i: 8}
	for r.i < len(m) {
		id := r.byte()
		body := r.bytes(r.u32())
		key := string(rune('0' + id))
		if id == 0 {
			b := reader{b: body}
			key = "custom " + string(b.bytes(b.u32()))
		}
		if r.err != nil {
			t.Fatal(r.err)
		}
		out[key] = body
	}
	return out
}

// TestStartAGoProgram builds testdata/sparse for the browser keeping its
// names, writes a start profile of every one of its functions into it
// (Start), and checks that the result is the stripped (-s) build but
// for the build ID, the profile and the three exports; that the loader's
// own compiling worker (web/static/loader.js, run in Node by
// testdata/startworker.mjs) calls every function of the profile and
// none hangs; and that the program still prints what it printed.
func TestStartAGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the program with (make deps-test installs it)")
	}
	dir := t.TempDir()
	build := func(name, ldflags string) []byte {
		packed, _, err := Pack(buildSparse(t, filepath.Join(dir, name), ldflags))
		if err != nil {
			t.Fatal(err)
		}
		return packed
	}
	named, stripped := build("named.wasm", "-w"), build("stripped.wasm", "-s -w")
	if _, _, err := Start(stripped, []string{"main.main"}); err == nil || !strings.Contains(err.Error(), "-ldflags=-w") {
		t.Errorf("Start of a -s build: %v, want an error that says to link with -ldflags=-w", err)
	}
	names, err := Names(named)
	if err != nil {
		t.Fatal(err)
	}
	var profile []string
	for _, n := range names {
		profile = append(profile, n)
	}
	slices.Sort(profile)
	profile = append(profile, "no.such.function")
	out, st, err := Start(named, profile)
	if err != nil {
		t.Fatal(err)
	}
	if st.Listed != len(profile) || st.Found != len(names) {
		t.Errorf("Start found %d of %d names, want %d of %d", st.Found, st.Listed, len(names), len(profile))
	}
	if _, _, err := Start(out, profile); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("Start of a module with a profile: %v, want an error that says it has one already", err)
	}

	// The stripped build, but for the build ID, the profile and the exports.
	got, want := sections(t, out), sections(t, stripped)
	for key, body := range want {
		switch key {
		case "custom go:buildid":
			if len(got[key]) != len(body) {
				t.Errorf("the build ID section is %d bytes, the stripped build's %d", len(got[key]), len(body))
			}
		case "7": // exports: the stripped build's and three more
			if !bytes.Contains(got[key], body[1:]) || !bytes.Contains(got[key], []byte(ExportTable)) || !bytes.Contains(got[key], []byte(ExportSP)) || !bytes.Contains(got[key], []byte(ExportG)) {
				t.Errorf("the export section does not hold the stripped build's exports and %s, %s and %s", ExportTable, ExportSP, ExportG)
			}
		default:
			if !bytes.Equal(got[key], body) {
				t.Errorf("section %s differs from the stripped build's", key)
			}
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok && key != "custom "+StartSection {
			t.Errorf("section %s is not in the stripped build", key)
		}
	}
	if _, ok := got["custom name"]; ok {
		t.Error("the names were kept")
	}

	file := filepath.Join(dir, "start.wasm")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := exec.CommandContext(ctx, node, "testdata/startworker.mjs", "../../web/static/loader.js", file).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the loader's worker did not finish within 2 minutes: a function it called hangs\n%s", b)
	}
	if err != nil {
		t.Fatalf("the loader's worker in node: %v\n%s", err, b)
	}
	var rep struct {
		Functions, Traps, Returns, Other int
		Error                            string
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	t.Logf("the worker called %d functions: %d trapped, %d returned, %d could not be called with one number", rep.Functions, rep.Traps, rep.Returns, rep.Other)
	if rep.Error != "" || rep.Functions != len(names) || rep.Traps+rep.Returns+rep.Other != rep.Functions {
		t.Errorf("the worker reported %+v, want all %d functions called", rep, len(names))
	}
	if rep.Other > rep.Functions/100 {
		t.Errorf("%d of %d functions could not be called with one number", rep.Other, rep.Functions)
	}

	root, err := gocmd.Run("", nil, "env", "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	if b, err := gocmdNode(node, execJS, file); err != nil || !strings.Contains(string(b), "63 values, digest") {
		t.Errorf("the program with its profile: %v\n%s", err, b)
	}
}
