package main

import (
	"bytes"
	"strings"
	"testing"
)

// wasmFile builds a small WebAssembly file: one imported function, two
// defined ones with bodies of 3 and 5 bytes, and a name section that
// names all three the way Go's linker does.
func wasmFile() []byte {
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	sec := func(id byte, body ...[]byte) []byte {
		b := bytes.Join(body, nil)
		return append([]byte{id, byte(len(b))}, b...)
	}
	var f []byte
	f = append(f, "\x00asm\x01\x00\x00\x00"...)
	f = append(f, sec(1, []byte{1, 0x60, 0, 0})...)                                      // one type: () -> ()
	f = append(f, sec(2, []byte{1}, str("go"), str("debug"), []byte{0, 0})...)           // imported function 0
	f = append(f, sec(3, []byte{2, 0, 0})...)                                            // functions 1 and 2
	f = append(f, sec(10, []byte{2, 3, 0, 0x01, 0x0b, 5, 0, 0x01, 0x01, 0x01, 0x0b})...) // bodies of 3 and 5 bytes
	names := bytes.Join([][]byte{{3},
		{0}, str("go.debug"),
		{1}, str("github.com_gluekit_glue_modules_render.DrawBox_github.com_x_y.Brick_"),
		{2}, str("runtime.gc_bg")}, nil)
	f = append(f, sec(0, str("name"), append([]byte{1, byte(len(names))}, names...))...)
	return f
}

func TestParseAttributesCodeToPackages(t *testing.T) {
	m, err := parse(wasmFile())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.funcs) != 2 || m.funcs[0].size != 3 || m.funcs[1].size != 5 {
		t.Fatalf("functions %+v, want bodies of 3 and 5 bytes", m.funcs)
	}
	got := map[string]int{}
	for _, s := range sums(m, func(p string) string { return p }) {
		got[s.name] = s.size
	}
	if got["github.com/gluekit/glue/modules/render"] != 3 || got["runtime"] != 5 || len(got) != 2 {
		t.Errorf("code by package %v, want render 3 and runtime 5", got)
	}
	var out strings.Builder
	report(&out, m, 10)
	for _, want := range []string{"glue (core and modules)", "code ", "custom name"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestPkgOf(t *testing.T) {
	for fn, want := range map[string]string{
		"runtime.mallocgc":                    "runtime",
		"runtime.gc_bg":                       "runtime",
		"crypto_internal_fips140_nistec.P256": "crypto/internal/fips140/nistec",
		"github.com_gluekit_glue.__Opt_github.com_gluekit_glue_modules_render.Viewport__.Get": "github.com/gluekit/glue",
		"github.com_go_text_typesetting_harfbuzz.(_Font).x":                                   "github.com/go/text/typesetting/harfbuzz",
		"vendor_golang.org_x_net_http2_hpack.NewEncoder":                                      "vendor/golang.org/x/net/http2/hpack",
		"type_.eq.github.com_gluekit_glue.Stage":                                              "(type algorithms)",
		"":                                                                                    "(unnamed)",
	} {
		if got := pkgOf(fn); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", fn, got, want)
		}
	}
}

func TestParseRefusesOtherFiles(t *testing.T) {
	if _, err := parse([]byte("<!doctype html>")); err == nil || !strings.Contains(err.Error(), "not a WebAssembly file") {
		t.Errorf("HTML: err %v", err)
	}
	if _, err := parse(wasmFile()[:30]); err == nil {
		t.Error("a truncated file parsed without error")
	}
}
