package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// The commands README.md's "Start your own game" gives for once v0.1.0
// is tagged: from an empty folder, the first writes the game, the second
// plays it, the third serves it in the browser. TestNewFromTag runs them.
const (
	tagVersion = "v0.1.0"
	tagNew     = "go run github.com/gluekit/glue/cmd/glue@v0.1.0 new example.com/mygame"
	tagPlay    = "go -C mygame run ."
	tagWeb     = "go -C mygame tool glue web"
)

// TestNewFromTag proves README.md's two commands against a would-be tag:
// it packs this checkout as github.com/gluekit/glue@v0.1.0 into a module
// proxy in a folder (file://), and in an empty folder runs exactly
// tagNew, then tagPlay with -headless -ticks 60 (no window: the test may
// run where there is no display), which must exit 0 having played, then
// tagWeb with -out site (the files it would serve; a server does not
// exit). The new go.mod requires glue v0.1.0 and has no replace line.
//
// Nothing new is downloaded where the module cache already holds glue's
// dependencies (CI, after the other tests): the go command runs with a
// module cache of its own (so that an earlier run's v0.1.0, or a real one,
// is never taken for this checkout), filled from the proxy in the folder
// and from the real cache's download folder, before the network.
func TestNewFromTag(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: packs glue as v0.1.0 and builds a new game from it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	readme, err := os.ReadFile(filepath.Join(glueRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{tagNew, tagPlay, tagWeb} {
		if !bytes.Contains(readme, []byte("\n"+c+"\n")) {
			t.Errorf("README.md has no line %q: the test runs the commands README.md gives; change both together", c)
		}
	}

	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	packTag(t, glueRoot(t), proxy)

	env := goEnv(t, "GOPROXY", "GOMODCACHE", "GOFLAGS")
	realProxy, realCache := env["GOPROXY"], env["GOMODCACHE"]
	if realProxy == "off" {
		realProxy = ""
	}
	goproxy := "file://" + filepath.ToSlash(proxy)
	if realCache != "" {
		goproxy += ",file://" + filepath.ToSlash(filepath.Join(realCache, "cache", "download"))
	}
	if realProxy != "" {
		goproxy += "," + realProxy
	}
	cache := filepath.Join(tmp, "modcache")
	environ := append(os.Environ(),
		"GOPROXY="+goproxy,
		"GONOSUMDB=github.com/gluekit/glue",
		"GOMODCACHE="+cache,
		// -trimpath: builds do not depend on the module cache's folder,
		// so the packages already built from the real one are reused.
		// No -mod=mod: the commands run with the go.mod and go.sum that
		// glue new wrote, as a user's would.
		"GOFLAGS="+strings.TrimSpace(env["GOFLAGS"]+" -trimpath"),
		"GOWORK=off",
	)
	// The module cache is made read-only by the go command; make it
	// writable again so that t.TempDir can remove it.
	t.Cleanup(func() {
		filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
	})

	// The checksum database's tiles and lookups the real cache holds: the
	// go command verifies glue's dependencies with them, as it did when it
	// downloaded them, without asking the network again.
	if realCache != "" {
		copyTree(t, filepath.Join(realCache, "cache", "download", "sumdb"), filepath.Join(cache, "cache", "download", "sumdb"))
	}

	work := filepath.Join(tmp, "empty")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	sh := func(line string, extra ...string) string {
		t.Helper()
		args := append(strings.Fields(line)[1:], extra...)
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir, cmd.Env = work, environ
		out, err := cmd.CombinedOutput()
		if err != nil {
			if bytes.Contains(out, []byte("dial tcp")) || bytes.Contains(out, []byte("GOPROXY=off")) || bytes.Contains(out, []byte("module lookup disabled")) {
				t.Skipf("Go modules cannot be downloaded here, and glue's dependencies are not all in the module cache (%s): %v\n%s", env["GOMODCACHE"], err, out)
			}
			t.Fatalf("%s: %v\n%s", strings.Join(append([]string{"go"}, args...), " "), err, out)
		}
		return string(out)
	}

	out := sh(tagNew)
	if !strings.Contains(out, "wrote mygame, the module example.com/mygame") {
		t.Errorf("%s said:\n%s", tagNew, out)
	}
	mod, err := os.ReadFile(filepath.Join(work, "mygame", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "\nrequire github.com/gluekit/glue v0.1.0\n") && !strings.Contains(string(mod), "\tgithub.com/gluekit/glue v0.1.0\n") {
		t.Errorf("the new go.mod does not require glue v0.1.0:\n%s", mod)
	}
	if strings.Contains(string(mod), "replace") {
		t.Errorf("the new go.mod has a replace line:\n%s", mod)
	}
	if out := sh(tagPlay, "-headless", "-ticks", "60"); !strings.Contains(out, "ticks 60 hero at 160,100") {
		t.Errorf("%s -headless -ticks 60 printed %q, want the 60 ticks played", tagPlay, out)
	}
	sh(tagWeb, "-out", "site")
	for _, f := range []string{"index.html", "loader.js", "mygame.wasm", "wasm_exec.js"} {
		if fi, err := os.Stat(filepath.Join(work, "mygame", "site", f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s -out site wrote no %s: %v", tagWeb, f, err)
		}
	}
}

// copyTree copies the files under from, if it exists, to to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == from {
			return filepath.SkipAll
		}
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", from, err)
	}
}

// goEnv returns the go command's settings of names.
func goEnv(t *testing.T, names ...string) map[string]string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	lines := strings.Split(string(out), "\n")
	env := map[string]string{}
	for i, n := range names {
		if i < len(lines) {
			env[n] = lines[i]
		}
	}
	return env
}

// packTag writes the module at root as github.com/gluekit/glue@v0.1.0
// into a module proxy in the folder proxy: its list, .info, .mod and
// .zip, as `go mod download -json` finds them on a proxy (the GOPROXY
// protocol). The zip holds the checkout's files as they are, committed
// or not (git ls-files; without git, every file but those in folders
// starting with a dot and node_modules); the module zip's rules (no
// nested modules, no vendor/) are golang.org/x/mod/zip's.
func packTag(t *testing.T, root, proxy string) {
	t.Helper()
	dir := filepath.Join(proxy, "github.com", "gluekit", "glue", "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"list":               tagVersion + "\n",
		tagVersion + ".info": `{"Version":"` + tagVersion + `","Time":"2026-01-01T00:00:00Z"}` + "\n",
		tagVersion + ".mod":  string(gomod),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(dir, tagVersion+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := modzip.Create(f, module.Version{Path: gluePath, Version: tagVersion}, checkoutFiles(t, root)); err != nil {
		t.Fatalf("packing %s as %s@%s: %v", root, gluePath, tagVersion, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkoutFiles returns the files of the checkout at root that a module
// zip of it may hold.
func checkoutFiles(t *testing.T, root string) []modzip.File {
	t.Helper()
	var paths []string
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err == nil {
		for _, p := range strings.Split(string(out), "\x00") {
			if p != "" {
				paths = append(paths, p)
			}
		}
	} else {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() {
				rel, err := filepath.Rel(root, p)
				if err != nil {
					return err
				}
				paths = append(paths, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var files []modzip.File
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if fi, err := os.Lstat(full); err != nil || !fi.Mode().IsRegular() {
			continue // deleted, but not yet from git's index; or a link
		}
		files = append(files, checkoutFile{path: p, full: full})
	}
	if len(files) == 0 {
		t.Fatalf("no files in %s", root)
	}
	return files
}

// checkoutFile is a file of the checkout, for golang.org/x/mod/zip.
type checkoutFile struct {
	path string // slash-separated, relative to the module's root
	full string // on disk
}

func (f checkoutFile) Path() string                 { return f.path }
func (f checkoutFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.full) }
func (f checkoutFile) Open() (io.ReadCloser, error) { return os.Open(f.full) }
