package save

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
)

// benchWorld returns an app whose world has n entities of the fuzz types
// — positions, half of them linked to another, a tenth tagged — and a
// function that runs fn with its world.
func benchWorld(b *testing.B, n int) func(fn func(w *glue.World) error) {
	app := glue.NewApp()
	b.Cleanup(app.Close)
	var fn func(w *glue.World) error
	var err error
	app.AddStartup(glue.Func(func(c glue.Commands) {
		var prev glue.Entity
		for i := range n {
			comps := []any{fzPos{float64(i), float64(-i)}}
			if i%2 == 1 {
				comps = append(comps, fzLink{To: prev, Name: "link"})
			}
			if i%10 == 0 {
				comps = append(comps, fzTag{})
			}
			prev = c.Spawn(comps...)
		}
		c.InsertResource(fzRes{N: n, Boss: prev})
	}))
	app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error { err = fn(w); return nil })
	}))
	return func(f func(w *glue.World) error) {
		fn = f
		if uerr := app.Update(); uerr != nil {
			b.Fatal(uerr)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave is the encoding of a world of n entities to a save file
// (no store); BenchmarkLoad the decoding and checking of the file and
// its application to the world (replacing the same number of entities).
// Both run inside one glue.Commands.Exclusive per op.
//
// The sizes' "hand" runs use the fuzz registry's codecs written by hand,
// the "derived" runs codec.Register's codecs of the same types (the same
// bytes but for the schemas in the type table).
func BenchmarkSave(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		for _, sp := range []struct {
			name string
			s    *spec
		}{{"hand", fuzzSpec}, {"derived", derivedSpec}} {
			b.Run(fmt.Sprint(n, "/", sp.name), func(b *testing.B) { benchSave(b, n, sp.s) })
		}
	}
}

func benchSave(b *testing.B, n int, s *spec) {
	with := benchWorld(b, n)
	var size int
	with(func(w *glue.World) error {
		for b.Loop() {
			data, _, err := encode(w, s)
			if err != nil {
				return err
			}
			size = len(data)
		}
		return nil
	})
	b.ReportMetric(float64(size), "file-bytes")
}

func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			with := benchWorld(b, n)
			with(func(w *glue.World) error {
				data, _, err := encode(w, fuzzSpec)
				if err != nil {
					return err
				}
				for b.Loop() {
					img, err := decode(data, fuzzSpec)
					if err != nil {
						return err
					}
					if err := img.apply(w, fuzzSpec); err != nil {
						return err
					}
				}
				return nil
			})
		})
	}
}
