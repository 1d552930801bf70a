//go:build unix

package netflags_test

import (
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
