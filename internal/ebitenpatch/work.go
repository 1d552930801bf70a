package ebitenpatch

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/version"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gluekit/glue/internal/gocmd"
)

// Module is Ebitengine's module path, the one Prepare copies.
const Module = "github.com/hajimehoshi/ebiten/v2"

// copyFormat is the version of what Prepare writes into its cache: a copy
// made by another format is made again (1: the shader sources; 2: and
// the built-in shaders precompiled).
const copyFormat = "2"

// ErrSkipped is the error Prepare returns when it leaves the build as it is
// (the game's module is already in a workspace, or replaces Ebitengine
// itself); its text says why.
var ErrSkipped = errors.New("ebitenpatch: skipped")

// Work is a go.work file that builds a game with the patched copy.
type Work struct {
	File    string // the go.work file: pass it as GOWORK=File to go build
	Version string // the Ebitengine version copied
	Copy    string // the folder of the patched copy
}

// Prepare makes the patched copy of the Ebitengine module that the Go
// module in dir uses, in cache (kept there for the next builds; one per
// Ebitengine version), and the go.work file that builds dir's module with
// it, named work.
//
// When dir's module is already in a workspace (GOWORK), replaces
// Ebitengine itself, or GOFLAGS sets -mod=mod or -mod=vendor (which a
// workspace does not allow), Prepare returns an error wrapping
// [ErrSkipped] that says so: build as usual then.
func Prepare(dir, cache, work string) (*Work, error) {
	run := func(env []string, args ...string) ([]byte, error) { return gocmd.Run(dir, env, args...) }
	env, err := run(nil, "env", "GOWORK", "GOFLAGS")
	if err != nil {
		return nil, err
	}
	workspace, flags, _ := strings.Cut(string(env), "\n")
	if w := strings.TrimSpace(workspace); w != "" && w != "off" {
		return nil, fmt.Errorf("%w: the module is in the workspace %s (set GOWORK=off to build it alone)", ErrSkipped, w)
	}
	for _, f := range strings.Fields(flags) {
		if strings.HasPrefix(f, "-mod=") && f != "-mod=readonly" {
			return nil, fmt.Errorf("%w: GOFLAGS has %s, which a workspace does not allow", ErrSkipped, f)
		}
	}
	js := []string{"GOOS=js", "GOARCH=wasm"}
	out, err := run(js, "list", "-m", "-json", "-e", Module)
	if err != nil {
		return nil, err
	}
	var m struct {
		Path, Version, Dir, GoVersion string
		Replace                       *struct{ Path, Version string }
		Error                         *struct{ Err string }
	}
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, fmt.Errorf("go list -m %s: %v", Module, err)
	}
	switch {
	case m.Error != nil:
		return nil, fmt.Errorf("%w: %s", ErrSkipped, m.Error.Err)
	case m.Replace != nil:
		return nil, fmt.Errorf("%w: the module replaces %s with %s", ErrSkipped, Module, m.Replace.Path)
	case m.Dir == "":
		// A fresh machine: nothing has built the module yet, so the module
		// cache does not hold Ebitengine. Download it, as go build would.
		if _, err := run(nil, "mod", "download", Module); err != nil {
			return nil, fmt.Errorf("%s %s is not downloaded, and downloading it failed: %w", Module, m.Version, err)
		}
		dir, err := run(js, "list", "-m", "-f", "{{.Dir}}", Module)
		if err != nil {
			return nil, err
		}
		if m.Dir = strings.TrimSpace(string(dir)); m.Dir == "" {
			return nil, fmt.Errorf("%s %s is not downloaded: run go mod download %s", Module, m.Version, Module)
		}
	}
	main, err := run(nil, "list", "-m", "-f", "{{.Dir}} {{.GoVersion}}")
	if err != nil {
		return nil, err
	}
	mainDir, goVersion, _ := strings.Cut(strings.TrimSpace(string(main)), " ")
	if strings.Contains(mainDir, "\n") || mainDir == "" {
		return nil, fmt.Errorf("%w: %s is not in one Go module", ErrSkipped, dir)
	}
	if version.Compare("go"+m.GoVersion, "go"+goVersion) > 0 {
		goVersion = m.GoVersion
	}

	copyDir := filepath.Join(cache, "ebiten@"+m.Version+"-glue"+copyFormat)
	if err := makeCopy(m.Dir, copyDir); err != nil {
		return nil, err
	}
	text := fmt.Sprintf("// Made by glue's internal/ebitenpatch: the module at %s, built with\n"+
		"// Ebitengine %s whose shader sources are made, and whose built-in\n"+
		"// shaders are compiled, before the build.\n\n"+
		"go %s\n\nuse %s\n\nreplace %s %s => %s\n",
		mainDir, m.Version, goVersion, quote(mainDir), Module, m.Version, quote(copyDir))
	if err := os.MkdirAll(filepath.Dir(work), 0o755); err != nil {
		return nil, err
	}
	if old, err := os.ReadFile(work); err != nil || string(old) != text {
		if err := os.WriteFile(work, []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	return &Work{File: work, Version: m.Version, Copy: copyDir}, nil
}

// quote quotes a path for go.work when it needs it.
func quote(p string) string {
	if strings.ContainsAny(p, " \t\"'`\\") {
		return fmt.Sprintf("%q", p)
	}
	return p
}

// makeCopy copies the module at src into dst with its shader files, the
// files that compile its built-in shaders and its caller lookup rewritten
// and the built-in shaders precompiled, unless dst holds a finished copy
// already. The copy is made beside dst
// and renamed into place, so that two builds at once do not see half a
// copy.
func makeCopy(src, dst string) error {
	done := filepath.Join(dst, ".glue-ebitenpatch")
	if _, err := os.Stat(done); err == nil {
		return nil
	}
	for _, name := range append(append(ShaderFiles[:len(ShaderFiles):len(ShaderFiles)], BuiltinFiles...), CallerFile) {
		if _, err := os.Stat(filepath.Join(src, name)); err != nil {
			return fmt.Errorf("ebitenpatch: Ebitengine at %s has no %s (a version that makes its shaders another way): build without the patch", src, name)
		}
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dst), filepath.Base(dst)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var extra []string // the shader sources RewriteBuiltin found
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(tmp, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, name := range ShaderFiles {
			if filepath.ToSlash(rel) == name {
				if data, err = ShaderFile(rel, data); err != nil {
					return fmt.Errorf("ebitenpatch: Ebitengine at %s: %w", src, err)
				}
			}
		}
		for _, name := range BuiltinFiles {
			if filepath.ToSlash(rel) == name {
				var sources []string
				if data, sources, err = RewriteBuiltin(rel, data); err != nil {
					return fmt.Errorf("ebitenpatch: Ebitengine at %s: %w", src, err)
				}
				extra = append(extra, sources...)
			}
		}
		if filepath.ToSlash(rel) == CallerFile {
			if data, err = RewriteCaller(rel, data); err != nil {
				return fmt.Errorf("ebitenpatch: Ebitengine at %s: %w", src, err)
			}
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		return err
	}
	if err := precompile(tmp, extra); err != nil {
		return fmt.Errorf("ebitenpatch: Ebitengine at %s: %w", src, err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".glue-ebitenpatch"), []byte(copyFormat+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		if _, statErr := os.Stat(done); statErr == nil {
			return nil // another build made it first
		}
		os.RemoveAll(dst) // an unfinished copy (a build stopped half-way)
		if err := os.Rename(tmp, dst); err != nil {
			return err
		}
	}
	return nil
}
