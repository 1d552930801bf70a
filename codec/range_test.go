package codec_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue/codec"
)

// Steer is a network input: a steering axis from -1 to 1.
type Steer struct{ Axis float64 }

// A value outside its Range does not decode: a server refuses the input.
func ExampleRange() {
	reg := codec.NewRegistry()
	codec.Register[Steer](reg, codec.Range("Axis", -1, 1), codec.Float32())
	c, enc, _ := codec.Of[Steer](reg)
	for _, axis := range []float64{0.5, 5} {
		var w codec.Writer
		enc(&Steer{Axis: axis}, &w)
		fmt.Println(c.Decode(codec.NewReader(w.Data())))
	}
	// Output:
	// {0.5} <nil>
	// <nil> codec: decoding codec_test.Steer: Axis 5 outside [-1, 1]
}

// TestRange: every number kind, nested fields and NaN are checked; a
// field that is missing or not a number is a registration error.
func TestRange(t *testing.T) {
	type pos struct{ X float32 }
	type all struct {
		I   int8
		U   uint16
		N   int
		F   float64
		Pos pos
	}
	reg := codec.NewRegistry()
	codec.Register[all](reg, codec.Range("I", -2, 2), codec.Range("U", 0, 10), codec.Range("N", 1, 3), codec.Range("F", 0, 1), codec.Range("Pos.X", -5, 5))
	c, enc, err := codec.Of[all](reg)
	if err != nil {
		t.Fatal(err)
	}
	ok := all{I: -2, U: 10, N: 1, F: 1, Pos: pos{X: 5}}
	for _, tc := range []struct {
		v    all
		want string
	}{
		{ok, ""},
		{all{I: 3, U: 1, N: 1}, "I 3 outside [-2, 2]"},
		{all{U: 11, N: 1}, "U 11 outside [0, 10]"},
		{all{N: 4}, "N 4 outside [1, 3]"},
		{all{N: 2, F: math.NaN()}, "F NaN outside [0, 1]"},
		{all{N: 2, Pos: pos{X: -6}}, "Pos.X -6 outside [-5, 5]"},
	} {
		var w codec.Writer
		enc(&tc.v, &w)
		_, err := c.Decode(codec.NewReader(w.Data()))
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && !strings.HasSuffix(got, ": "+tc.want) {
			t.Errorf("%+v: error %v; want %q", tc.v, err, tc.want)
		}
	}
	type text struct{ S string }
	bad := codec.NewRegistry()
	codec.Register[Steer](bad, codec.Range("Speed", 0, 1))
	codec.Register[text](bad, codec.Range("S", 0, 1))
	err = bad.Err()
	if err == nil || !strings.Contains(err.Error(), "Range names Speed, which codec_test.Steer does not have") || !strings.Contains(err.Error(), "Range names S, a string; a range is for a number field") {
		t.Errorf("registration errors: %v", err)
	}
}
