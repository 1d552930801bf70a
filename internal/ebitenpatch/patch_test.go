package ebitenpatch_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/ebitenpatch"
)

// goCmd runs the go command in dir with env added, failing the test on an
// error.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// ebitenDir is the folder of the Ebitengine module glue uses.
func ebitenDir(t *testing.T) string {
	t.Helper()
	return strings.TrimSpace(goCmd(t, ".", nil, "list", "-m", "-f", "{{.Dir}}", ebitenpatch.Module))
}

// TestShaderFileMakesTheSameShaders builds a program with both the
// original and the rewritten shader files of the Ebitengine glue uses, and
// compares what ShaderSource returns for every filter and address.
func TestShaderFileMakesTheSameShaders(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	ebiten := ebitenDir(t)
	tmp := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module check\n\ngo 1.22\n")
	main := "package main\n\nimport (\n\t\"bytes\"\n\t\"fmt\"\n\t\"os\"\n"
	var body strings.Builder
	for _, name := range ebitenpatch.ShaderFiles {
		src, err := os.ReadFile(filepath.Join(ebiten, name))
		if err != nil {
			t.Fatal(err)
		}
		patched, err := ebitenpatch.ShaderFile(name, src)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(patched), `"text/template"`) {
			t.Errorf("%s still imports text/template", name)
		}
		pkg := filepath.Base(filepath.Dir(name))
		write(filepath.Join("orig", pkg, "shader.go"), string(src))
		write(filepath.Join("patched", pkg, "shader.go"), string(patched))
		main += "\to" + pkg + " \"check/orig/" + pkg + "\"\n\tp" + pkg + " \"check/patched/" + pkg + "\"\n"
		body.WriteString("\tfor f := range o" + pkg + ".FilterCount {\n\t\tfor a := range o" + pkg + ".AddressCount {\n" +
			"\t\t\to, p := o" + pkg + ".ShaderSource(o" + pkg + ".Filter(f), o" + pkg + ".Address(a)), p" + pkg + ".ShaderSource(p" + pkg + ".Filter(f), p" + pkg + ".Address(a))\n" +
			"\t\t\tif !bytes.Equal(o, p) || len(o) == 0 {\n\t\t\t\tfmt.Printf(\"" + pkg + ": filter %d, address %d: %d bytes, %d patched\\n\", f, a, len(o), len(p))\n\t\t\t\tbad = true\n\t\t\t}\n\t\t\tn++\n\t\t}\n\t}\n")
	}
	main += ")\n\nfunc main() {\n\tbad, n := false, 0\n" + body.String() + "\tif bad {\n\t\tos.Exit(1)\n\t}\n\tfmt.Println(n, \"same\")\n}\n"
	write("main.go", main)
	out := goCmd(t, tmp, []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"}, "run", ".")
	if want := "18 same"; strings.TrimSpace(out) != want {
		t.Errorf("the shaders: %s, want %q", out, want)
	}
}

func TestShaderFileSaysWhatIsMissing(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"package x\n\nfunc ShaderSource(filter Filter, address Address) []byte { return nil }\n", "no variable tmpl"},
		{"package x\n\nimport \"text/template\"\n\nvar tmpl = template.Must(template.New(\"t\").Parse(`{{.A}}`))\n", "no func ShaderSource"},
		{"package x\n\nimport \"text/template\"\n\nvar tmpl = template.Must(template.New(\"t\").Parse(`{{.A}}`))\n\ntype Filter int\ntype Address int\n\nfunc ShaderSource(filter Filter, address Address) []byte { return nil }\n", "tmpl.Execute"},
		{"package x\n\nimport (\n\t\"bytes\"\n\t\"text/template\"\n)\n\nvar tmpl = template.Must(template.New(\"t\").Parse(`{{.A}}`))\n\ntype Filter int\ntype Address int\n\nconst FilterCount = 2\n\nfunc ShaderSource(filter Filter, address Address) []byte {\n\tvar b bytes.Buffer\n\ttmpl.Execute(&b, struct{ A Filter }{A: filter})\n\treturn b.Bytes()\n}\n", "no constant AddressCount"},
	} {
		_, err := ebitenpatch.ShaderFile("shader.go", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "shader.go: ") {
			t.Errorf("error %v, want one naming the file and saying %q", err, c.want)
		}
	}
}

// TestPrepareLeavesTextTemplateOut builds glue's minimal program's package
// list with the go.work Prepare writes: text/template is not in it, as it
// is without.
func TestPrepareLeavesTextTemplateOut(t *testing.T) {
	if testing.Short() {
		t.Skip("copies Ebitengine")
	}
	root := strings.TrimSpace(goCmd(t, ".", nil, "list", "-m", "-f", "{{.Dir}}"))
	cache, work := t.TempDir(), filepath.Join(t.TempDir(), "go.work")
	w, err := ebitenpatch.Prepare(root, cache, work)
	if err != nil {
		t.Fatal(err)
	}
	js := []string{"GOOS=js", "GOARCH=wasm", "GOWORK=off"}
	deps := func(env []string) string {
		return goCmd(t, root, env, "list", "-deps", "./web/minimal")
	}
	if !strings.Contains(deps(js), "\ntext/template\n") {
		t.Fatal("web/minimal does not import text/template without the patch: is the patch still needed?")
	}
	js[2] = "GOWORK=" + w.File
	if got := deps(js); strings.Contains(got, "\ntext/template\n") {
		t.Error("web/minimal still imports text/template with the patch")
	}
	// Again, from the cache: the same copy, not made twice.
	w2, err := ebitenpatch.Prepare(root, cache, work)
	if err != nil || w2.Copy != w.Copy {
		t.Errorf("Prepare again: %v, %v (first %v)", w2, err, w)
	}

	// GOFLAGS=-mod=mod: left alone, with the reason (a workspace refuses it).
	t.Setenv("GOFLAGS", "-mod=mod")
	_, err = ebitenpatch.Prepare(root, cache, filepath.Join(t.TempDir(), "go.work"))
	if !errors.Is(err, ebitenpatch.ErrSkipped) || !strings.Contains(err.Error(), "-mod=mod") {
		t.Errorf("Prepare with GOFLAGS=-mod=mod: %v, want ErrSkipped naming it", err)
	}
	t.Setenv("GOFLAGS", "")

	// In a workspace already: left alone, with the reason.
	t.Setenv("GOWORK", w.File)
	_, err = ebitenpatch.Prepare(root, cache, filepath.Join(t.TempDir(), "go.work"))
	if !errors.Is(err, ebitenpatch.ErrSkipped) || !strings.Contains(err.Error(), "workspace") {
		t.Errorf("Prepare in a workspace: %v, want ErrSkipped naming the workspace", err)
	}
}

// TestPrepareDownloadsEbitengine runs Prepare with a module cache that
// does not hold Ebitengine, as on a fresh machine where `make wasm` is the
// first thing built: it downloads the module, as go build would, instead
// of failing with "not downloaded". The download comes from the test's
// own module cache, served as a file proxy, so the test needs no network.
func TestPrepareDownloadsEbitengine(t *testing.T) {
	if testing.Short() {
		t.Skip("copies Ebitengine")
	}
	root := strings.TrimSpace(goCmd(t, ".", nil, "list", "-m", "-f", "{{.Dir}}"))
	goCmd(t, root, nil, "mod", "download", ebitenpatch.Module) // the test's own cache holds it
	proxy := filepath.Join(strings.TrimSpace(goCmd(t, ".", nil, "env", "GOMODCACHE")), "cache", "download")
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOFLAGS", "-modcacherw") // so that the test can remove it
	t.Setenv("GOWORK", "off")
	w, err := ebitenpatch.Prepare(root, t.TempDir(), filepath.Join(t.TempDir(), "go.work"))
	if err != nil {
		t.Fatalf("Prepare with an empty module cache: %v", err)
	}
	if _, err := os.Stat(filepath.Join(w.Copy, "go.mod")); err != nil {
		t.Errorf("the copy of Ebitengine has no go.mod: %v", err)
	}
}

func TestRewriteBuiltinSaysWhatIsMissing(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"internal/atlas/shader.go", "package atlas\n\nfunc init() {}\n", "no call of legacyshader.CompileShader"},
		{"shader.go", "package ebiten\n\nfunc newShader(src []byte, name string) {}\n", "no func builtinShader and func newShader"},
		{"shader.go", "package ebiten\n\nfunc builtinShader() { newShader(nil, \"\"); newShader(nil, \"\") }\n\nfunc newShader(src []byte, name string) {}\n", "calls newShader 2 times"},
		{"shader.go", "package ebiten\n\nfunc builtinShader() { newShader(nil, \"\") }\n\nfunc newShader(src []byte, name string) {}\n", "newShader calls legacyshader.CompileShader 0 times"},
		{"stencilbuffer.go", "package ebiten\n\nfunc f() {}\n", "no NewShader call"},
		{"stencilbuffer.go", "package ebiten\n\nvar src = \"x\"\n\nfunc f() { NewShader([]byte(src)) }\n", "not []byte(a string constant of the file)"},
		{"other.go", "package ebiten\n", "not one of the files"},
	} {
		_, _, err := ebitenpatch.RewriteBuiltin(c.name, []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.name+": ") {
			t.Errorf("%s: error %v, want one naming the file and saying %q", c.name, err, c.want)
		}
	}
	if _, err := ebitenpatch.RewriteCaller("caller.go", []byte("package debug\n\nimport \"runtime\"\n\nvar _ = runtime.GOOS\n")); err == nil || !strings.Contains(err.Error(), "FirstCaller is not declared") {
		t.Errorf("RewriteCaller without FirstCaller: %v", err)
	}
	if _, err := ebitenpatch.RewriteCaller("caller.go", []byte("package debug\n\nfunc FirstCaller() (file string, line int, callerType CallerType) { return }\n")); err == nil || !strings.Contains(err.Error(), "does not import runtime") {
		t.Errorf("RewriteCaller without runtime: %v", err)
	}
}

// TestPrepareLeavesTheShaderCompilerOut builds glue's minimal program for
// the browser with and without the go.work Prepare writes, and looks for
// the Kage compiler's and go/build's functions in the two files' name
// sections: without the patch they are linked (the program compiles the
// built-in shaders at every start); with it, they are not (their IR was
// compiled before the build), nor go/parser, which only they used.
func TestPrepareLeavesTheShaderCompilerOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for the browser twice")
	}
	root := strings.TrimSpace(goCmd(t, ".", nil, "list", "-m", "-f", "{{.Dir}}"))
	w, err := ebitenpatch.Prepare(root, t.TempDir(), filepath.Join(t.TempDir(), "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{
		"github.com_hajimehoshi_ebiten_v2_internal_shader.__compileState_.parse", // the Kage compiler
		"go_build.__Context_.Import",
		"go_parser.ParseFile",
	}
	build := func(work string) string {
		out := filepath.Join(t.TempDir(), "minimal.wasm")
		goCmd(t, root, []string{"GOOS=js", "GOARCH=wasm", "GOWORK=" + work}, "build", "-trimpath", "-o", out, "./web/minimal")
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	plain := build("off")
	for _, n := range names {
		if !strings.Contains(plain, n) {
			t.Fatalf("without the patch, %s is not in web/minimal: is the patch still needed, or has it another name?", n)
		}
	}
	patched := build(w.File)
	for _, n := range names {
		if strings.Contains(patched, n) {
			t.Errorf("with the patch, %s is still in web/minimal", n)
		}
	}
}
