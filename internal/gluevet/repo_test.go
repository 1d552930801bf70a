package gluevet_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/gluevet"
)

// vet builds cmd/gluevet and runs go vet -vettool with it, glue's
// analyzers only, from the repository's root over pkgs; it returns vet's
// output and whether vet reported anything.
func vet(t *testing.T, pkgs ...string) (string, bool) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(t.TempDir(), "gluevet")
	// -trimpath, as make lint builds it: the same tool (build ID) as
	// lint's, so go vet reuses lint's cached results.
	build := exec.Command("go", "build", "-trimpath", "-o", tool, "./cmd/gluevet")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/gluevet: %v\n%s", err, out)
	}
	// Only glue's analyzers: gluevet runs go vet's suite too, which
	// make lint runs over the repository already.
	args := []string{"vet", "-vettool=" + tool}
	for _, a := range gluevet.Analyzers {
		args = append(args, "-"+a.Name)
	}
	cmd := exec.Command("go", append(args, pkgs...)...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("go vet: %v", err)
		}
	}
	return string(out), err != nil
}

// TestRepository runs gluevet through go vet over the repository's own
// games, examples and modules, which must draw no report (no false
// positive), and over testdata/realapi, which misuses the real glue API:
// exactly its lines marked "// report" must be reported, so a change of
// glue's API that the analyzers miss fails here.
func TestRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets the whole repository")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	if out, failed := vet(t, "./games/...", "./examples/...", "./modules/..."); failed || strings.TrimSpace(out) != "" {
		t.Errorf("gluevet reported on the repository's own code (a false positive, or a real misuse to fix):\n%s", out)
	}

	checkMarked(t, "realapi/realapi.go")
}

// checkMarked runs gluevet over the package of testdata's file, which
// uses the real glue API, and checks that exactly its lines marked
// "// report" are reported.
func checkMarked(t *testing.T, file string) {
	out, _ := vet(t, "./internal/gluevet/testdata/"+filepath.Dir(file))
	var got []string
	line := regexp.MustCompile(regexp.QuoteMeta(filepath.Base(file)) + `:(\d+):\d+: `)
	for _, l := range strings.Split(out, "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			got = append(got, m[1])
		} else if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			t.Errorf("unexpected go vet output: %s", l)
		}
	}
	want := marked(t, filepath.Join("testdata", file))
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("over testdata/%s gluevet reported lines %v, want %v; output:\n%s", file, got, want, out)
	}
}

// marked returns the numbers of the lines of a file that end in "// report".
func marked(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		if strings.HasSuffix(s.Text(), "// report") {
			lines = append(lines, fmt.Sprint(n))
		}
	}
	return lines
}
