package glue_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// Game is a resource of the misuse tests.
type Game struct{ Score int }

// wantBuildError builds app and checks that the error mentions every want.
func wantBuildError(t *testing.T, app *glue.App, wants ...string) {
	t.Helper()
	err := app.Build()
	if err == nil {
		t.Fatalf("Build succeeded, want an error mentioning %q", wants)
	}
	for _, w := range wants {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("build error lacks %q:\n%v", w, err)
		}
	}
}

func TestMisuseGetsAClearError(t *testing.T) {
	t.Run("wrong param type", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(g *Game) {}).Named("Steer"))
		wantBuildError(t, app, "system Steer", "type *glue_test.Game, which is not a system param", "glue.Res[glue_test.Game]", "glue.Query1[*A]")
	})
	t.Run("wrong field type", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(p struct {
			Cmd  glue.Commands
			Game Game
		}) {
		}).Named("Steer"))
		wantBuildError(t, app, "param field Game has type glue_test.Game", "glue.ResMut[glue_test.Game]")
	})
	t.Run("pointer component", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(&Pos{}) }).Named("Spawner"))
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "components are values: use glue_test.Pos") || !strings.Contains(err.Error(), "Spawner") {
			t.Fatalf("Update = %v", err)
		}
	})
	t.Run("pointer component type in a system", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Each1(func(glue.Entity, **Pos) {}))
		wantBuildError(t, app, "component type *glue_test.Pos is a pointer")
	})
	t.Run("pointer component type said once", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Each1(func(glue.Entity, **Pos) {}).Named("Move"))
		err := app.Build()
		if err == nil || strings.Count(err.Error(), "is a pointer") != 1 || strings.Contains(err.Error(), ": glue: ") {
			t.Fatalf("want the system's error once, its prefix once:\n%v", err)
		}
	})
	t.Run("component twice in a query", func(t *testing.T) {
		// Both built: the two pointers were one component (a stranger's
		// a.X = 7; b.X++ left 8).
		app := newApp(t)
		app.AddSystems(First,
			glue.Each2(func(_ glue.Entity, a *Pos, b *Pos) {}).Named("Each"),
			glue.Func(func(q glue.Query2[*Pos, Pos]) {}).Named("Query"))
		wantBuildError(t, app, "system Each: its query (EachN, BatchN or QueryN) names component type glue_test.Pos twice", "system Query: its query")
	})
	t.Run("Insert into the zero Entity", func(t *testing.T) {
		// It did nothing, silently: a target never set.
		app := newApp(t)
		var target glue.Entity
		app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Insert(target, Pos{}) }).Named("Mark"))
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "system Mark") || !strings.Contains(err.Error(), "the zero Entity is no entity") {
			t.Fatalf("Update = %v", err)
		}
	})
	t.Run("After a zero label", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Late").After(glue.Label{}))
		wantBuildError(t, app, "system Late runs After(glue.Label{}), a zero label", "glue.NewLabel(name)")
	})
	t.Run("pointer resource", func(t *testing.T) {
		app := newApp(t)
		app.InsertResource(&Game{})
		wantBuildError(t, app, "InsertResource(*glue_test.Game): resources are values, not pointers; pass a glue_test.Game")
	})
	t.Run("pointer resource param", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(r glue.Res[*Game]) {}))
		wantBuildError(t, app, "resource type *glue_test.Game is a pointer")
	})
	t.Run("interface component", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Each1(func(glue.Entity, *io.Reader) {}))
		wantBuildError(t, app, "component type io.Reader is an interface")
	})
	t.Run("filter that never matches", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Each1(func(glue.Entity, *A) {}).Without(glue.TypeOf[A]()).Named("Never"))
		wantBuildError(t, app, "system Never can never run", "Without(glue_test.A)")
	})
	t.Run("InsertResource after Build", func(t *testing.T) {
		app := newApp(t)
		app.Build()
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "InsertResource called after the app was built") {
				t.Fatalf("recover() = %v", r)
			}
		}()
		app.InsertResource(Game{})
	})
	t.Run("Update and Run after Close", func(t *testing.T) {
		app := newApp(t)
		app.Close()
		if err := app.Update(); !errors.Is(err, glue.ErrClosed) {
			t.Fatalf("Update after Close = %v", err)
		}
		if err := app.Run(); !errors.Is(err, glue.ErrClosed) {
			t.Fatalf("Run after Close = %v", err)
		}
	})
	t.Run("module system without its plugin", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(r glue.ResMut[moduleState]) {}).Named("module.Step"))
		wantBuildError(t, app, "system module.Step needs resource glue_test.moduleState, which module.Plugin inserts", "app.AddPlugins(module.Plugin{})")
		app2 := newApp(t)
		app2.AddPlugins(glue.PluginFunc(func(a *glue.App) {})) // another plugin does not count
		app2.AddSystems(First, glue.Func(func(r glue.ResMut[moduleState]) {}))
		wantBuildError(t, app2, "module.Plugin inserts")
	})
	t.Run("resource inserted earlier in the same stage", func(t *testing.T) {
		app := newApp(t)
		app.Configure(glue.Options{Sequential: true})
		setup := glue.Func(func(c glue.Commands) { c.InsertResource(Game{}) }).Named("Setup")
		app.AddSystems(First,
			setup,
			glue.Func(func(g glue.Res[Game]) {}).Named("Reader").After(setup),
		)
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "which system Setup inserts by a command in this stage; commands apply when the stage ends") {
			t.Fatalf("Update = %v", err)
		}
	})
	t.Run("blank name", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named(" "))
		wantBuildError(t, app, "has a blank name; give it one with Named")
	})
}

// moduleState stands for a module's resource: its plugin inserts it.
type moduleState struct{}

func (moduleState) ProvidedBy() string { return "module.Plugin" }

// A stage given as a constant of the wrong type does not compile, and Go's
// message names the type to use.
func TestStageOfTheWrongTypeDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	src := `package main

import "github.com/gluekit/glue"

type Stage int

const Physics Stage = 1

func main() {
	app := glue.NewApp()
	app.AddSystems(3, glue.Func(func(struct{}) {}))
	app.AddSystems(Physics, glue.Func(func(struct{}) {}))
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	cmd := exec.Command("go", "build", "-o", os.DevNull, filepath.Join(dir, "main.go"))
	cmd.Dir = wd
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("a stage of the wrong type compiled")
	}
	for _, want := range []string{"cannot use 3 (untyped int constant) as glue.Stage value", "cannot use Physics (constant 1 of int type Stage) as glue.Stage value"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("compiler output lacks %q:\n%s", want, out)
		}
	}
}

// A newcomer's system with nine params, reused in two apps, named with its
// type arguments.
func TestNineParamsAndReuse(t *testing.T) {
	type Nine struct {
		A  glue.Res[Gold]
		B  glue.ResMut[Log]
		C  glue.Commands
		D  glue.Local[int]
		E  glue.Query1[*A]
		F  glue.Query2[*A, *B]
		G  glue.Opt[Game]
		H  glue.Added[A]
		In struct {
			I glue.Removed[A]
		}
	}
	sys := glue.Func(func(p Nine) {
		*p.D.Get()++
		p.B.Get().add("gold %d, A %d, tick %d", p.A.Get().N, p.E.Len(), *p.D.Get())
	}).Named("Nine")
	var apps []*glue.App
	for i := range 2 {
		app := newApp(t)
		app.InsertResource(Gold{N: i})
		app.InsertResource(Log{})
		app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(A{}) }))
		app.AddSystems(First, sys)
		apps = append(apps, app)
	}
	for _, app := range apps {
		mustUpdate(t, app, 2)
	}
	for i, app := range apps {
		want := []string{fmt.Sprintf("gold %d, A 1, tick 1", i), fmt.Sprintf("gold %d, A 1, tick 2", i)}
		if got := glue.Resource[Log](app).lines; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("app %d: %v, want %v", i, got, want)
		}
	}
}

// Generic systems are named with their type arguments (System.TypeArgs),
// not with the types their signature happens to name: two instantiations
// are two names, even when the type argument appears only in the body.
func TestGenericSystemNames(t *testing.T) {
	if got, want := countOf[time.Time]().Name(), "glue_test.countOf[time.Time]"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
	if got, want := moveWith[time.Duration]().Name(), "glue_test.moveWith[time.Duration]"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
	// spawnOf[T] takes only Commands and Res[Gold]: its name is made of
	// its type arguments, not of Gold.
	if got, want := spawnOf[A]().Name(), "glue_test.spawnOf[glue_test.A]"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
	app := newApp(t)
	app.AddSystems(First, countOf[time.Time](), countOf[time.Duration](), spawnOf[A](), spawnOf[B]()) // distinct names, no Named needed
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
}

// A system made by a constructor is named after the constructor, also when
// the compiler inlines the constructor into its caller (small constructors
// such as this one are inlined).
func TestConstructorNames(t *testing.T) {
	if got, want := tiny().Name(), "glue_test.tiny"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
	if got, want := glue.Func(namedStep).Name(), "glue_test.namedStep"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
	// A literal written in the test itself is named after the test.
	if got, want := glue.Func(func(struct{}) {}).Name(), "glue_test.TestConstructorNames"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
}

func tiny() *glue.System { return glue.Func(func(struct{}) {}) }

// A literal given to Func2 … Func8 is named after the function it is
// written in, not after one further up the stack that ends alike (a
// stranger's systems written in main were all "runtime.main").
func TestFuncNLiteralNames(t *testing.T) {
	if got, want := (twin{}).build().Name(), "glue_test.build"; got != want {
		t.Fatalf("name = %q, want %q", got, want)
	}
}

type twin struct{}

func (twin) build() *glue.System { return build() }

func build() *glue.System { return glue.Func2(func(glue.Commands, glue.Res[Gold]) {}) }

func namedStep(struct{}) {}

func spawnOf[T any]() *glue.System {
	return glue.Func(func(p struct {
		Cmds glue.Commands
		Gold glue.Res[Gold]
	}) {
		var t T
		p.Cmds.Spawn(t)
	}).TypeArgs(reflect.TypeFor[T]())
}

func countOf[T any]() *glue.System {
	return glue.Func(func(q glue.Query1[*T]) {}).TypeArgs(reflect.TypeFor[T]())
}

func moveWith[V any]() *glue.System {
	return glue.Each2(func(_ glue.Entity, p *Pos, v *V) {}).TypeArgs(reflect.TypeFor[V]())
}

// A main package's systems have the same names under go run and go test
// (the last element of the package's import path, not "main" in one and
// the path in the other).
func TestMainPackageNamesAreStable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	run := func(args ...string) string {
		cmd := exec.Command("go", args...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "names: ") {
				return l
			}
		}
		t.Fatalf("go %v printed no names:\n%s", args, out)
		return ""
	}
	want := "names: names.Step, names.names, names.spawn[main.Coin]"
	if got := run("run", "./testdata/names"); got != want {
		t.Errorf("go run: %s, want %s", got, want)
	}
	if got := run("test", "-count=1", "-v", "./testdata/names"); got != want {
		t.Errorf("go test: %s, want %s", got, want)
	}
	// The browser build names package main from a file's path, not from
	// the build information (names_js.go): the same names, run in Node.
	if _, err := exec.LookPath("node"); err != nil {
		t.Log("no node: the browser build's names are not checked here (make test-web runs them)")
		return
	}
	wasm := filepath.Join(t.TempDir(), "names.wasm")
	build := exec.Command("go", "build", "-trimpath", "-o", wasm, "./testdata/names")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building for the browser: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	execWasm := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	out, err := exec.Command(execWasm, wasm).CombinedOutput()
	if err != nil {
		t.Fatalf("running the browser build in node: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), want+"\n") {
		t.Errorf("browser build: %s, want %s", out, want)
	}
}
