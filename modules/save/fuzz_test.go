package save

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

var updateSeeds = flag.Bool("save.update-seeds", false, "rewrite testdata/fuzz/FuzzLoad from fuzzSeeds")

// The fuzzed game's types: a component with numbers and text, one with
// an entity reference, a tag, and a resource with a reference.
type (
	fzPos  struct{ X, Y float64 }
	fzLink struct {
		To   glue.Entity
		Name string
	}
	fzTag struct{}
	fzRes struct {
		N    int
		Boss glue.Entity
	}
)

func fuzzRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	register(reg, 1,
		func(p *fzPos, w *codec.Writer) { w.Float64(p.X); w.Float64(p.Y) },
		func(r *codec.Reader) (fzPos, error) { return fzPos{r.Float64(), r.Float64()}, nil })
	register(reg, 1,
		func(l *fzLink, w *codec.Writer) { w.Entity(l.To); w.Text(l.Name) },
		func(r *codec.Reader) (fzLink, error) { return fzLink{r.Entity(), r.Text()}, nil })
	registerTag[fzTag](reg, 1)
	register(reg, 1,
		func(v *fzRes, w *codec.Writer) { w.Int(v.N); w.Entity(v.Boss) },
		func(r *codec.Reader) (fzRes, error) {
			v := fzRes{r.Int(), r.Entity()}
			if v.N < 0 {
				return v, errors.New("negative N")
			}
			return v, nil
		})
	if err := reg.Seal(); err != nil {
		panic(err)
	}
	return reg
}

var fuzzSpec = &spec{game: "fuzz", reg: fuzzRegistry(), resources: []glue.Type{glue.TypeOf[fzRes]()}}

// derivedSpec saves the same types with derived codecs: its files hold
// field schemas, which the loader adapts.
var derivedSpec = func() *spec {
	reg := codec.NewRegistry()
	codec.Register[fzPos](reg)
	codec.Register[fzLink](reg)
	codec.Register[fzTag](reg)
	codec.Register[fzRes](reg)
	if err := reg.Seal(); err != nil {
		panic(err)
	}
	return &spec{game: "fuzz", reg: reg, resources: fuzzSpec.resources}
}()

// exclusive runs fn once with the world of a fresh app that has a few
// entities of its own (one saved, one not), and returns fn's error.
func exclusive(fn func(w *glue.World) error) error {
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(fzPos{X: 1})
		c.Spawn(struct{ Other int }{})
	}))
	var err error
	app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error { err = fn(w); return nil })
	}))
	if uerr := app.Update(); uerr != nil {
		return uerr
	}
	return err
}

// fuzzSave returns a save of a small world with every kind of value.
func fuzzSave(s *spec) []byte {
	var data []byte
	err := exclusive(func(w *glue.World) error {
		a := w.Reserve()
		b := w.Reserve()
		if err := w.SpawnReserved(a, fzPos{1, 2}, fzTag{}); err != nil {
			return err
		}
		if err := w.SpawnReserved(b, fzLink{To: a, Name: "b"}, fzPos{3, 4}); err != nil {
			return err
		}
		w.InsertResource(fzRes{N: 5, Boss: b})
		var err error
		data, _, err = encode(w, s)
		return err
	})
	if err != nil {
		panic(err)
	}
	return data
}

// fuzzSeeds returns good and broken save files, named.
func fuzzSeeds() map[string][]byte {
	good := fuzzSave(fuzzSpec)
	var empty []byte
	if err := exclusive(func(w *glue.World) error {
		var all []glue.Entity
		w.Each(func(e glue.Entity, _ []glue.Type) { all = append(all, e) })
		for _, e := range all {
			w.Despawn(e)
		}
		var err error
		empty, _, err = encode(w, fuzzSpec)
		return err
	}); err != nil {
		panic(err)
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)-2] ^= 0x40
	return map[string][]byte{
		"good":        good,
		"truncated":   good[:len(good)/2],
		"header":      good[:headerSize],
		"bad-magic":   append([]byte("GLUESAVF"), good[8:]...),
		"flipped":     flipped,
		"empty-world": empty,
		"nothing":     {},
		"derived":     fuzzSave(derivedSpec),
	}
}

// fixHeader makes data's length and checksum match its body, so that the
// fuzzer reaches the parser behind them.
func fixHeader(data []byte) []byte {
	if len(data) < headerSize {
		return data
	}
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint64(out[12:], uint64(len(out)-headerSize))
	binary.LittleEndian.PutUint32(out[20:], crc32.Checksum(out[headerSize:], castagnoli))
	return out
}

var kinds = []error{ErrNotSave, ErrFormat, ErrTruncated, ErrCorrupt, ErrForeign, ErrTypes}

// FuzzLoad feeds arbitrary bytes to the loader — as they are, and with
// the header's length and checksum made to match (fix), so that the
// fuzzer gets past the checksum to the parser. Nothing may panic; a
// rejected file's error must be of one of the kinds; an accepted file
// must apply to a world and spawn as many entities as it holds. Its seeds
// (testdata/fuzz/FuzzLoad and fuzzSeeds) run under plain go test.
func FuzzLoad(f *testing.F) {
	for _, seed := range fuzzSeeds() {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, data []byte, fix bool) {
		if fix {
			data = fixHeader(data)
		}
		for _, s := range []*spec{fuzzSpec, derivedSpec} {
			loadFuzzed(t, data, s)
		}
	})
}

// loadFuzzed loads data with s: it must be refused with an error of a
// kind, or load.
func loadFuzzed(t *testing.T, data []byte, s *spec) {
	img, err := decode(data, s)
	if err != nil {
		for _, k := range kinds {
			if errors.Is(err, k) {
				return
			}
		}
		t.Fatalf("error of no kind: %v", err)
	}
	err = exclusive(func(w *glue.World) error {
		before := w.Len()
		if err := img.apply(w, s); err != nil {
			return err
		}
		if got, want := w.Len(), before-1+img.n; got != want {
			return fmt.Errorf("%d entities after loading %d over 2 (1 saved), want %d", got, img.n, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The good seed loads, with its reference kept.
func TestFuzzSeedLoads(t *testing.T) {
	img, err := decode(fuzzSave(fuzzSpec), fuzzSpec)
	if err != nil {
		t.Fatal(err)
	}
	err = exclusive(func(w *glue.World) error {
		if err := img.apply(w, fuzzSpec); err != nil {
			return err
		}
		var link *fzLink
		w.Each(func(e glue.Entity, _ []glue.Type) {
			if l, ok := w.Component(e, glue.TypeOf[fzLink]()).(*fzLink); ok {
				link = l
			}
		})
		if link == nil || w.Component(link.To, glue.TypeOf[fzTag]()) == nil {
			return fmt.Errorf("link %v does not point at the tagged entity", link)
		}
		if r := w.Resource(glue.TypeOf[fzRes]()).(*fzRes); w.Component(r.Boss, glue.TypeOf[fzLink]()) == nil {
			return fmt.Errorf("resource %v does not point at the linked entity", r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWriteFuzzSeeds rewrites the seed corpus when run with
// -save.update-seeds.
func TestWriteFuzzSeeds(t *testing.T) {
	if !*updateSeeds {
		t.Skip("run with -save.update-seeds to rewrite testdata/fuzz/FuzzLoad")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzLoad")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	seeds := fuzzSeeds()
	names := make([]string, 0, len(seeds))
	for n := range seeds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, fix := range []bool{false, true} {
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nbool(%v)\n", seeds[name], fix)
			file := name
			if fix {
				file += "-fixed"
			}
			if err := os.WriteFile(filepath.Join(dir, file), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// register registers T with a codec written by hand, of the version.
func register[T any](reg *codec.Registry, version uint8, enc func(*T, *codec.Writer), dec func(*codec.Reader) (T, error)) {
	codec.RegisterFunc(reg, enc, dec, codec.Version(version))
}

// registerTag registers a tag type T, its codec derived, of the version.
func registerTag[T any](reg *codec.Registry, version uint8) {
	codec.Register[T](reg, codec.Version(version))
}
