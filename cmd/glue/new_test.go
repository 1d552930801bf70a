package main

import (
	"bytes"
	"context"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// glueRoot is the checkout this test runs in: the new games' -glue.
func glueRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// goCmd runs the go command in dir with env added, within a generous
// deadline, and fails the test with its output if it fails.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	// No -mod=mod: the commands run as a user's would, with the go.mod and
	// go.sum glue new wrote (with it, a go.sum that missed what glue web
	// imports went unseen).
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

// Each template makes a module that stands alone, outside glue's
// repository: go vet is clean, its tests pass, it builds for the browser,
// it imports nothing of glue's but its public packages, no line of it
// generates code from outside it, and its name is the module's last
// element.
func TestNewTemplates(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and tests two generated games")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	for _, tmpl := range templateNames {
		t.Run(string(tmpl), func(t *testing.T) {
			// The two games build and test beside each other: their
			// tests mostly wait (the platformer's play in real time).
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "game")
			var out strings.Builder
			got, err := newGame(newOptions{Module: "example.com/games/my-game", Template: tmpl, Dir: dir, Glue: glueRoot(t), Stdout: &out})
			if err != nil {
				t.Fatal(err)
			}
			if got != dir {
				t.Errorf("newGame wrote %s, want %s", got, dir)
			}
			for _, f := range []string{"go.mod", "go.sum", "README.md", "main.go"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("no %s: %v", f, err)
				}
			}
			mod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
			if !strings.Contains(string(mod), "module example.com/games/my-game\n") || !strings.Contains(string(mod), "replace github.com/gluekit/glue => "+glueRoot(t)) {
				t.Errorf("go.mod has not the module and the replace line:\n%s", mod)
			}
			err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
					return err
				}
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				for _, bad := range []string{"{{module}}", "{{name}}", "{{version}}", "games/platformer/", "examples/hello"} {
					if strings.Contains(string(src), bad) {
						t.Errorf("%s has %q", p, bad)
					}
				}
				for _, l := range strings.Split(string(src), "\n") {
					if strings.Contains(l, "go:generate") && !strings.HasPrefix(l, "//go:generate go run github.com/gluekit/glue/cmd/gluebake ") {
						t.Errorf("%s has %q: a game of its own runs only glue's public commands", p, l)
					}
				}
				if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
					t.Errorf("%s is not as gofmt writes it (%v)", p, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			main, _ := os.ReadFile(filepath.Join(dir, "main.go"))
			if !strings.Contains(string(main), `const WindowTitle = "my-game"`) {
				t.Errorf("main.go does not title the window my-game")
			}
			if !strings.Contains(string(main), `const Name = "my-game"`) {
				t.Errorf("main.go does not name the game my-game (its saves, flags and errors)")
			}

			// Only glue's public packages, in every build of the game and
			// its tests.
			for _, goos := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
				imports := goCmd(t, dir, goos, "list", "-f", `{{join .Imports "\n"}}{{"\n"}}{{join .TestImports "\n"}}{{"\n"}}{{join .XTestImports "\n"}}`, "./...")
				for _, imp := range strings.Fields(imports) {
					if !strings.HasPrefix(imp, gluePath+"/") && imp != gluePath {
						continue
					}
					for _, private := range []string{"/internal/", "/games/", "/examples/", "/cmd/", "/web/", "/bench/"} {
						if strings.Contains(imp+"/", private) {
							t.Errorf("%v: the game imports %s, which is not one of glue's public packages", goos, imp)
						}
					}
				}
			}
			// The commands its README.md gives. go vet once, with gluevet,
			// which runs all of go vet's checks and glue's; go test does
			// not run vet's subset again (-vet=off). glue web -out builds
			// it for the browser, as glue web does to serve it.
			readme, _ := os.ReadFile(filepath.Join(dir, "README.md"))
			for _, c := range []string{"go vet -vettool=$(go tool -n gluevet) ./...", "go tool glue web", "go tool glue web -out site"} {
				if !strings.Contains(string(readme), c) {
					t.Errorf("README.md does not give %q, which the test runs", c)
				}
			}
			// go generate bakes the platformer's level and sheet again,
			// to the same bytes (cmd/gluebake through the glue it requires).
			baked, _ := filepath.Glob(filepath.Join(dir, "level", "*.baked"))
			if want := tmpl == templatePlatformer; (len(baked) == 2) != want {
				t.Errorf("baked files %v; want the level's and the sheet's: %v", baked, want)
			}
			before := map[string][]byte{}
			for _, f := range baked {
				before[f], _ = os.ReadFile(f)
			}
			goCmd(t, dir, nil, "generate", "./...")
			for f, data := range before {
				if now, _ := os.ReadFile(f); !bytes.Equal(now, data) {
					t.Errorf("go generate changed %s", f)
				}
			}
			gluevet := strings.TrimSpace(goCmd(t, dir, nil, "tool", "-n", "gluevet"))
			goCmd(t, dir, nil, "vet", "-vettool="+gluevet, "./...")
			goCmd(t, dir, nil, "test", "-count=1", "-vet=off", "./...")
			site := filepath.Join(t.TempDir(), "site")
			goCmd(t, dir, nil, "tool", "glue", "web", "-out", site)
			if _, err := os.Stat(filepath.Join(site, "index.html")); err != nil {
				t.Errorf("go tool glue web -out wrote no index.html: %v", err)
			}
			// The platformer leaves replays out of my-game.wasm
			// (replay_js.go): glue web builds my-game-replay.wasm
			// (-tags replay), which the page loads for ?record= and
			// ?replay=; hello has one build.
			page, _ := os.ReadFile(filepath.Join(site, "index.html"))
			_, err = os.Stat(filepath.Join(site, "my-game-replay.wasm"))
			hasReplay := strings.Contains(string(page), `data-wasm-replay="my-game-replay.wasm"`)
			if want := tmpl == templatePlatformer; (err == nil) != want || hasReplay != want {
				t.Errorf("glue web -out: my-game-replay.wasm written: %v, the page's data-wasm-replay: %v; want both %v", err == nil, hasReplay, want)
			}
		})
	}
}

// The module path names the game; misuse is told with the fix.
func TestNewMisuse(t *testing.T) {
	for _, tc := range []struct {
		module, name, err string
	}{
		{"example.com/mygame", "mygame", ""},
		{"example.com/mygame/v2", "mygame", ""},
		{"mygame", "mygame", ""},
		{"", "", "no module path"},
		{"example.com/my game", "", `the element "my game" is not allowed`},
		{"example.com//x", "", `the element "" is not allowed`},
		{"github.com/gluekit/glue", "", "is glue's own"},
	} {
		name, err := gameName(tc.module)
		if name != tc.name || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("gameName(%q) = %q, %v; want %q and an error with %q", tc.module, name, err, tc.name, tc.err)
		}
	}

	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"new"}, 2, "want one argument, the new game's module path"},
		{[]string{"new", "-template", "tetris", "example.com/x"}, 2, `no template "tetris": the templates are hello, platformer`},
		{[]string{"new", "-dir", full, "-glue", glueRoot(t), "example.com/x"}, 1, "is not empty: choose another folder with -dir"},
		{[]string{"new", "-dir", filepath.Join(full, "y"), "-glue", full, "example.com/x"}, 1, "no glue checkout there"},
		{[]string{"new", "-dir", filepath.Join(full, "z"), "example.com/x"}, 1, "-glue is needed"},
		{[]string{"make"}, 2, `unknown command "make"`},
	} {
		var out, errs strings.Builder
		if code := run(tc.args, &out, &errs); code != tc.code || !strings.Contains(errs.String(), tc.err) {
			t.Errorf("glue %s: exit %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, errs.String(), tc.code, tc.err)
		}
	}
}
