package codec

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// Range makes every decoded value's numeric field (a dotted path for a
// nested one: "Pos.X") lie within [lo, hi], or the decoding fail with
// "Field v outside [lo, hi]": a network input such as a steering axis
// is checked before the game sees it (a server closes the client that
// sent it), as a Validate method would, in the registration. NaN is
// outside every range. A field that T does not have, or that is not a
// number, is a registration error.
//
//	codec.Register[Steer](reg, codec.Range("Axis", -1, 1))
func Range(field string, lo, hi float64) Option {
	return Option{func(o *options) { o.ranges = append(o.ranges, fieldRange{name: field, lo: lo, hi: hi}) }}
}

// fieldRange is a Range: the field, where it is in T and how to read it.
type fieldRange struct {
	name   string
	lo, hi float64
	off    uintptr
	kind   reflect.Kind
}

// setRanges finds the fields of ranges in c's type.
func (c *Codec) setRanges(ranges []fieldRange) error {
	for _, fr := range ranges {
		t, off := c.rtype, uintptr(0)
		for part := range strings.SplitSeq(fr.name, ".") {
			f, ok := t.FieldByName(part)
			if t.Kind() != reflect.Struct || !ok || len(f.Index) != 1 {
				return fmt.Errorf("codec: Register[%s]: Range names %s, which %s does not have", c.gtype, fr.name, c.gtype)
			}
			t, off = f.Type, off+f.Offset
		}
		switch t.Kind() {
		case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			return fmt.Errorf("codec: Register[%s]: Range names %s, a %s; a range is for a number field", c.gtype, fr.name, t)
		}
		fr.off, fr.kind = off, t.Kind()
		c.ranges = append(c.ranges, fr)
	}
	return nil
}

// checkRanges returns an error for the first field of the value at p
// outside its Range.
func (c *Codec) checkRanges(p unsafe.Pointer) error {
	for _, fr := range c.ranges {
		var x float64
		switch q := unsafe.Add(p, fr.off); fr.kind {
		case reflect.Float32:
			x = float64(*(*float32)(q))
		case reflect.Float64:
			x = *(*float64)(q)
		case reflect.Int:
			x = float64(*(*int)(q))
		case reflect.Int8:
			x = float64(*(*int8)(q))
		case reflect.Int16:
			x = float64(*(*int16)(q))
		case reflect.Int32:
			x = float64(*(*int32)(q))
		case reflect.Int64:
			x = float64(*(*int64)(q))
		case reflect.Uint:
			x = float64(*(*uint)(q))
		case reflect.Uint8:
			x = float64(*(*uint8)(q))
		case reflect.Uint16:
			x = float64(*(*uint16)(q))
		case reflect.Uint32:
			x = float64(*(*uint32)(q))
		case reflect.Uint64:
			x = float64(*(*uint64)(q))
		}
		if !(x >= fr.lo && x <= fr.hi) {
			return fmt.Errorf("%s %g outside [%g, %g]", fr.name, x, fr.lo, fr.hi)
		}
	}
	return nil
}
