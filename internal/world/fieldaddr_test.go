package world

import (
	"reflect"
	"testing"
)

func TestFieldAddrReachesUnexportedFields(t *testing.T) {
	type inner struct{ n int }
	type outer struct {
		A string
		b inner
	}
	var o outer
	p, ok := FieldAddr(reflect.ValueOf(&o).Elem(), 1).(*inner)
	if !ok {
		t.Fatalf("FieldAddr(outer, 1) is not an *inner")
	}
	p.n = 7
	if o.b.n != 7 {
		t.Errorf("a write through FieldAddr's pointer did not reach the field: %d", o.b.n)
	}
}
