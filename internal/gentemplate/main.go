// Command gentemplate writes the templates of `glue new` (cmd/glue) from
// the games they start from, so that a game is written once: hello from
// examples/hello, platformer from games/platformer. Run it with
//
//	go generate ./cmd/glue
//
// Each template is a copy of the game's folder in
// cmd/glue/templates/NAME, with:
//   - the files named generate.go left out (their go:generate lines point
//     into glue's internal/, which a game of its own does not have), and
//     so are the tests that import glue's internal/ packages (the
//     platformer's net_test.go plays through internal/lagproxy): glue's
//     own checks of the game, which a game of its own cannot build;
//   - each .go file renamed NAME.go.tmpl, so that the go command does not
//     build the template inside glue's module;
//   - in the .go files, the game's import path replaced by {{module}}, its
//     name (const Name) by {{name}}, its window title (const WindowTitle)
//     by {{name}}, its -dev folder (const LevelDir) made relative to the
//     new module's root, "./games/platformer" in comments by ".", and the
//     first paragraph of the package comment by the template's own;
//   - a go.mod.tmpl (glue's go line; the version of glue as {{version}})
//     and a README.md.tmpl with the commands that play the game.
//
// `glue new` replaces {{module}}, {{name}} and {{version}}. A rewrite that finds
// nothing to rewrite is an error, so a change to a game that breaks its
// template stops `go generate` (and make generate-check) rather than
// writing a template that is no longer that game. The output is
// deterministic.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// template says how one template is made from one game.
type template struct {
	name  string // the template's name: -template NAME
	src   string // the game's folder, relative to glue's root
	pkg   string // the game's import path
	intro string // the first paragraph of main.go's package comment
	play  string // the README's lines on playing, after "go run ."
	// lines are the whole lines of .go files to replace, each of which must
	// be found.
	lines map[string]string
}

var templates = []template{
	{
		name: "hello",
		src:  "examples/hello",
		pkg:  "github.com/gluekit/glue/examples/hello",
		intro: `// {{name}} is a glue game made from glue's hello template, a starter of one
// file: a sprite loaded from an embedded PNG that the arrow keys (or a
// gamepad) move, a text, and a sound when Space is pressed.`,
		play: "Arrows (or a gamepad) move the sprite, Space beeps. The whole game is\n" +
			"main.go; main_test.go plays it without a window, and so does\n" +
			"`go run . -headless -ticks 60` (a second of play, then where the hero is).\n",
		lines: map[string]string{
			`const Name = "hello"`:              `const Name = "{{name}}"`,
			`const WindowTitle = "Hello, glue"`: `const WindowTitle = "{{name}}"`,
		},
	},
	{
		name: "platformer",
		src:  "games/platformer",
		pkg:  "github.com/gluekit/glue/games/platformer",
		intro: `// {{name}} is a glue game made from glue's platformer template: a
// one-level platformer made from a Tiled map and an Aseprite sprite sheet
// (both in level/: edit them, they are this game's own). This file is the
// whole wiring; game.go holds the components and systems.`,
		play: "Arrows/WASD run, Space jumps, P pauses, F5 saves, F9 loads. The level is\n" +
			"level/level.tmx (edit it with Tiled, https://www.mapeditor.org) and the\n" +
			"characters level/sprites.png with level/sprites.json (Aseprite's JSON\n" +
			"export). `go run . -dev` reloads the level when you save it; the game\n" +
			"reads them baked, so after an edit run `go generate ./level` (it says so\n" +
			"if you forget). main.go is the wiring, game.go the components and\n" +
			"systems, menus.go the menus.\n",
		lines: map[string]string{
			`const Name = "platformer"`:                       `const Name = "{{name}}"`,
			`const WindowTitle = "Platformer (glue starter)"`: `const WindowTitle = "{{name}}"`,
			`const LevelDir = "games/platformer/level"`:       `const LevelDir = "level"`,
		},
	},
}

func main() {
	root := flag.String("root", ".", "glue's root folder")
	out := flag.String("out", "templates", "the folder to write the templates into")
	flag.Parse()
	gomod, err := os.ReadFile(filepath.Join(*root, "go.mod"))
	if err != nil {
		log.Fatal("gentemplate: ", err)
	}
	goLine := ""
	for _, l := range strings.Split(string(gomod), "\n") {
		if strings.HasPrefix(l, "go ") {
			goLine = l
		}
	}
	if goLine == "" {
		log.Fatal("gentemplate: no go line in glue's go.mod")
	}
	for _, t := range templates {
		dir := filepath.Join(*out, t.name)
		if err := write(t, *root, dir); err != nil {
			log.Fatalf("gentemplate: %s: %v", t.name, err)
		}
		// The new module's go.mod: glue's Go version; glue new fills in
		// the version of glue and adds a replace line for -glue, then runs
		// go mod tidy for the rest. glue's commands are the module's tools
		// (go tool glue web, go tool -n gluevet), so that go mod tidy keeps
		// what they import in go.sum: without, `go run
		// github.com/gluekit/glue/cmd/glue web` failed in a new game with
		// "missing go.sum entry for module providing package
		// golang.org/x/tools/go/ast/astutil".
		files := map[string]string{
			"go.mod.tmpl":    "module {{module}}\n\n" + goLine + "\n\nrequire github.com/gluekit/glue {{version}}\n\ntool (\n\tgithub.com/gluekit/glue/cmd/glue\n\tgithub.com/gluekit/glue/cmd/gluevet\n)\n",
			"README.md.tmpl": fmt.Sprintf(readme, t.name, t.play),
		}
		for _, name := range sortedKeys(files) {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
				log.Fatal("gentemplate: ", err)
			}
		}
	}
}

// readme is the new game's README.md: the template's name and its play
// lines go in.
const readme = `# {{name}}

A game made with [glue](https://github.com/gluekit/glue), a Go toolkit for
2D games on [Ebitengine](https://ebitengine.org), from its %s template.

Play it in a window, then in the browser (http://127.0.0.1:8080/):

    go run .
    go tool glue web

%s
Test it with ` + "`go test ./...`" + `, and vet it with glue's checks added to go vet's
(gluevet: glue code that compiles but does nothing, glue's docs/gluevet.md):

    go vet -vettool=$(go tool -n gluevet) ./...

` + "`go tool glue web -out site`" + ` writes the browser build into site/ for static
hosting (itch.io takes a zip of that folder: glue's docs/web.md,
"Publishing to itch.io"). ` + "`glue` and `gluevet`" + ` are this module's tools (go.mod's
tool lines), of the version of glue it requires.

On Linux, a window needs the OpenGL, X11 and ALSA libraries (Ebitengine's
install guide, https://ebitengine.org/en/documents/install.html); macOS and
Windows need nothing but Go.
`

// write writes template t from the game under root into dir, which it
// empties first.
func write(t template, root, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	src := filepath.Join(root, filepath.FromSlash(t.src))
	found := map[string]bool{}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.Name() == "generate.go" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(rel, "_test.go") && bytes.Contains(data, []byte(`"github.com/gluekit/glue/internal/`)) {
			return nil // glue's own check of the game, through its internal/ tools
		}
		if strings.HasSuffix(rel, ".go") {
			if data, err = rewrite(t, rel, data, found); err != nil {
				return fmt.Errorf("%s: %v", filepath.ToSlash(rel), err)
			}
			rel += ".tmpl"
		}
		to := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		return err
	}
	for _, line := range sortedKeys(t.lines) {
		if !found[line] {
			return fmt.Errorf("no line %q in %s: the game changed; change internal/gentemplate with it", line, t.src)
		}
	}
	return nil
}

// rewrite returns a .go file of t's game as it goes into the template,
// and marks in found the lines of t.lines it replaced.
func rewrite(t template, rel string, data []byte, found map[string]bool) ([]byte, error) {
	if bytes.Contains(data, []byte("{{module}}")) || bytes.Contains(data, []byte("{{name}}")) {
		return nil, fmt.Errorf("has {{module}} or {{name}}, which glue new would take for a placeholder")
	}
	s := string(data)
	if rel == "main.go" {
		var err error
		if s, err = replaceIntro(s, t.intro); err != nil {
			return nil, err
		}
	}
	s = strings.ReplaceAll(s, t.pkg, "{{module}}")
	s = strings.ReplaceAll(s, "./"+t.src, ".")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if to, ok := t.lines[strings.TrimSpace(l)]; ok && to != "" {
			lines[i] = to
			found[strings.TrimSpace(l)] = true
		}
	}
	if strings.Contains(s, "github.com/gluekit/glue/games/") || strings.Contains(s, "github.com/gluekit/glue/internal/") || !generatesAlone(s) {
		return nil, fmt.Errorf("still names glue's games/ or internal/, or has a go:generate line that runs more than glue's commands: the generated game would not stand alone")
	}
	return []byte(strings.Join(lines, "\n")), nil
}

// generatesAlone reports whether every go:generate line of s runs one of
// glue's public commands (go run github.com/gluekit/glue/cmd/…, such as
// gluebake), which a game of its own runs from the glue it requires.
func generatesAlone(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "go:generate") && !strings.HasPrefix(strings.TrimSpace(l), "//go:generate go run github.com/gluekit/glue/cmd/") {
			return false
		}
	}
	return true
}

// replaceIntro replaces the first paragraph of the package comment of a
// main.go (up to its first empty comment line) with intro.
func replaceIntro(s, intro string) (string, error) {
	end := strings.Index(s, "\n//\n")
	pkg := strings.Index(s, "\npackage main")
	if !strings.HasPrefix(s, "// ") || end < 0 || pkg < 0 || end > pkg {
		return "", fmt.Errorf("main.go: no package comment with a first paragraph")
	}
	return intro + s[end:], nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
