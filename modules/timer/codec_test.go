package timer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/timer"
)

// A timer encodes its whole state: the decoded timer goes on exactly as
// the original.
func TestTimerCodec(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[timer.Timer](reg)
	c, enc, err := codec.Of[timer.Timer](reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range []timer.Timer{
		timer.NewTimer(300*time.Millisecond, timer.Once),
		timer.NewTimer(70*time.Millisecond, timer.Repeating),
		{},
	} {
		tm.Tick(250 * time.Millisecond)
		if tm.Duration() == 70*time.Millisecond {
			tm.SetPaused(true)
		}
		var w codec.Writer
		enc(&tm, &w)
		v, err := c.Decode(codec.NewReader(w.Data()))
		if err != nil {
			t.Fatal(err)
		}
		got := v.(timer.Timer)
		if got != tm {
			t.Errorf("decoded %+v, want %+v", got, tm)
		}
		for range 5 {
			got.Tick(100 * time.Millisecond)
			tm.Tick(100 * time.Millisecond)
			if got != tm {
				t.Fatalf("the decoded timer went on as %+v, the original as %+v", got, tm)
			}
		}
	}
	var w codec.Writer
	w.Varint(-1) // duration, the first field
	w.Varint(0)
	w.Uint8(0)
	w.Bool(false)
	w.Bool(false)
	w.Uvarint(0)
	if _, err := c.Decode(codec.NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "negative duration") {
		t.Errorf("a negative duration decodes: %v", err)
	}
}
