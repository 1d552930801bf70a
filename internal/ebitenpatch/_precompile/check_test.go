package legacyshader

import (
	"go/constant"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/internal/builtinshader"
	"github.com/hajimehoshi/ebiten/v2/internal/colormshader"
)

// TestGluePrecompiled is written into glue's patched copy of Ebitengine
// by internal/ebitenpatch and run there once: every built-in shader is
// precompiled, and its IR is the IR the shader compiler makes of it.
func TestGluePrecompiled(t *testing.T) {
	// Every built-in shader, listed here as the generator lists them, but
	// apart from it, so that a source the generator stops listing fails.
	all := [][]byte{[]byte(builtinshader.ClearShaderSource)}
	for f := range builtinshader.FilterCount {
		for a := range builtinshader.AddressCount {
			all = append(all, builtinshader.ShaderSource(builtinshader.Filter(f), builtinshader.Address(a)))
		}
	}
	for f := range colormshader.FilterCount {
		for a := range colormshader.AddressCount {
			all = append(all, colormshader.ShaderSource(colormshader.Filter(f), colormshader.Address(a)))
		}
	}
	extra, err := filepath.Glob(filepath.Join("..", "glueprecompile", "extra", "*.kage"))
	if err != nil || len(extra) == 0 {
		t.Fatalf("the extra sources: %v, %v", extra, err)
	}
	for _, name := range extra {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, src)
	}
	for i, src := range all {
		if _, _, err := CompileBuiltinShader(src); err != nil {
			t.Errorf("built-in shader %d: %v", i, err)
		}
	}
	for i, s := range precompiledShaders {
		src := s.source
		want, wantUnit, err := CompileShader([]byte(src))
		if err != nil {
			t.Fatalf("shader %d: %v", i, err)
		}
		got, gotUnit, ok := precompiled([]byte(src))
		if !ok {
			t.Fatalf("shader %d: not precompiled", i)
		}
		if gotUnit != wantUnit {
			t.Errorf("shader %d: unit %d, want %d", i, gotUnit, wantUnit)
		}
		if path := diff(reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem(), "Program"); path != "" {
			t.Errorf("shader %d: the precompiled IR differs at %s", i, path)
		}
		if again, _, _ := precompiled([]byte(src)); again == got {
			t.Errorf("shader %d: two calls returned the same program", i)
		}
	}
	if _, _, err := CompileBuiltinShader([]byte("//kage:unit pixels\npackage main\n")); err == nil {
		t.Error("CompileBuiltinShader of another source: no error")
	}
}

var constType = reflect.TypeFor[constant.Value]()

// diff returns the path of the first difference between a and b, or "".
// Constants are compared by kind and value (unknown ones by kind).
func diff(a, b reflect.Value, path string) string {
	if a.Type() == constType {
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path
			}
			return ""
		}
		x, y := a.Interface().(constant.Value), b.Interface().(constant.Value)
		if x.Kind() != y.Kind() || x.Kind() != constant.Unknown && !constant.Compare(x, token.EQL, y) {
			return path + " (" + x.ExactString() + " against " + y.ExactString() + ")"
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path
			}
			return ""
		}
		return diff(a.Elem(), b.Elem(), path)
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return path + " (length)"
		}
		for i := range a.Len() {
			if p := diff(a.Index(i), b.Index(i), path+"["+strconv.Itoa(i)+"]"); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if p := diff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
				return p
			}
		}
	case reflect.String:
		if a.String() != b.String() {
			return path
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return path
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return path
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return path
		}
	default:
		return path + " (a kind the test does not compare: " + a.Kind().String() + ")"
	}
	return ""
}
