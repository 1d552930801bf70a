package wasmpack

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// StartSection is the name of the custom section Start writes: the
// function-table slots of a module's start profile, as a count and that
// many unsigned LEB128 numbers, in the order the page first calls them.
// web/static/loader.js reads it (WebAssembly.Module.customSections).
const StartSection = "glue.start"

// The exports Start adds, which the loader's compiling worker uses: Go's
// function table, and its SP and g registers (globals 0 and 2 of every
// module Go's linker writes).
const (
	ExportTable = "glue_table"
	ExportSP    = "glue_sp"
	ExportG     = "glue_g"
)

// StartStats says what Start did.
type StartStats struct {
	Listed, Found int // names in the profile, and of them functions in the module
}

// Start prepares module, linked with its names (-ldflags=-w, not -s), for
// the loader's compiling worker: it writes the functions named in profile
// — a start profile, the functions the page runs before its first frame,
// in the order it first calls them — into a custom section (StartSection)
// as slots of Go's function table, exports that table and the SP and g
// registers, and drops the names, so that the module is the one a -s
// build gives but for its build ID, the section and the exports. Names
// the module does not have (the profile was recorded from an older
// build) are left out and counted.
//
// V8 compiles a WebAssembly function the first time it is called, on
// the calling thread; the worker calls the listed functions in an
// instance of its own with its stack and goroutine registers pointing
// past its memory, so that each is compiled, for every instance of the
// module, and traps at its first memory access having done nothing
// (docs/web.md, "The start compiled on a second thread").
func Start(module []byte, profile []string) ([]byte, StartStats, error) {
	st := StartStats{Listed: len(profile)}
	all, err := split(module)
	if err != nil {
		return nil, st, err
	}
	var spans []span
	imports := -1
	started := false
	var names map[string]uint32 // function name -> index
	slot := map[uint32]uint32{} // function index -> table slot
	for _, s := range all {
		switch s.id {
		case 0:
			started = started || s.custom == StartSection
			if s.custom == "name" {
				if names, err = functionNames(s.content); err != nil {
					return nil, st, err
				}
				continue // dropped
			}
		case 2:
			imports, err = functionImports(s.body)
		case 9:
			err = tableSlots(s.body, slot)
		}
		if err != nil {
			return nil, st, err
		}
		spans = append(spans, s)
	}
	if names == nil && started {
		return nil, st, errors.New("wasmpack: the module has a start profile already, and no function names: build it again (remove the file first: go build leaves a current file alone)")
	}
	if names == nil {
		return nil, st, errors.New("wasmpack: the module has no function names: link it with -ldflags=-w, not -s, for a start profile")
	}
	if imports < 0 || len(slot) == 0 {
		return nil, st, errors.New("wasmpack: the module has no imports or no function table: not a module Go's linker wrote")
	}
	var slots []byte
	for _, name := range profile {
		f, ok := names[name]
		if !ok {
			continue
		}
		s, ok := slot[f]
		if !ok {
			continue
		}
		st.Found++
		slots = appendU32(slots, s)
	}
	custom := appendU32(nil, uint32(len(StartSection)))
	custom = append(custom, StartSection...)
	custom = appendU32(custom, uint32(st.Found))
	custom = append(custom, slots...)

	out := bytes.NewBuffer(make([]byte, 0, len(module)+len(custom)+64))
	out.Write(module[:8])
	exported := false
	for _, s := range spans {
		if s.id != 7 {
			out.Write(module[s.start:s.end])
			continue
		}
		b := reader{b: s.body}
		n := b.u32()
		if b.err != nil {
			return nil, st, fmt.Errorf("wasmpack: export section: %w", b.err)
		}
		body := appendU32(nil, n+3)
		body = append(body, s.body[b.i:]...)
		for _, e := range []struct {
			name        string
			kind, index byte
		}{{ExportTable, 1, 0}, {ExportSP, 3, 0}, {ExportG, 3, 2}} {
			body = appendU32(body, uint32(len(e.name)))
			body = append(body, e.name...)
			body = append(body, e.kind, e.index)
		}
		writeSection(out, 7, body)
		exported = true
	}
	if !exported {
		return nil, st, errors.New("wasmpack: the module exports nothing: not a module Go's linker wrote")
	}
	writeSection(out, 0, custom)
	return out.Bytes(), st, nil
}

// functionImports counts the functions a module's import section imports
// (their indices come before the module's own functions).
func functionImports(body []byte) (int, error) {
	r := reader{b: body}
	n := int(r.u32())
	fns := 0
	for k := 0; k < n && r.err == nil; k++ {
		r.bytes(r.u32()) // module
		r.bytes(r.u32()) // name
		switch kind := r.byte(); kind {
		case 0: // function: its type
			r.u32()
			fns++
		default:
			return 0, fmt.Errorf("wasmpack: an import of kind %d: not a module Go's linker wrote", kind)
		}
	}
	if r.err != nil {
		return 0, fmt.Errorf("wasmpack: import section: %w", r.err)
	}
	return fns, nil
}

// tableSlots reads a module's element section, as Go's linker writes it
// (active segments of function indices into table 0 at a constant
// offset), into slot: function index -> its first table slot.
func tableSlots(body []byte, slot map[uint32]uint32) error {
	r := reader{b: body}
	n := int(r.u32())
	for k := 0; k < n && r.err == nil; k++ {
		if flags := r.u32(); flags != 0 {
			return fmt.Errorf("wasmpack: element segment %d has flags %d: not a module Go's linker wrote", k, flags)
		}
		if r.byte() != 0x41 {
			return fmt.Errorf("wasmpack: element segment %d has no constant offset", k)
		}
		off := r.s32()
		if r.byte() != 0x0b || off < 0 {
			return fmt.Errorf("wasmpack: element segment %d has no constant offset", k)
		}
		m := int(r.u32())
		for j := 0; j < m && r.err == nil; j++ {
			f := r.u32()
			if _, ok := slot[f]; !ok {
				slot[f] = uint32(off) + uint32(j)
			}
		}
	}
	if r.err != nil {
		return fmt.Errorf("wasmpack: element section: %w", r.err)
	}
	return nil
}

// functionNames reads the function names of a name section's body (after
// its name): index by name.
func functionNames(body []byte) (map[string]uint32, error) {
	names := map[string]uint32{}
	r := reader{b: body}
	for r.i < len(body) && r.err == nil {
		id := r.byte()
		sub := r.bytes(r.u32())
		if id != 1 {
			continue
		}
		s := reader{b: sub}
		n := int(s.u32())
		for k := 0; k < n && s.err == nil; k++ {
			f := s.u32()
			name := string(s.bytes(s.u32()))
			if _, dup := names[name]; !dup {
				names[name] = f
			}
		}
		if s.err != nil {
			return nil, fmt.Errorf("wasmpack: name section: %w", s.err)
		}
	}
	if r.err != nil {
		return nil, fmt.Errorf("wasmpack: name section: %w", r.err)
	}
	return names, nil
}

// Names returns a module's function names by function index, from its
// name section (a module linked with -ldflags=-w keeps it), for
// recording start profiles: V8's trace names a function by its index.
func Names(module []byte) (map[uint32]string, error) {
	content, err := customSection(module, "name")
	if err != nil {
		return nil, err
	}
	if content == nil {
		return nil, errors.New("wasmpack: the module has no function names: link it with -ldflags=-w, not -s")
	}
	byName, err := functionNames(content)
	if err != nil {
		return nil, err
	}
	out := make(map[uint32]string, len(byName))
	for n, f := range byName {
		out[f] = n
	}
	return out, nil
}

// ReadProfile reads a start profile (a game's webstart.txt): one function
// name a line; blank lines and lines starting with # are comments.
func ReadProfile(r io.Reader) ([]string, error) {
	var names []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			names = append(names, line)
		}
	}
	return names, sc.Err()
}

// StartSlots returns the table slots of a module's start profile (its
// StartSection), or nil if it has none.
func StartSlots(module []byte) ([]uint32, error) {
	content, err := customSection(module, StartSection)
	if content == nil || err != nil {
		return nil, err
	}
	b := reader{b: content}
	slots := make([]uint32, b.u32())
	for k := range slots {
		slots[k] = b.u32()
	}
	if b.err != nil {
		return nil, fmt.Errorf("wasmpack: %s section: %w", StartSection, b.err)
	}
	return slots, nil
}
