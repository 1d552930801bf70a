package save_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// smallWorld spawns a few entities of every kind and the resources.
func smallWorld(s *step) {
	a := s.C.Spawn(P{1, 2}, V{3})
	b := s.C.Spawn(N{"bee"}, L{To: a, W: 1}, T{})
	s.C.Spawn(L{To: b}, P{5, 6})
	s.C.Spawn(Unsaved{K: 1})
	s.C.InsertResource(R1{Count: 4, Boss: b})
	s.C.InsertResource(R2{Mode: "small"})
}

// goodSave returns a rig with smallWorld and its save "good", and the
// save's bytes.
func goodSave(t *testing.T) (*rig, []byte) {
	t.Helper()
	r := newRig(t, nil, nil, "test")
	r.run(smallWorld)
	r.run(func(s *step) { s.Saves.Save("good") })
	if res := r.last(); res.Err != nil || res.Entities != 3 {
		t.Fatalf("save: %v, want 3 entities", res)
	}
	data, err := r.store.Read("good")
	if err != nil {
		t.Fatal(err)
	}
	return r, data
}

// resum rewrites a file's length and checksum to match its body, so that
// a test can hand the loader a body that is wrong in other ways.
func resum(data []byte) []byte {
	out := append([]byte(nil), data...)
	body := out[24:]
	binary.LittleEndian.PutUint64(out[12:], uint64(len(body)))
	binary.LittleEndian.PutUint32(out[20:], crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	return out
}

// loadBad stores data as "bad" in r's store, loads it, and checks that
// the load failed with an error that names the save's place and wraps
// kind (if not nil), and that the world did not change. It returns the
// error.
func loadBad(t *testing.T, r *rig, what string, data []byte, kind error, parts ...string) error {
	t.Helper()
	before, ids := r.look(), r.ids
	if err := r.store.Write("bad", data); err != nil {
		t.Fatal(err)
	}
	r.run(func(s *step) { s.Saves.Load("bad") })
	res := r.last()
	if res.Op != save.Load || res.Name != "bad" {
		t.Fatalf("%s: last result %v, want the load of bad", what, res)
	}
	if kind != nil {
		wantErr(t, what, res.Err, kind, append(parts, "memory:bad")...)
	} else if res.Err == nil || !strings.Contains(res.Err.Error(), "memory:bad") {
		t.Errorf("%s: error %v, want one naming memory:bad", what, res.Err)
	}
	if after := r.look(); after != before || r.ids != ids {
		t.Fatalf("%s: a failed load changed the world:\n%s\n%s\nwas:\n%s\n%s", what, after, r.ids, before, ids)
	}
	return res.Err
}

// A save cut short at any byte is reported as truncated and changes
// nothing; so is every file with one byte flipped, each with an error
// that says what is wrong. The game goes on, and loads a good save
// afterwards.
func TestTruncatedAndFlipped(t *testing.T) {
	r, data := goodSave(t)
	r.run(func(s *step) { s.C.Spawn(P{X: 100}) }) // the world differs from the save
	for n := range len(data) {
		loadBad(t, r, fmt.Sprintf("truncated to %d bytes", n), data[:n], save.ErrTruncated)
	}
	kinds := map[string]int{}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0xff
		err := loadBad(t, r, fmt.Sprintf("byte %d flipped", i), bad, nil)
		for _, k := range []error{save.ErrNotSave, save.ErrFormat, save.ErrTruncated, save.ErrCorrupt} {
			if errors.Is(err, k) {
				kinds[k.Error()]++
			}
		}
	}
	t.Logf("%d-byte save; flipped bytes reported as %v", len(data), kinds)
	if kinds["save file corrupt"] < len(data)-24 {
		t.Errorf("flips in the body reported as %v, want every one as corrupt (checksum)", kinds)
	}
	r.run(func(s *step) { s.Saves.Load("good") })
	if res := r.last(); res.Err != nil || res.Entities != 3 {
		t.Errorf("loading the good save after the bad ones: %v", res)
	}
}

// Failed loads leave no trace: the ids later spawns get are the ones they
// would have got.
func TestFailedLoadsKeepIDs(t *testing.T) {
	spawned := func(bad bool) glue.Entity {
		r, data := goodSave(t)
		if bad {
			broken := resum(append(data[:len(data)-2:len(data)-2], 0xff, 0xff))
			r.store.Write("bad", broken) // decodes once: the last value is wrong
			r.store.Write("cut", data[:40])
			r.run(func(s *step) { s.Saves.Load("bad") }, func(s *step) { s.Saves.Load("cut") })
		}
		var e glue.Entity
		r.run(func(s *step) { e = s.C.Spawn(P{}) })
		return e
	}
	if a, b := spawned(false), spawned(true); a != b {
		t.Errorf("after failed loads a spawn got %v, without them %v", b, a)
	}
}

// A decoder that decodes a value once and fails the second time, with
// the loaded entities' ids, leaves the world and its ids as they were:
// the ids reserved for the load are given back.
func TestSecondDecodeFails(t *testing.T) {
	spawned := func(fickle bool) (glue.Entity, string) {
		reg := codec.NewRegistry()
		for _, c := range testRegistry().Codecs() {
			if c.Name() != "save_test.L" || !fickle {
				copyCodec(reg, c)
			}
		}
		if fickle {
			calls := 0
			register(reg, 2, enc[L](testRegistry()), func(r *codec.Reader) (L, error) {
				if calls++; calls > 2 { // smallWorld has two
					return L{}, errors.New("not today")
				}
				return L{r.Entity(), r.Int()}, nil
			})
		}
		r := newRig(t, nil, reg, "test")
		r.run(smallWorld)
		r.run(func(s *step) { s.Saves.Save("s") })
		var err error
		if fickle {
			err = loadBad(t, r, "fickle decoder", mustRead(t, r.store, "s"), save.ErrCorrupt, "decoded once, then failed", "not today")
		}
		var e glue.Entity
		r.run(func(s *step) { e = s.C.Spawn(P{}) })
		return e, fmt.Sprint(err)
	}
	a, _ := spawned(false)
	b, err := spawned(true)
	if a != b {
		t.Errorf("after the failed load a spawn got %v, without it %v (%s)", b, a, err)
	}
}

func mustRead(t *testing.T, s save.Store, name string) []byte {
	t.Helper()
	d, err := s.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Every other way a file can be wrong is a clear error of its kind.
func TestBadFiles(t *testing.T) {
	r, data := goodSave(t)
	r.run(func(s *step) { s.C.Spawn(P{X: 100}) })

	magic := append([]byte("PNG\r\n\x1a\n\x00"), data[8:]...)
	loadBad(t, r, "wrong magic", magic, save.ErrNotSave, `"PNG\r\n\x1a\n\x00"`, `not "GLUESAVE"`)
	loadBad(t, r, "text file", []byte("hello, this is not a save file at all"), save.ErrNotSave)

	v3 := append([]byte(nil), data...)
	binary.LittleEndian.PutUint16(v3[8:], 3)
	err := loadBad(t, r, "format version 3", v3, save.ErrFormat, "format version 3", "reads version 2")
	if !errors.Is(err, save.ErrNewer) || save.Reason(err) != "Save from newer version" {
		t.Errorf("newer format: %v (%q), want ErrNewer", err, save.Reason(err))
	}
	v1 := append([]byte(nil), data...)
	binary.LittleEndian.PutUint16(v1[8:], 1)
	err = loadBad(t, r, "format version 1", v1, save.ErrFormat, "format version 1", "before derived codecs")
	if errors.Is(err, save.ErrNewer) || save.Reason(err) != "Save from old version" {
		t.Errorf("older format: %v (%q), want ErrFormat alone", err, save.Reason(err))
	}

	flags := append([]byte(nil), data...)
	flags[10] = 1
	loadBad(t, r, "unknown flags", flags, save.ErrFormat, "flags 0x1")

	loadBad(t, r, "bytes after the body", append(append([]byte(nil), data...), 0), save.ErrCorrupt, "which says")

	sum := append([]byte(nil), data...)
	sum[20]++
	loadBad(t, r, "checksum", sum, save.ErrCorrupt, "checksum")

	// Another game's save.
	other := newRig(t, r.store, nil, "other")
	other.run(smallWorld)
	other.run(func(s *step) { s.Saves.Save("bad") })
	foreign, _ := r.store.Read("bad")
	loadBad(t, r, "another game's save", foreign, save.ErrForeign, `"other"`, `"test"`)

	// A type of another version.
	vreg := codec.NewRegistry()
	register(vreg, 2,
		func(p *P, w *codec.Writer) { w.Float64(p.X); w.Float64(p.Y) },
		func(r *codec.Reader) (P, error) { return P{r.Float64(), r.Float64()}, nil })
	v2r := newRig(t, r.store, vreg, "test", func(p *save.Plugin) { p.Resources = nil })
	v2r.run(func(s *step) { s.C.Spawn(P{1, 1}) })
	v2r.run(func(s *step) { s.Saves.Save("bad") })
	mismatch, _ := r.store.Read("bad")
	loadBad(t, r, "version mismatch", mismatch, save.ErrTypes, "save_test.P was written by a codec of version 2", "version 1")

	// A codec written by hand that changed without a new version: the
	// error names the type, what it read and where (not only "data
	// truncated").
	sreg := codec.NewRegistry()
	register(sreg, 1,
		func(p *P, w *codec.Writer) { w.Float64(p.X) },
		func(r *codec.Reader) (P, error) { return P{X: r.Float64()}, nil })
	sr := newRig(t, r.store, sreg, "test", func(p *save.Plugin) { p.Resources = nil })
	sr.run(func(s *step) { s.C.Spawn(P{1, 1}) })
	sr.run(func(s *step) { s.Saves.Save("bad") })
	short, _ := r.store.Read("bad")
	loadBad(t, r, "a value shorter than its decoder reads", short, save.ErrCorrupt,
		"codec: decoding save_test.P: data truncated: float64 needs 8 bytes at offset 8, 0 left")

	// Right checksum, wrong insides.
	types := func(w *codec.Writer, names ...string) {
		w.Text("test")
		w.Uvarint(uint64(len(names)))
		for _, n := range names {
			testRegistry().ByName(n).Schema().Encode(w)
		}
	}
	// groupOfT writes the start of a file of one group, of type T alone,
	// with n entities: the type table, no resources, the group's head.
	groupOfT := func(w *codec.Writer, n int) {
		types(w, "save_test.T")
		w.Uvarint(0)         // resources
		w.Uvarint(1)         // groups
		w.Uvarint(1)         // the group's types
		w.Uvarint(0)         // T
		w.Uvarint(uint64(n)) // entities
	}
	for _, c := range []struct {
		what, want string
		body       func(w *codec.Writer)
		pad        bool // add bytes the loader never gets to
	}{
		{"type listed twice", "save_test.P listed twice", func(w *codec.Writer) {
			types(w, "save_test.P", "save_test.P")
		}, false},
		{"resource index out of range", "type index 3, but the file lists 1 types", func(w *codec.Writer) {
			types(w, "save_test.R1")
			w.Uvarint(1)
			w.Uvarint(3)
		}, true},
		{"group without types", "group 0 has no types", func(w *codec.Writer) {
			types(w, "save_test.T")
			w.Uvarint(0)
			w.Uvarint(1)
			w.Uvarint(0)
		}, true},
		{"types out of order", "type index 0 after 1", func(w *codec.Writer) {
			types(w, "save_test.T", "save_test.P")
			w.Uvarint(0)
			w.Uvarint(1)
			w.Uvarint(2)
			w.Uvarint(1)
			w.Uvarint(0)
		}, true},
		{"group without entities", "group 0 has no entities", func(w *codec.Writer) {
			groupOfT(w, 0)
		}, true},
		{"entity 0", "an entity saved as 0", func(w *codec.Writer) {
			groupOfT(w, 1)
			w.Entity(0)
			w.Blob(nil)
		}, false},
		{"entity saved twice", "saved twice", func(w *codec.Writer) {
			groupOfT(w, 2)
			for range 2 {
				w.Entity(glue.Entity(5 << 32))
				w.Blob(nil)
			}
		}, false},
		{"a tag with a payload", "1 bytes left unread", func(w *codec.Writer) {
			groupOfT(w, 1)
			w.Entity(glue.Entity(5 << 32))
			w.Blob([]byte{1})
		}, false},
		{"bytes after the last entity", "2 bytes after the last entity", func(w *codec.Writer) {
			types(w)
			w.Uvarint(0)
			w.Uvarint(0)
			w.Uint16(7)
		}, false},
		{"a huge count", "type table: codec: data truncated: 1152921504606846976 elements of at least 4 bytes at offset 14, 0 bytes left", func(w *codec.Writer) {
			w.Text("test")
			w.Uvarint(1 << 60)
		}, false},
	} {
		var w codec.Writer
		w.Raw(make([]byte, 24))
		c.body(&w)
		if c.pad {
			w.Raw(make([]byte, 8))
		}
		file := resum(w.Data())
		copy(file, "GLUESAVE")
		file[8] = 2
		loadBad(t, r, c.what, file, save.ErrCorrupt, c.want)
	}
	loadBad(t, r, "value that does not decode", resum(append(data[:len(data)-2:len(data)-2], 0xff, 0xff)), save.ErrCorrupt, "entity", "save_test.")
	loadBad(t, r, "body cut short", resum(data[:len(data)-3]), save.ErrCorrupt, "data truncated: blob needs 16 bytes at offset")

	// No such save.
	r.run(func(s *step) { s.Saves.Load("nothing") })
	wantErr(t, "missing save", r.last().Err, save.ErrNotFound, "memory:nothing")
	if !strings.Contains(r.logs.String(), "save: load failed") || !strings.Contains(r.logs.String(), "memory:bad") {
		t.Errorf("failed loads are not logged with the place:\n%s", r.logs.String())
	}
	// A first run, with nothing saved, is not a warning.
	if !strings.Contains(r.logs.String(), `level=INFO msg="save: nothing to load" name=nothing where=memory:nothing`) {
		t.Errorf("a missing save is not logged at Info:\n%s", r.logs.String())
	}
	if save.Reason(r.last().Err) != "No save yet" {
		t.Errorf("Reason(missing) = %q", save.Reason(r.last().Err))
	}
}

// A decoder that panics is an error naming its type; the game goes on.
func TestPanickingDecoder(t *testing.T) {
	r, data := goodSave(t)
	reg := codec.NewRegistry()
	register(reg, 1,
		func(n *N, w *codec.Writer) { w.Text(n.S) },
		func(r *codec.Reader) (N, error) { panic("boom") })
	for _, c := range testRegistry().Codecs() {
		if c.Name() != "save_test.N" {
			copyCodec(reg, c)
		}
	}
	p := newRig(t, r.store, reg, "test")
	p.run(smallWorld)
	loadBad(t, p, "panicking decoder", data, save.ErrCorrupt, "decoder of save_test.N panicked: boom")
}

// copyCodec registers in reg the test type c registers, with the test
// codec.
func copyCodec(reg *codec.Registry, c *codec.Codec) {
	t := testRegistry()
	switch c.Name() {
	case "save_test.P":
		register(reg, c.Schema().Version, enc[P](t), dec[P](t))
	case "save_test.V":
		register(reg, c.Schema().Version, enc[V](t), dec[V](t))
	case "save_test.L":
		register(reg, c.Schema().Version, enc[L](t), dec[L](t))
	case "save_test.T":
		registerTag[T](reg, c.Schema().Version)
	case "save_test.R1":
		register(reg, c.Schema().Version, enc[R1](t), dec[R1](t))
	case "save_test.R2":
		register(reg, c.Schema().Version, enc[R2](t), dec[R2](t))
	}
}

func enc[T any](reg *codec.Registry) func(*T, *codec.Writer) {
	_, e, _ := codec.Of[T](reg)
	return e
}

func dec[T any](reg *codec.Registry) func(*codec.Reader) (T, error) {
	c, _, _ := codec.Of[T](reg)
	return func(r *codec.Reader) (T, error) {
		v, err := c.Decode(r)
		if err != nil {
			var zero T
			return zero, err
		}
		return v.(T), nil
	}
}

// Saving fails clearly too — a store that cannot write, an encoder that
// panics — and the game goes on.
func TestSaveFailures(t *testing.T) {
	r := newRig(t, failingStore{}, nil, "test")
	r.run(smallWorld)
	r.run(func(s *step) { s.Saves.Save("x") })
	wantErr(t, "store that fails", r.last().Err, errDisk, `save "x" to disk:x`)
	if err := r.last().Err; !errors.Is(err, save.ErrStorage) || save.Reason(err) != "Storage unavailable" {
		t.Errorf("store error %v (%q), want ErrStorage", err, save.Reason(err))
	}

	reg := codec.NewRegistry()
	for _, c := range testRegistry().Codecs() {
		if c.Name() != "save_test.V" {
			copyCodec(reg, c)
		}
	}
	register(reg, 1, func(*V, *codec.Writer) { panic("bang") }, dec[V](testRegistry()))
	p := newRig(t, nil, reg, "test")
	p.run(smallWorld)
	p.run(func(s *step) { s.Saves.Save("x") })
	if err := p.last().Err; err == nil || !strings.Contains(err.Error(), "encoder of save_test.V panicked: bang") {
		t.Errorf("panicking encoder: %v", err)
	}
	if _, err := p.store.Read("x"); err == nil {
		t.Error("a failed save was stored")
	}
	p.run(func(s *step) { s.C.Spawn(P{}) }) // goes on
}

var errDisk = errors.New("disk full")

type failingStore struct{}

func (failingStore) Write(string, []byte) error  { return errDisk }
func (failingStore) Read(string) ([]byte, error) { return nil, errDisk }
func (failingStore) Where(name string) string    { return "disk:" + name }

// Names are checked when a save or load is asked for.
func TestBadNames(t *testing.T) {
	r := newRig(t, nil, nil, "test")
	var errs []error
	r.run(func(s *step) {
		for _, n := range []string{"", "../up", ".hidden", "a/b", "sp ace", strings.Repeat("x", 65)} {
			errs = append(errs, s.Saves.Save(n), s.Saves.Load(n))
		}
		if err := s.Saves.Save("ok-1_2.x"); err != nil {
			errs = append(errs, err)
		}
	})
	for i, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "save: invalid save name") {
			t.Errorf("request %d: %v, want an invalid name error", i, err)
		}
	}
	if len(errs) != 12 {
		t.Errorf("%d errors, want 12 (a valid name is fine)", len(errs))
	}
}

// The plugin's mistakes are build or startup errors that say how to fix
// them.
func TestPluginMistakes(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(save.Plugin{})
	err := app.Build()
	for _, want := range []string{"save: Plugin.Game is required", "save: Plugin.Registry is required"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Build = %v, want %q", err, want)
		}
	}
	app.Close()

	type Unregistered struct{}
	bad := newRig(t, nil, nil, "test", func(p *save.Plugin) {
		p.Resources = append(p.Resources, glue.TypeOf[Unregistered]())
	})
	if err := bad.app.Build(); err == nil || !strings.Contains(err.Error(), "Plugin.Resources lists save_test.Unregistered, which the registry does not register") {
		t.Errorf("Build = %v, want the unregistered resource named", err)
	}

	// A listed resource whose registration failed: the registry's own
	// error says why (a stranger's map field), not "register it", which
	// they had done.
	type WithMap struct{ Set map[string]bool }
	failed := codec.NewRegistry()
	codec.Register[WithMap](failed)
	m := newRig(t, nil, failed, "test", func(p *save.Plugin) { p.Resources = []glue.Type{glue.TypeOf[WithMap]()} })
	if err := m.app.Build(); err == nil || !strings.Contains(err.Error(), "its registrations failed") || !strings.Contains(err.Error(), "field Set") {
		t.Errorf("Build = %v, want the registry's error about the map field", err)
	}

	dup := codec.NewRegistry()
	registerTag[T](dup, 1)
	registerTag[T](dup, 1)
	d := newRig(t, nil, dup, "test", func(p *save.Plugin) { p.Resources = nil })
	// At Build, with the app's other problems: before, the first Update
	// (the registry sealed) said it.
	if err := d.app.Build(); err == nil || !strings.Contains(err.Error(), "type save_test.T registered twice") {
		t.Errorf("Build = %v, want the registry's mistake", err)
	}
	if err := d.app.Update(); err == nil || !strings.Contains(err.Error(), "type save_test.T registered twice") {
		t.Errorf("first Update = %v, want the registry's mistake", err)
	}

	// A system that asks for saves needs the plugin.
	app = glue.NewApp()
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[save.Saves]) {}))
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "save.Plugin") {
		t.Errorf("Build without the plugin = %v, want it named", err)
	}
	app.Close()
}

// A resource Plugin.Resources lists that the app does not hold when it
// saves is not saved, and the save's Result says so in its Notes and
// the log (a Warn); before, it was left out in silence, and a load of
// that save said it "predates" the resource.
func TestSaveNotesAResourceTheAppDoesNotHold(t *testing.T) {
	r := newRig(t, nil, nil, "test")
	r.app.InsertResource(R1{Count: 3}) // R2 is listed, never inserted
	r.run(func(s *step) { s.Saves.Save("slot") })
	res := r.last()
	if res.Err != nil {
		t.Fatalf("save: %v", res.Err)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "the app holds no save_test.R2") || !strings.Contains(res.Notes[0], "not saved") {
		t.Errorf("Notes %q, want one naming save_test.R2, not saved", res.Notes)
	}
	if logs := r.logs.String(); !strings.Contains(logs, "level=WARN") || !strings.Contains(logs, "the app holds no save_test.R2") {
		t.Errorf("the log does not warn of it:\n%s", logs)
	}
}
