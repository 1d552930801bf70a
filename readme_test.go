package glue_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeStarterBuildsInItsOwnModule follows the README's "Start your
// own game" as a new user does: a new module, glue added to it, the
// README's main.go, then vet and build. glue v0.1.0 is not fetched from
// a proxy but replaced by this checkout, so the test checks the README
// against the code it ships with. Then step 5: gluevet over the starter.
func TestReadmeStarterBuildsInItsOwnModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a second module")
	}
	src := readmeStarter(t)
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// go.sum is glue's own, so that nothing needs the checksum database.
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in the new module: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("mod", "init", "example.com/mygame")
	run("mod", "edit", "-require=github.com/gluekit/glue@v0.1.0", "-replace=github.com/gluekit/glue="+root)
	run("mod", "tidy")
	run("vet", ".")
	run("build", "-o", os.DevNull, ".")
	// Step 5: gluevet builds in a game's module and vets the starter clean.
	gluevet := filepath.Join(t.TempDir(), "gluevet")
	run("build", "-o", gluevet, "github.com/gluekit/glue/cmd/gluevet")
	run("vet", "-vettool="+gluevet, ".")
}

// readmeStarter returns the Go block under the README's step "Write
// `main.go`", without the list's indent.
func readmeStarter(t *testing.T) string {
	t.Helper()
	f, err := os.Open("README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	step, in := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "3. Write `main.go`"):
			step = true
		case step && !in && strings.TrimSpace(line) == "```go":
			in = true
		case in && strings.TrimSpace(line) == "```":
			return b.String()
		case in:
			b.WriteString(strings.TrimPrefix(line, "   "))
			b.WriteByte('\n')
		}
	}
	t.Fatal("README.md has no Go block under \"3. Write `main.go`\": the starter moved; update this test")
	return ""
}
