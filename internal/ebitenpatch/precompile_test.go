package ebitenpatch

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/gocmd"
)

// TestPrecompiledCheckFails makes a patched copy, swaps two shaders' IR
// in its precompiled.go, and runs the check precompile runs: it fails,
// naming a shader whose IR differs from the compiler's.
func TestPrecompiledCheckFails(t *testing.T) {
	if testing.Short() {
		t.Skip("copies Ebitengine and runs a test in it")
	}
	root, err := gocmd.Run(".", nil, "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Prepare(strings.TrimSpace(string(root)), t.TempDir(), filepath.Join(t.TempDir(), "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	// Work on a copy of the copy: a test must not change the cache.
	dir := filepath.Join(t.TempDir(), "ebiten")
	if err := os.CopyFS(dir, os.DirFS(w.Copy)); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, filepath.FromSlash(precompiledFile))
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	irs := regexp.MustCompile(`(?m)^\t\tir: +(".*"),$`).FindAllSubmatchIndex(src, -1)
	if len(irs) < 2 {
		t.Fatalf("precompiled.go has %d IRs, want at least 2", len(irs))
	}
	a, b := irs[0], irs[1] // [start end submatchStart submatchEnd]
	swapped := string(src[:a[2]]) + string(src[b[2]:b[3]]) + string(src[a[3]:b[2]]) + string(src[a[2]:a[3]]) + string(src[b[3]:])
	if err := os.WriteFile(file, []byte(swapped), 0o644); err != nil {
		t.Fatal(err)
	}
	// The check reads the extra sources the generator was given; a copy
	// keeps none, so give it the stencil buffer's again.
	_, extra, err := RewriteBuiltin(BuiltinFiles[2], mustRead(t, filepath.Join(strings.TrimSpace(mustGo(t, "list", "-m", "-f", "{{.Dir}}", Module)), BuiltinFiles[2])))
	if err != nil {
		t.Fatal(err)
	}
	if err := writeExtra(dir, extra); err != nil {
		t.Fatal(err)
	}
	err = checkPrecompiled(dir)
	if err == nil || !strings.Contains(err.Error(), "the precompiled IR differs") {
		t.Errorf("the check with two IRs swapped: %v, want a failure saying an IR differs", err)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustGo(t *testing.T, args ...string) string {
	t.Helper()
	out, err := gocmd.Run(".", nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
