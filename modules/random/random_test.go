package random_test

import (
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/random"
)

// draw returns the next n numbers of r.
func draw(r *random.Rand, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = r.Uint64()
	}
	return out
}

// The same seed gives the same numbers, another seed others.
func TestSeed(t *testing.T) {
	a, b, c := random.New(7), random.New(7), random.New(8)
	x, y, z := draw(&a, 5), draw(&b, 5), draw(&c, 5)
	if !slices.Equal(x, y) || slices.Equal(x, z) {
		t.Errorf("seed 7: %v and %v; seed 8: %v", x, y, z)
	}
}

// A stream saved with its codec and loaded goes on with the same numbers.
func TestCodec(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[random.Rand](reg)
	if err := reg.Seal(); err != nil {
		t.Fatal(err)
	}
	r := random.New(3)
	draw(&r, 10)
	w := codec.NewWriter(nil)
	r.Encode(w)
	var back random.Rand
	if err := back.Decode(codec.NewReader(w.Data())); err != nil {
		t.Fatal(err)
	}
	if a, b := draw(&r, 5), draw(&back, 5); !slices.Equal(a, b) {
		t.Errorf("after a round trip: %v, want %v", b, a)
	}
	if err := back.Decode(codec.NewReader([]byte{3, 1, 2, 3})); err == nil {
		t.Error("a state of 3 bytes decoded without an error")
	}
}

// A checkpoint restores the stream: its copy shares nothing with the
// game's, which draws on after the save.
func TestCheckpoint(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(random.New(5))
	var got []uint64
	app.AddSystems(glue.Update, glue.Func(func(r glue.ResMut[random.Rand]) { got = append(got, r.Get().Uint64()) }))
	t.Cleanup(app.Close)
	var c glue.Checkpoint
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	first := got
	got = nil
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(first, got) {
		t.Errorf("after the rollback: %v, want %v again", got, first)
	}
}
