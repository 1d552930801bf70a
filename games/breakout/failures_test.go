//go:build !js

package main

import (
	stdnet "net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// noDisplayEnv makes the test binary, started again by
// TestNoDisplayHintsHeadless without a display, run the game.
const noDisplayEnv = "BREAKOUT_TEST_NO_DISPLAY"

// TestNoDisplayHintsHeadless starts the game where there is no display
// (DISPLAY unset, in a child process): instead of Ebitengine's bare
// "fbdev: failed to open /dev/fb0" the player reads the cause and both
// ways out, xvfb-run and -headless.
func TestNoDisplayHintsHeadless(t *testing.T) {
	if os.Getenv(noDisplayEnv) != "" {
		var out strings.Builder
		code := run([]string{"-mute", "-seed", "1"}, &out, &out)
		os.Stdout.WriteString(out.String())
		if code == 0 {
			os.Stdout.WriteString("exit 0\n")
		}
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoDisplayHintsHeadless$")
	cmd.Env = append(os.Environ(), noDisplayEnv+"=1", "DISPLAY=", "WAYLAND_DISPLAY=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for _, want := range []string{"no display to open the window on", "xvfb-run", "-headless"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("without a display the game says\n%s\nwant %q in it", out, want)
		}
	}
}

// TestBadScreenshotIsRefusedBeforeTheWindow: -screenshot with a name the
// game cannot write (x.gif) or in a directory that does not exist is
// refused with the flag's name before any window opens (x.jpg used to get
// PNG bytes, and a bad directory was reported after the game ran).
func TestBadScreenshotIsRefusedBeforeTheWindow(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "x.gif"), "-screenshot: the file name"},
		{filepath.Join(dir, "no", "x.png"), "-screenshot: the directory"},
	} {
		var out strings.Builder
		if code := run([]string{"-screenshot", c.path}, &out, &out); code != 2 {
			t.Errorf("-screenshot %s: exit %d, want 2", c.path, code)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("-screenshot %s says\n%s\nwant %q", c.path, out.String(), c.want)
		}
	}
}

// TestServeOnAPortInUseNamesTheFlag: -serve on a port another program
// holds says so with the flag, not the Go field (ServerConfig.Addr) the
// flag sets.
func TestServeOnAPortInUseNamesTheFlag(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	var out strings.Builder
	if code := run([]string{"-headless", "-serve", addr, "-ticks", "3"}, &out, &out); code != 1 {
		t.Errorf("-serve %s (in use): exit %d, want 1", addr, code)
	}
	if got := out.String(); !strings.Contains(got, "-serve "+addr+": cannot listen there") || strings.Contains(got, "ServerConfig") {
		t.Errorf("-serve on a port in use says\n%s\nwant the flag named, not ServerConfig.Addr", got)
	}
}
