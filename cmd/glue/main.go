// Command glue starts and ships games made with glue.
//
//	glue new [-template hello|platformer] [-dir DIR] [-glue PATH] MODULE
//	glue web [-addr 127.0.0.1:8080] [-out DIR] [PACKAGE]
//
// new writes a game of its own, a module that stands alone, from one of
// glue's templates: MODULE is its module path (example.com/mygame), and
// its last element names the game (its folder, window title, flags and
// save folder). web builds the game in the current module for the
// browser, with glue's loader page, and serves it on 127.0.0.1, or writes
// the files for static hosting with -out. Run either from anywhere with
//
//	go run github.com/gluekit/glue/cmd/glue@VERSION new example.com/mygame
//
// and, in a game that new wrote, whose go.mod has glue and gluevet as its
// tools (of the version of glue it requires), with
//
//	go tool glue web
//
// (elsewhere, add the tool once: go mod edit
// -tool=github.com/gluekit/glue/cmd/glue && go mod tidy). Until glue has a tagged version, new needs
// -glue, the path of a glue checkout, which the new go.mod's replace line
// points at: README.md, "Start your own game".
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usage is what glue prints without a known command.
const usage = `usage:
  glue new [-template hello|platformer] [-dir DIR] [-glue PATH] MODULE
        write a new game, a module of its own, from a template
  glue web [-addr 127.0.0.1:8080] [-out DIR] [PACKAGE]
        build the game in this module for the browser and serve it
        (or write the files into DIR for static hosting)
Run "glue new -h" or "glue web -h" for their flags.
`

// run runs the command line args (without the program's name) and returns
// the exit status: 0, 1 when the command failed, 2 for a command line it
// does not understand.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "new":
		return runNew(args[1:], stdout, stderr)
	case "web":
		return runWeb(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "glue: unknown command %q\n%s", args[0], usage)
	return 2
}

// newFlagSet returns the flag set of the command glue CMD: its errors and
// usage (the lines, then the flags) go to stderr.
func newFlagSet(cmd string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet("glue "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, l := range usage {
			fmt.Fprintln(stderr, l)
		}
		fs.PrintDefaults()
	}
	return fs
}
