// Command glueprecompile is written into glue's patched copy of
// Ebitengine by internal/ebitenpatch, run there once and removed: it
// compiles Ebitengine's built-in shaders (those of internal/builtinshader
// and internal/colormshader, for every filter and address, and the clear
// shader) and writes their IR, encoded, into the Go file named by its
// argument (internal/legacyshader/precompiled.go), so that a browser
// build neither compiles them at every start nor links the shader
// compiler, unless the game compiles shaders of its own.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/constant"
	"go/format"
	"os"
	"path/filepath"
	"reflect"

	"github.com/hajimehoshi/ebiten/v2/internal/builtinshader"
	"github.com/hajimehoshi/ebiten/v2/internal/colormshader"
	"github.com/hajimehoshi/ebiten/v2/internal/legacyshader"
)

var constType = reflect.TypeFor[constant.Value]()

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: glueprecompile FILE EXTRA-FOLDER")
		os.Exit(2)
	}
	// Those internal/atlas's init compiles first, in its order.
	sources := [][]byte{
		builtinshader.ShaderSource(builtinshader.FilterNearest, builtinshader.AddressUnsafe),
		builtinshader.ShaderSource(builtinshader.FilterLinear, builtinshader.AddressUnsafe),
		[]byte(builtinshader.ClearShaderSource),
	}
	for f := range builtinshader.FilterCount {
		for a := range builtinshader.AddressCount {
			sources = appendNew(sources, builtinshader.ShaderSource(builtinshader.Filter(f), builtinshader.Address(a)))
		}
	}
	for f := range colormshader.FilterCount {
		for a := range colormshader.AddressCount {
			sources = appendNew(sources, colormshader.ShaderSource(colormshader.Filter(f), colormshader.Address(a)))
		}
	}
	// And those of other files (the stencil buffer's), one per file.
	extra, err := filepath.Glob(filepath.Join(os.Args[2], "*.kage"))
	if err != nil {
		fail(err)
	}
	for _, name := range extra {
		src, err := os.ReadFile(name)
		if err != nil {
			fail(err)
		}
		sources = appendNew(sources, src)
	}
	var b bytes.Buffer
	b.WriteString(header)
	for i, src := range sources {
		ir, unit, err := legacyshader.CompileShader(src)
		if err != nil {
			fail(fmt.Errorf("built-in shader %d: %v", i, err))
		}
		var enc []byte
		enc = binary.AppendUvarint(enc, uint64(unit))
		enc = encode(enc, reflect.ValueOf(ir).Elem())
		fmt.Fprintf(&b, "\t{\n\t\tsource: %q,\n\t\tir: %q,\n\t},\n", src, enc)
	}
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(os.Args[1], out, 0o644); err != nil {
		fail(err)
	}
}

// appendNew appends src to sources unless it is there.
func appendNew(sources [][]byte, src []byte) [][]byte {
	for _, s := range sources {
		if bytes.Equal(s, src) {
			return sources
		}
	}
	return append(sources, src)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "glueprecompile:", err)
	os.Exit(1)
}

// encode appends v in the encoding decode (in header) reads. It knows the
// kinds the IR is made of, and fails on any other (a newer Ebitengine's
// IR), or on an unexported field that is set.
func encode(b []byte, v reflect.Value) []byte {
	t := v.Type()
	if t == constType {
		if v.IsNil() {
			return append(b, 0)
		}
		c := v.Interface().(constant.Value)
		switch c.Kind() {
		case constant.Unknown:
			return append(b, 4)
		case constant.Bool:
			if constant.BoolVal(c) {
				return append(b, 1, 1)
			}
			return append(b, 1, 0)
		case constant.Int:
			x, exact := constant.Int64Val(c)
			if !exact {
				fail(fmt.Errorf("the integer constant %s is not an int64", c))
			}
			return binary.AppendVarint(append(b, 2), x)
		case constant.Float:
			// Exactly, as a fraction of two integers.
			num, den := constant.Num(c).ExactString(), constant.Denom(c).ExactString()
			b = append(binary.AppendUvarint(append(b, 3), uint64(len(num))), num...)
			return append(binary.AppendUvarint(b, uint64(len(den))), den...)
		}
		fail(fmt.Errorf("a constant of kind %s", c.Kind()))
	}
	switch t.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0)
		}
		return encode(append(b, 1), v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return append(b, 0)
		}
		b = binary.AppendUvarint(b, uint64(v.Len())+1)
		for i := range v.Len() {
			b = encode(b, v.Index(i))
		}
		return b
	case reflect.Array:
		for i := range v.Len() {
			b = encode(b, v.Index(i))
		}
		return b
	case reflect.Struct:
		for i := range t.NumField() {
			if !t.Field(i).IsExported() {
				if !v.Field(i).IsZero() {
					fail(fmt.Errorf("%s.%s is set by the compiler, and not exported", t, t.Field(i).Name))
				}
				continue
			}
			b = encode(b, v.Field(i))
		}
		return b
	case reflect.String:
		return append(binary.AppendUvarint(b, uint64(v.Len())), v.String()...)
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1)
		}
		return append(b, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return binary.AppendUvarint(b, v.Uint())
	}
	fail(fmt.Errorf("a value of kind %s (%s)", t.Kind(), t))
	return nil
}

// header is the generated file up to the table of shaders.
const header = `// Code generated by glue's internal/ebitenpatch. DO NOT EDIT.

package legacyshader

import (
	"encoding/binary"
	"errors"
	"go/constant"
	"go/token"
	"reflect"

	"github.com/hajimehoshi/ebiten/v2/internal/shaderir"
)

// CompileBuiltinShader returns the IR of one of Ebitengine's built-in
// shaders, and its unit: the IR CompileShader makes of src, compiled
// before the build by glue's internal/ebitenpatch. It compiles nothing,
// so a program that calls it and not CompileShader does not link the
// shader compiler; any other source is an error. Each call decodes a
// program of its own.
func CompileBuiltinShader(src []byte) (*shaderir.Program, Unit, error) {
	if p, unit, ok := precompiled(src); ok {
		return p, unit, nil
	}
	return nil, 0, errors.New("legacyshader: CompileBuiltinShader: not one of the built-in shaders glue's internal/ebitenpatch compiled before the build")
}

// precompiled is CompileBuiltinShader, with false for another source.
func precompiled(src []byte) (*shaderir.Program, Unit, bool) {
	for _, s := range precompiledShaders {
		if s.source == string(src) {
			d := irDecoder{b: []byte(s.ir)}
			unit := Unit(d.uvarint())
			p := &shaderir.Program{}
			d.decode(reflect.ValueOf(p).Elem())
			if d.i != len(d.b) {
				panic("legacyshader: a precompiled shader's IR does not decode to its end (glue's internal/ebitenpatch)")
			}
			return p, unit, true
		}
	}
	return nil, 0, false
}

// irDecoder reads the encoding glue's generator wrote: values in the
// order of their types' fields, with varints, lengths plus one for
// slices (0 is nil) and a byte before pointers (0 is nil).
type irDecoder struct {
	b []byte
	i int
}

func (d *irDecoder) uvarint() uint64 {
	x, n := binary.Uvarint(d.b[d.i:])
	d.i += n
	return x
}

func (d *irDecoder) varint() int64 {
	x, n := binary.Varint(d.b[d.i:])
	d.i += n
	return x
}

func (d *irDecoder) string() string {
	n := int(d.uvarint())
	s := string(d.b[d.i : d.i+n])
	d.i += n
	return s
}

func (d *irDecoder) byte() byte {
	c := d.b[d.i]
	d.i++
	return c
}

var constantType = reflect.TypeFor[constant.Value]()

func (d *irDecoder) decode(v reflect.Value) {
	t := v.Type()
	if t == constantType {
		switch d.byte() {
		case 1:
			v.Set(reflect.ValueOf(constant.MakeBool(d.byte() == 1)))
		case 2:
			v.Set(reflect.ValueOf(constant.MakeInt64(d.varint())))
		case 3:
			num := constant.MakeFromLiteral(d.string(), token.INT, 0)
			den := constant.MakeFromLiteral(d.string(), token.INT, 0)
			v.Set(reflect.ValueOf(constant.ToFloat(constant.BinaryOp(num, token.QUO, den))))
		case 4:
			v.Set(reflect.ValueOf(constant.MakeUnknown()))
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if d.byte() == 1 {
			v.Set(reflect.New(t.Elem()))
			d.decode(v.Elem())
		}
	case reflect.Slice:
		if n := int(d.uvarint()); n > 0 {
			v.Set(reflect.MakeSlice(t, n-1, n-1))
			for i := range n - 1 {
				d.decode(v.Index(i))
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			d.decode(v.Index(i))
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				d.decode(v.Field(i))
			}
		}
	case reflect.String:
		v.SetString(d.string())
	case reflect.Bool:
		v.SetBool(d.byte() == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(d.varint())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(d.uvarint())
	default:
		panic("legacyshader: a precompiled shader's IR has a value of kind " + t.Kind().String() + " (glue's internal/ebitenpatch)")
	}
}

// precompiledShaders are the built-in shaders' sources and their units
// and IR, encoded.
var precompiledShaders = []struct {
	source string
	ir     string
}{
`
