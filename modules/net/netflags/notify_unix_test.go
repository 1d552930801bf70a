//go:build unix

package netflags_test

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/gluekit/glue/modules/net/netflags"
)

// TestNotifyStop: the stop channel gets SIGTERM until the notification
// is stopped.
func TestNotifyStop(t *testing.T) {
	stop, unnotify := netflags.NotifyStop()
	defer unnotify()
	wantSIGTERM(t, stop)
}

// TestFlagsNotifyStop: a served game's Stop gets SIGTERM until the
// notification is stopped; a game that does not serve gets no Stop.
func TestFlagsNotifyStop(t *testing.T) {
	var local netflags.Flags
	local.NotifyStop()()
	if local.Stop != nil {
		t.Errorf("a game without -serve got a Stop channel")
	}
	served := netflags.Flags{Serve: "127.0.0.1:0"}
	unnotify := served.NotifyStop()
	defer unnotify()
	if served.Stop == nil {
		t.Fatal("a served game got no Stop channel")
	}
	wantSIGTERM(t, served.Stop)
}

// wantSIGTERM sends the test process SIGTERM and waits for it on stop.
func wantSIGTERM(t *testing.T, stop <-chan os.Signal) {
	t.Helper()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Skip("cannot signal itself:", err)
	}
	select {
	case sig := <-stop:
		if sig != syscall.SIGTERM {
			t.Errorf("got %v", sig)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no SIGTERM on the stop channel after 10 s")
	}
}
