package main

import (
	"bytes"
	"cmp"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
)

// gluePath is glue's module path.
const gluePath = "github.com/gluekit/glue"

// templateFS holds the templates, one folder each, written by
// internal/gentemplate (generate.go).
//
//go:embed templates
var templateFS embed.FS

// templateName names one of glue's templates: -template NAME.
type templateName string

// The templates.
const (
	templateHello      templateName = "hello"
	templatePlatformer templateName = "platformer"
)

// templateNames are the templates, the default first.
var templateNames = []templateName{templateHello, templatePlatformer}

// newOptions is what glue new is asked for.
type newOptions struct {
	Module   string       // the new module's path, e.g. example.com/mygame
	Template templateName // the template; "" is hello
	Dir      string       // the folder to write; "" is the module's last element
	Glue     string       // a glue checkout for a replace line; "" requires Version
	Version  string       // the version of glue to require; "" is the one glue was built from
	Stdout   io.Writer    // where go mod tidy's output goes
}

// runNew runs glue new with its command line.
func runNew(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("new", stderr,
		"usage: glue new [-template hello|platformer] [-dir DIR] [-glue PATH] MODULE",
		"writes a new game, a module of its own named MODULE (e.g. example.com/mygame), from a template.")
	o := newOptions{Template: templateHello, Stdout: stdout}
	fs.Func("template", "the template: "+joinNames(templateNames)+" (default hello)", func(s string) error {
		if !slices.Contains(templateNames, templateName(s)) {
			return fmt.Errorf("no template %q: the templates are %s", s, joinNames(templateNames))
		}
		o.Template = templateName(s)
		return nil
	})
	fs.StringVar(&o.Dir, "dir", "", "the folder to write the game into, new or empty (default: the module's last element)")
	fs.StringVar(&o.Glue, "glue", "", "a glue checkout to build against: go.mod gets a replace line to it (needed until glue has a tagged version)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "glue new: want one argument, the new game's module path (e.g. example.com/mygame), got", fs.NArg())
		fs.Usage()
		return 2
	}
	o.Module = fs.Arg(0)
	dir, err := newGame(o)
	if err != nil {
		fmt.Fprintln(stderr, "glue new:", err)
		return 1
	}
	fmt.Fprintf(stdout, "glue new: wrote %s, the module %s, from the %s template. Play it:\n\n", dir, o.Module, o.Template)
	fmt.Fprintf(stdout, "\tcd %s\n\tgo run .\n\tgo tool glue web    # in the browser\n", dir)
	return 0
}

// newGame writes the game that o asks for and runs go mod tidy in it; it
// returns its folder.
func newGame(o newOptions) (string, error) {
	name, err := gameName(o.Module)
	if err != nil {
		return "", err
	}
	if o.Template == "" {
		o.Template = templateHello
	}
	if !slices.Contains(templateNames, o.Template) {
		return "", fmt.Errorf("no template %q: the templates are %s", o.Template, joinNames(templateNames))
	}
	dir := o.Dir
	if dir == "" {
		dir = name
	}
	version, replace, err := glueVersion(o)
	if err != nil {
		return "", err
	}
	if err := emptyDir(dir); err != nil {
		return "", err
	}
	root := path.Join("templates", string(o.Template))
	vars := strings.NewReplacer("{{module}}", o.Module, "{{name}}", name, "{{version}}", version)
	err = fs.WalkDir(templateFS, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := templateFS.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, root+"/")
		if strings.HasSuffix(rel, ".tmpl") {
			rel = strings.TrimSuffix(rel, ".tmpl")
			data = []byte(vars.Replace(string(data)))
		}
		if strings.HasSuffix(rel, ".go") {
			// The module path in place of glue's moves the game's own
			// imports among the others: gofmt sorts them again.
			if data, err = format.Source(data); err != nil {
				return fmt.Errorf("%s: %v", rel, err)
			}
		}
		if rel == "go.mod" && replace != "" {
			data = append(data, "\nreplace "+gluePath+" => "+replace+"\n"...)
		}
		to := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		return "", err
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	var out bytes.Buffer
	tidy.Stdout, tidy.Stderr = &out, &out
	if err := tidy.Run(); err != nil {
		return "", fmt.Errorf("wrote %s, but go mod tidy failed there (%v): %s\nfix that (the network, or -glue), then run go mod tidy in %s", dir, err, strings.TrimSpace(out.String()), dir)
	}
	if o.Stdout != nil {
		o.Stdout.Write(out.Bytes())
	}
	return dir, nil
}

// moduleElem is what glue new accepts in a module path's elements.
var moduleElem = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._~-]*$`)

// majorVersion is a module path's major version suffix: v2, v3…
var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// gameName returns the game's name: the last element of its module path
// (before a major version suffix such as /v2).
func gameName(module string) (string, error) {
	if module == "" {
		return "", errors.New("no module path: give one such as example.com/mygame")
	}
	elems := strings.Split(module, "/")
	for _, e := range elems {
		if !moduleElem.MatchString(e) || strings.HasSuffix(e, ".") {
			return "", fmt.Errorf("module path %q: the element %q is not allowed: use letters, digits and . _ ~ -, e.g. example.com/mygame", module, e)
		}
	}
	name := elems[len(elems)-1]
	if len(elems) > 1 && majorVersion.MatchString(name) {
		name = elems[len(elems)-2]
	}
	if module == gluePath {
		return "", fmt.Errorf("module path %q is glue's own: name your game's module, e.g. example.com/mygame", module)
	}
	return name, nil
}

// glueVersion returns the version of glue the new go.mod requires and the
// path of its replace line ("" for none): with -glue, the checkout there;
// else the version this command was built from.
func glueVersion(o newOptions) (version, replace string, err error) {
	if o.Glue != "" {
		abs, err := filepath.Abs(o.Glue)
		if err != nil {
			return "", "", err
		}
		mod, err := os.ReadFile(filepath.Join(abs, "go.mod"))
		if err != nil || !bytes.HasPrefix(mod, []byte("module "+gluePath+"\n")) {
			return "", "", fmt.Errorf("-glue %s: no glue checkout there (its go.mod must say module %s)", o.Glue, gluePath)
		}
		if strings.ContainsAny(abs, " \t\"'`") {
			abs = strconv.Quote(abs)
		}
		return cmp.Or(o.Version, "v0.0.0-00010101000000-000000000000"), abs, nil
	}
	if o.Version != "" {
		return o.Version, "", nil
	}
	v := "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path == gluePath {
		v = bi.Main.Version
	}
	if !strings.HasPrefix(v, "v") {
		return "", "", fmt.Errorf("this glue command was built from a checkout (version %s), so there is no glue version for the new go.mod to require: "+
			"pass -glue with the path of that checkout (e.g. -glue .), and the new go.mod gets a replace line to it; "+
			"until glue v0.1.0 is tagged, -glue is needed", v)
	}
	return v, "", nil
}

// emptyDir makes dir if it does not exist; if it does, it must be an
// empty folder.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return fmt.Errorf("%s: %v (the game's folder must be new or empty)", dir, err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty: choose another folder with -dir, or remove it", dir)
	}
	return nil
}

func joinNames(names []templateName) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}
