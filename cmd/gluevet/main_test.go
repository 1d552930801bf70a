package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestVetSuiteIsGoVets checks that vetSuite holds the analyzers of the
// go vet that comes with the Go building gluevet, read from its source
// (GOROOT/src/cmd/vet/main.go): go vet -vettool=gluevet replaces go vet,
// so a check go vet gains must not be lost.
func TestVetSuiteIsGoVets(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	src, err := os.ReadFile(filepath.Join(goroot, "src", "cmd", "vet", "main.go"))
	if err != nil {
		t.Skipf("cmd/vet's source is not in GOROOT: %v", err)
	}
	want := suitePackages(t, src, "suite", "cmd/vet/main.go")
	own, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	got := suitePackages(t, own, "vetSuite", "cmd/gluevet/main.go")
	if len(got) != len(vetSuite) {
		t.Fatalf("read %d analyzers from vetSuite's source, it has %d", len(got), len(vetSuite))
	}
	if !slices.Equal(got, want) {
		t.Errorf("gluevet's vetSuite differs from the suite of go vet in %s:\n gluevet %v\n go vet  %v\nadd or remove the analyzers in cmd/gluevet/main.go", goroot, got, want)
	}
}

// TestVetChecksThroughGoVet runs go vet -vettool=gluevet over a module
// with a Printf misuse and no glue at all: go vet's own check must report
// it, so that one pass of gluevet is all a project needs.
func TestVetChecksThroughGoVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gluevet and runs go vet")
	}
	dir := t.TempDir()
	tool := filepath.Join(dir, "gluevet")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod := filepath.Join(dir, "m")
	files := map[string]string{
		"go.mod":  "module example.com/m\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Printf(\"%d\\n\", \"ten\") }\n",
	}
	if err := os.Mkdir(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "vet", "-vettool="+tool, "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "fmt.Printf format %d has arg \"ten\" of wrong type string") {
		t.Errorf("go vet -vettool=gluevet over a Printf misuse: err %v, output:\n%s\nwant go vet's printf report", err, out)
	}
}

// suitePackages returns, sorted, the package names of the analyzers a Go
// source file lists in its `var name = []*analysis.Analyzer{...}`
// (analyzer names differ from them: copylock's is "copylocks").
func suitePackages(t *testing.T, src []byte, name, file string) []string {
	t.Helper()
	block := regexp.MustCompile(`(?s)var ` + name + ` = \[\]\*analysis\.Analyzer\{(.*?)\n\}`).FindSubmatch(src)
	if block == nil {
		t.Fatalf("%s has no `var %s = []*analysis.Analyzer{...}`: read how it lists its analyzers now and update this test", file, name)
	}
	var pkgs []string
	for _, m := range regexp.MustCompile(`(?m)^\s*(\w+)\.Analyzer,`).FindAllSubmatch(block[1], -1) {
		pkgs = append(pkgs, string(m[1]))
	}
	slices.Sort(pkgs)
	return pkgs
}
