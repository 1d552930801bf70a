package render

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"
)

var sheetImage = Image{page: 1, x: 100, y: 200, w: 34, h: 20}

func TestGridSheet(t *testing.T) {
	s, err := GridSheet(sheetImage, 8, 10)
	if err != nil {
		t.Fatal(err)
	}
	// 34 wide: 4 whole columns; 20 high: 2 rows.
	if s.Len() != 8 {
		t.Fatalf("Len = %d, want 8", s.Len())
	}
	f, err := s.Frame(5) // row 1, column 1
	if want := (Image{page: 1, x: 108, y: 210, w: 8, h: 10}); err != nil || f != want {
		t.Errorf("Frame(5) = %+v, %v; want %+v", f, err, want)
	}
	for _, i := range []int{-1, 8} {
		if _, err := s.Frame(i); err == nil || !strings.Contains(err.Error(), "out of range: the sheet has 8 frames") {
			t.Errorf("Frame(%d) error = %v, want out of range", i, err)
		}
	}
	for _, c := range [][2]int{{0, 4}, {35, 4}, {4, 21}} {
		if _, err := GridSheet(sheetImage, c[0], c[1]); err == nil {
			t.Errorf("GridSheet(%dx%d) of a 34x20 image succeeded", c[0], c[1])
		}
	}
	if _, err := GridSheet(Image{}, 1, 1); err == nil {
		t.Error("GridSheet of the zero Image succeeded")
	}
}

func TestNamedSheet(t *testing.T) {
	s, err := NamedSheet(sheetImage, map[string]image.Rectangle{
		"ship": image.Rect(0, 0, 16, 16),
		"rock": image.Rect(16, 0, 34, 18),
	})
	if err != nil {
		t.Fatal(err)
	}
	ship, err := s.Named("ship")
	if want := (Image{page: 1, x: 100, y: 200, w: 16, h: 16}); err != nil || ship != want {
		t.Errorf("Named(ship) = %+v, %v; want %+v", ship, err, want)
	}
	if s.Index("rock") != 0 || s.Index("ship") != 1 || s.Index("x") != -1 {
		t.Errorf("Index: rock %d ship %d x %d; want 0, 1, -1 (name order)", s.Index("rock"), s.Index("ship"), s.Index("x"))
	}
	if _, err := s.Named("ufo"); err == nil || !strings.Contains(err.Error(), `no frame "ufo"; it has "rock", "ship"`) {
		t.Errorf("Named(ufo) error = %v", err)
	}
	_, err = NamedSheet(sheetImage, map[string]image.Rectangle{"big": image.Rect(0, 0, 40, 4)})
	if err == nil || !strings.Contains(err.Error(), `frame "big"`) {
		t.Errorf("NamedSheet with a rectangle outside the image: error %v, want one naming the frame", err)
	}
}

// TestSheetNamedSaysWhatThereIs: a grid's frames have no names, and
// Named says so rather than listing nothing; a long list of names is
// cut short; a name two frames share is ambiguous, not found.
func TestSheetNamedSaysWhatThereIs(t *testing.T) {
	g, _ := GridSheet(sheetImage, 8, 10)
	_, err := g.Named("grass")
	want := `render: the sheet has no frame "grass": its 8 frames have no names, only numbers (Sheet.Frame(0) to Sheet.Frame(7)); frames are named by NamedSheet's rectangles or by the filenames of an Aseprite export`
	if err == nil || err.Error() != want {
		t.Errorf("GridSheet.Named(grass) error = %v,\nwant %s", err, want)
	}
	if g.Index("grass") != -1 {
		t.Errorf("GridSheet.Index(grass) = %d, want -1", g.Index("grass"))
	}
	rects := map[string]image.Rectangle{}
	for i := range 30 {
		rects[fmt.Sprintf("f%02d", i)] = image.Rect(i, 0, i+1, 1)
	}
	many, err := NamedSheet(sheetImage, rects)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := many.Named("x"); err == nil || !strings.Contains(err.Error(), `it has "f00", "f01", `) || !strings.Contains(err.Error(), `"f19", … (30 names in all)`) || strings.Contains(err.Error(), `"f20"`) {
		t.Errorf("Named(x) of 30 frames: error %v, want the first 20 names and the count", err)
	}
	dup := &Sheet{frames: []Image{sheetImage, sheetImage, sheetImage}}
	dup.setNames([]string{"run", "", "run"})
	if _, err := dup.Named("run"); err == nil || !strings.Contains(err.Error(), `several frames named "run" (frames 0, 2)`) || dup.Index("run") != -1 {
		t.Errorf("a name two frames share: Named error %v, Index %d; want an error naming frames 0 and 2, and -1", err, dup.Index("run"))
	}
	if _, err := dup.Named("walk"); err == nil || !strings.Contains(err.Error(), `no frame "walk"; it has "run"`) {
		t.Errorf("Named(walk) error %v, want the names listed once", err)
	}
}

func TestSheetClipErrors(t *testing.T) {
	s, _ := GridSheet(sheetImage, 8, 10)
	for _, c := range []struct {
		fps    float64
		frames []int
		want   string
	}{
		{10, nil, `clip "c" has no frames`},
		{10, []int{0, 8}, `clip "c": frame 8 out of range`},
		{0, []int{0}, `frames per second must be positive`},
	} {
		if _, err := s.Clip("c", Loop, c.fps, c.frames...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Clip(fps %v, %v) error = %v, want %q", c.fps, c.frames, err, c.want)
		}
	}
	for _, c := range []*Clip{
		nil,
		{Name: "empty"},
		{Name: "short", Frames: []Image{sheetImage}, Durations: nil},
		{Name: "zero", Frames: []Image{sheetImage}, Durations: []float64{0}},
		{Name: "noimage", Frames: []Image{{}}, Durations: []float64{1}},
		{Name: "mode", Frames: []Image{sheetImage}, Durations: []float64{1}, Mode: 9},
	} {
		if err := c.Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil, want an error", c)
		}
	}
}

// frames plays a clip over steps of dt and returns the frame numbers
// after each.
func frames(a *Animator, dt float64, steps int) []int {
	var got []int
	for range steps {
		a.Advance(dt)
		got = append(got, a.Index())
	}
	return got
}

func clip(mode Playback, durations ...float64) *Clip {
	c := &Clip{Name: "test", Mode: mode, Durations: durations}
	for range durations {
		c.Frames = append(c.Frames, sheetImage)
	}
	return c
}

func TestAnimatorModes(t *testing.T) {
	for _, c := range []struct {
		name string
		clip *Clip
		want []int
	}{
		{"loop", clip(Loop, 1, 1, 1), []int{1, 2, 0, 1, 2, 0}},
		{"once", clip(Once, 1, 1, 1), []int{1, 2, 2, 2, 2, 2}},
		{"ping-pong", clip(PingPong, 1, 1, 1, 1), []int{1, 2, 3, 2, 1, 0, 1, 2}},
		{"ping-pong of one", clip(PingPong, 1), []int{0, 0, 0}},
		{"per-frame durations", clip(Loop, 1, 3, 1), []int{1, 1, 1, 2, 0, 1}},
	} {
		a := NewAnimator(c.clip)
		if got := frames(&a, 1, len(c.want)); !slices.Equal(got, c.want) {
			t.Errorf("%s: frames %v, want %v", c.name, got, c.want)
		}
	}
}

func TestAnimatorOnceEnds(t *testing.T) {
	a := NewAnimator(clip(Once, 0.5, 0.5))
	var ends []int
	for i := range 6 {
		if a.Advance(0.25) {
			ends = append(ends, i)
		}
	}
	if !slices.Equal(ends, []int{3}) || !a.Done() || a.Index() != 1 {
		t.Errorf("ended at steps %v, Done %v, frame %d; want [3], true, 1", ends, a.Done(), a.Index())
	}
	a.Play(a.Clip())
	if a.Done() || a.Index() != 0 {
		t.Error("Play did not restart the clip")
	}
}

func TestAnimatorSpeedAndLongSteps(t *testing.T) {
	a := NewAnimator(clip(Loop, 1, 1, 1))
	a.Speed = 2
	if got := frames(&a, 0.5, 3); !slices.Equal(got, []int{1, 2, 0}) {
		t.Errorf("speed 2: frames %v, want [1 2 0]", got)
	}
	a.Speed = -1 // treated as stopped
	if got := frames(&a, 1, 2); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("negative speed: frames %v, want [0 0]", got)
	}
	// A step of a million cycles and a bit: whole cycles skipped.
	b := NewAnimator(clip(PingPong, 1, 1, 1))
	b.Advance(4e6 + 1.5) // cycle 4 s: 1.5 s in is frame 1
	if b.Index() != 1 {
		t.Errorf("after 4e6+1.5 s of a 4-s ping-pong cycle: frame %d, want 1", b.Index())
	}
}

// TestAnimatorWholeTicksAt60TPS: a frame lasting a whole number of ticks
// shows for exactly that many ticks of 1/60 s, though such ticks do not
// add up exactly in floating point (six of them make a hair under 0.1 s):
// 100, 200, 300, 150, 250 and 50 ms are 6, 12, 18, 9, 15 and 3 ticks,
// loop after loop — and twice as many at 120 ticks a second, or at 60
// with the animator at half speed.
func TestAnimatorWholeTicksAt60TPS(t *testing.T) {
	durs := []float64{0.1, 0.2, 0.3, 0.15, 0.25, 0.05}
	ticks := []int{6, 12, 18, 9, 15, 3}
	for _, c := range []struct {
		name   string
		tps    float64
		speed  float64
		factor int
	}{{"60 TPS", 60, 1, 1}, {"120 TPS", 120, 1, 2}, {"60 TPS at half speed", 60, 0.5, 2}} {
		a := NewAnimator(clip(Loop, durs...))
		a.Speed = c.speed
		var runs []int // how many ticks each frame showed, in order
		shown, n := 0, 0
		for range 20 * 63 * c.factor {
			a.Advance(1 / c.tps)
			n++
			if a.Index() != shown {
				runs = append(runs, n)
				shown, n = a.Index(), 0
			}
		}
		if len(runs) != 20*len(durs) {
			t.Fatalf("%s: %d frame changes over 20 loops, want %d; runs %v", c.name, len(runs), 20*len(durs), runs)
		}
		for i, got := range runs {
			if want := ticks[i%len(ticks)] * c.factor; got != want {
				t.Fatalf("%s: frame %d (change %d) showed for %d ticks, want %d; runs %v", c.name, i%len(ticks), i, got, want, runs)
			}
		}
	}
}

func TestAnimatorInvalidClip(t *testing.T) {
	a := NewAnimator(&Clip{Name: "empty"})
	if a.Err() == nil || !a.Frame().IsZero() || a.Advance(1) {
		t.Errorf("animator of an empty clip: Err %v, Frame %+v; want an error and no frame", a.Err(), a.Frame())
	}
}

// TestAnimatorClipChangedWhilePlaying checks that a clip emptied or
// given a zero duration after Play is an error, not a panic or a hang.
func TestAnimatorClipChangedWhilePlaying(t *testing.T) {
	c := clip(Loop, 1, 1, 1)
	a := NewAnimator(c)
	a.Advance(2.5) // frame 2
	c.Frames, c.Durations = c.Frames[:1], c.Durations[:1]
	if a.Advance(1); a.Err() == nil || !a.Frame().IsZero() {
		t.Errorf("after the clip shrank: Err %v, Frame %+v; want an error and no frame", a.Err(), a.Frame())
	}
	c = clip(Loop, 1, 1)
	b := NewAnimator(c)
	c.Durations[0], c.Durations[1] = 0, 0
	if b.Advance(1); b.Err() == nil {
		t.Error("zero durations set after Play: no error")
	}
}
