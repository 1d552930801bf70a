package glue

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"

	"github.com/gluekit/glue/internal/world"
)

// A system's name is a handle: the same under go run, go test, go build
// and in the browser. It is derived once, when the system is made:
//
//   - a named function or method is named after itself, qualified by the
//     last element of its package's import path: "render.DrawBox",
//     "breakout.MovePaddle";
//   - a function literal is named after the function it is written in —
//     the constructor that returns the system — even when the Go compiler
//     inlines that constructor into its caller: "render.Animate". Where
//     two literals of one function meet in a stage, each is told apart by
//     its line: "breakout.main:42", "breakout.main:57";
//   - the package main is qualified by the last element of its import
//     path too ("breakout", not "main"), so that a game's systems have
//     the same names in its tests. A program started as `go run main.go`
//     has no import path; its systems are then "main.X".
//   - a generic constructor names its type arguments with
//     [System.TypeArgs]: "tilemap.SpawnSolids[main.Map, main.Coin]".

func lastElem(path string) string { return path[strings.LastIndexByte(path, '/')+1:] }

// splitFunc splits a function's symbol name ("github.com/x/y.F[...].func1")
// into its package path and the rest ("F[...].func1").
func splitFunc(full string) (pkg, rest string) {
	base := full
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	slash := strings.LastIndexByte(base, '/')
	dot := strings.IndexByte(base[slash+1:], '.')
	if dot < 0 {
		return "", full
	}
	return full[:slash+1+dot], full[slash+2+dot:]
}

// qualify returns the short package qualifier of an import path.
// f is a function of pkg, whose source file the browser build's
// mainQualifier reads.
func qualify(pkg string, f *runtime.Func) string {
	if pkg == "main" {
		file, _ := f.FileLine(f.Entry())
		return mainQualifier(file)
	}
	return lastElem(pkg)
}

// literalParent returns what a function literal's symbol says of the
// function it is written in: "main.main.Animate.func2" (Animate inlined
// into main) gives "Animate"; "render.Animate.func1" gives "Animate". ok is
// false for a function that is not a literal.
func literalParent(rest string) (parent string, ok bool) {
	segs := strings.Split(rest, ".")
	n := len(segs)
	for n > 1 && isLiteralSeg(segs[n-1]) {
		n--
		ok = true
	}
	if !ok {
		return "", false
	}
	return segs[n-1], true
}

// isLiteralSeg reports a segment the compiler adds for a function
// literal: "func1", or "2" for a literal within a literal.
func isLiteralSeg(s string) bool {
	s = strings.TrimPrefix(s, "func")
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// nilFuncName begins the name funcName gives a nil function.
const nilFuncName = "<nil function"

// funcName derives a function's name and the import path of its package
// from its function value, as described above. skip is the number of
// stack frames between funcName's caller and the code that called the
// glue constructor (Func, Each2, If…), where the constructor of a literal
// is found. Reflection and stack walking run once, when the system is
// made, never per tick.
func funcName(fn any, skip int) (name, pkg string, line int) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		// Named for where it was given, so that the error says where.
		if _, file, line, ok := runtime.Caller(skip + 1); ok {
			return fmt.Sprintf("%s at %s:%d>", nilFuncName, filepath.Base(file), line), "", line
		}
		return nilFuncName + ">", "", 0
	}
	f := runtime.FuncForPC(v.Pointer())
	full := strings.TrimSuffix(f.Name(), "-fm")
	pkg, rest := splitFunc(full)
	if parent, ok := literalParent(rest); ok {
		_, line = f.FileLine(f.Entry())
		rest = parent
		// The constructor is a caller of the glue constructor: find it by
		// its name, through inlining.
		var pcs [8]uintptr
		frames := runtime.CallersFrames(pcs[:runtime.Callers(skip+2, pcs[:])])
		for {
			f, more := frames.Next()
			if strings.HasSuffix(f.Function, "."+parent) {
				fp, frest := splitFunc(f.Function)
				if fp != "" {
					pkg, rest = fp, frest
				}
				break
			}
			if !more {
				break
			}
		}
	}
	rest = strings.Replace(rest, "[...]", "", 1)
	if pkg == "" {
		return rest, "", line
	}
	return qualify(pkg, f) + "." + rest, pkg, line
}

// stableTypeName is a type's name as it appears in system names: as Go
// shows it, with package names ("main.Brick"), which are the same under go
// run and go test — unlike a function's import path.
func stableTypeName(t reflect.Type) string { return world.ShortName(t) }

// TypeArgs names the type arguments of a generic constructor in the
// system's name, so that two instantiations are two names:
//
//	func SpawnSolids[M Map, T any]() *glue.System {
//		return glue.Func(func(…) { … }).TypeArgs(reflect.TypeFor[M](), reflect.TypeFor[T]())
//	}
//
// gives "tilemap.SpawnSolids[main.Level, main.Coin]". Glue cannot
// see a generic function's type arguments itself; without TypeArgs two
// instantiations share one name, and Build reports them if they meet in
// one stage. The arguments are reflect.Types, not [Type]s: a type argument
// need not be a component.
func (s *System) TypeArgs(types ...reflect.Type) *System {
	if i := strings.IndexByte(s.name, '['); i >= 0 {
		s.name = s.name[:i]
	}
	if len(types) == 0 {
		return s
	}
	args := make([]string, len(types))
	for i, t := range types {
		args[i] = stableTypeName(t)
	}
	s.name += "[" + strings.Join(args, ", ") + "]"
	return s
}
