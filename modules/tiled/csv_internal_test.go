package tiled

import (
	"slices"
	"strings"
	"testing"
)

func TestCSVGIDs(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []uint32
		err  string
	}{
		{"1,2,3", []uint32{1, 2, 3}, ""},
		{"\n1, 2,\n 3 ,\r\n4\n", []uint32{1, 2, 3, 4}, ""},
		{"0,2147483649,4294967295", []uint32{0, 2147483649, 4294967295}, ""},
		{"1,x,3", nil, `"x" is not a tile gid`},
		{"1,2 3", nil, `"2 3" is not a tile gid`},
		{"4294967296", nil, `"4294967296" is not a tile gid`},
		{"-1", nil, `"-1" is not a tile gid`},
	} {
		got, err := csvGIDs([]byte(c.in), nil)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}
