package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordThenReplay records the headless scene with -record and plays
// it with -replay: the same fish, to the same digest, with the seed and
// the scene's flags taken from the file.
func TestRecordThenReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "scene.replay")
	var out1, out2, err1, err2 bytes.Buffer
	if rc := run([]string{"-headless", "-ticks", "200", "-fish", "300", "-variant", "flock", "-seed", "4", "-record", file}, &out1, &err1); rc != 0 {
		t.Fatalf("recording: exit %d: %s", rc, err1.String())
	}
	if rc := run([]string{"-replay", file}, &out2, &err2); rc != 0 {
		t.Fatalf("replay: exit %d: %s", rc, err2.String())
	}
	if out1.String() != out2.String() || !strings.Contains(out2.String(), "fish 300") {
		t.Errorf("the replay ended otherwise:\nrecorded %sreplayed %s", out1.String(), out2.String())
	}
}

// TestReplayChecksTheFinalDigest: -replay runs the recording to its last
// tick and checks the final digest whatever -ticks says (replay.Run,
// as breakout and the platformer do). Before, -replay FILE -ticks 50
// stopped at tick 50 with exit status 0 and nothing checked.
func TestReplayChecksTheFinalDigest(t *testing.T) {
	file := filepath.Join(t.TempDir(), "scene.replay")
	var out1, out2, err1, err2 bytes.Buffer
	if rc := run([]string{"-headless", "-ticks", "120", "-fish", "100", "-seed", "4", "-record", file}, &out1, &err1); rc != 0 {
		t.Fatalf("recording: exit %d: %s", rc, err1.String())
	}
	if rc := run([]string{"-replay", file, "-ticks", "50"}, &out2, &err2); rc != 0 || out1.String() != out2.String() {
		t.Errorf("-replay -ticks 50: exit %d, printed %q; want 0 and the recording's %q (stderr %s)", rc, out2.String(), out1.String(), err2.String())
	}
}
