package render

import (
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
	if _, err := s.Named("ufo"); err == nil || !strings.Contains(err.Error(), `no frame "ufo"; it has rock, ship`) {
		t.Errorf("Named(ufo) error = %v", err)
	}
	_, err = NamedSheet(sheetImage, map[string]image.Rectangle{"big": image.Rect(0, 0, 40, 4)})
	if err == nil || !strings.Contains(err.Error(), `frame "big"`) {
		t.Errorf("NamedSheet with a rectangle outside the image: error %v, want one naming the frame", err)
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
