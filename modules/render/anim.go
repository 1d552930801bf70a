package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// Sheet is a sprite sheet: an image cut into frames, by a grid
// ([GridSheet]), by named rectangles ([NamedSheet]) or as Aseprite
// exported it ([LoadAseprite]). Frames are numbered from 0: row by row
// for a grid, in name order for named rectangles, in the export's order
// for Aseprite. The frames of named rectangles and of an Aseprite export
// have names too, found with [Sheet.Named] and [Sheet.Index]; a grid's
// frames have only numbers.
type Sheet struct {
	frames []Image
	names  []string       // each frame's name ("" for none), parallel to frames; nil for a grid
	index  map[string]int // name → frame number; -1 for a name several frames share
}

// maxListedNames is how many frame names an error lists at most.
const maxListedNames = 20

// setNames names the frames (one name per frame, "" for none).
func (s *Sheet) setNames(names []string) {
	s.names = names
	s.index = map[string]int{}
	for i, n := range names {
		if n == "" {
			continue
		}
		if _, ok := s.index[n]; ok {
			s.index[n] = -1
		} else {
			s.index[n] = i
		}
	}
}

// GridSheet cuts img into frames of frameW × frameH pixels, left to
// right and top to bottom; partial cells at the right and bottom edges
// are left out. It returns an error if not one frame fits.
func GridSheet(img Image, frameW, frameH int) (*Sheet, error) {
	w, h := img.Size()
	if img.IsZero() {
		return nil, errors.New("render: GridSheet of the zero Image; load the sheet's image first")
	}
	if frameW <= 0 || frameH <= 0 || frameW > w || frameH > h {
		return nil, fmt.Errorf("render: GridSheet: frames of %dx%d do not fit the %dx%d image", frameW, frameH, w, h)
	}
	s := &Sheet{}
	for y := 0; y+frameH <= h; y += frameH {
		for x := 0; x+frameW <= w; x += frameW {
			f, _ := img.Sub(x, y, frameW, frameH)
			s.frames = append(s.frames, f)
		}
	}
	return s, nil
}

// NamedSheet cuts img into frames at the named rectangles (in img's
// pixels), numbered in name order. It returns an error naming a
// rectangle that is empty or not inside the image.
func NamedSheet(img Image, rects map[string]image.Rectangle) (*Sheet, error) {
	if img.IsZero() {
		return nil, errors.New("render: NamedSheet of the zero Image; load the sheet's image first")
	}
	s := &Sheet{}
	names := make([]string, 0, len(rects))
	for name := range rects {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		r := rects[name]
		f, err := img.Sub(r.Min.X, r.Min.Y, r.Dx(), r.Dy())
		if err != nil {
			return nil, fmt.Errorf("render: NamedSheet: frame %q: %w", name, err)
		}
		s.frames = append(s.frames, f)
	}
	s.setNames(names)
	return s, nil
}

// Len returns the number of frames.
func (s *Sheet) Len() int { return len(s.frames) }

// Frame returns frame i, or an error if there is no such frame.
func (s *Sheet) Frame(i int) (Image, error) {
	if i < 0 || i >= len(s.frames) {
		return Image{}, fmt.Errorf("render: frame %d out of range: the sheet has %d frames (0 to %d)", i, len(s.frames), len(s.frames)-1)
	}
	return s.frames[i], nil
}

// Named returns the frame with the given name: the name of a
// [NamedSheet]'s rectangle, or the filename of an Aseprite frame
// ("hero 0.aseprite" by Aseprite's default; the key of the hash form).
// The error for a name no frame has lists the names there are, or says
// that the frames have none (a [GridSheet]'s); a name several frames
// share is an error naming them.
func (s *Sheet) Named(name string) (Image, error) {
	i, err := s.find(name)
	if err != nil {
		return Image{}, err
	}
	return s.frames[i], nil
}

// Index returns the number of the frame with the given name (see
// [Sheet.Named]), or -1 if no frame, or more than one, has it.
func (s *Sheet) Index(name string) int {
	if i, ok := s.index[name]; ok {
		return i
	}
	return -1
}

// find returns the number of the frame named name, or an error saying
// what the sheet has.
func (s *Sheet) find(name string) (int, error) {
	i, ok := s.index[name]
	switch {
	case ok && i >= 0:
		return i, nil
	case ok:
		var shared []string
		for k, n := range s.names {
			if n == name {
				shared = append(shared, fmt.Sprint(k))
			}
		}
		return -1, fmt.Errorf("render: the sheet has several frames named %q (frames %s); give each frame its own name (in Aseprite, a filename format with {frame}), or take them by number with Sheet.Frame", name, strings.Join(shared, ", "))
	case len(s.index) == 0:
		return -1, fmt.Errorf("render: the sheet has no frame %q: its %d frames have no names, only numbers (Sheet.Frame(0) to Sheet.Frame(%d)); frames are named by NamedSheet's rectangles or by the filenames of an Aseprite export", name, len(s.frames), len(s.frames)-1)
	}
	var listed []string
	for _, n := range s.names {
		if n == "" || slices.Contains(listed, strconv.Quote(n)) {
			continue
		}
		if len(listed) == maxListedNames {
			return -1, fmt.Errorf("render: the sheet has no frame %q; it has %s, … (%d names in all)", name, strings.Join(listed, ", "), len(s.index))
		}
		listed = append(listed, strconv.Quote(n))
	}
	return -1, fmt.Errorf("render: the sheet has no frame %q; it has %s", name, strings.Join(listed, ", "))
}

// Clip returns a clip of the sheet's frames, in the given order, each
// shown 1/fps seconds. It returns an error for an empty list, a frame out
// of range or a rate that is not positive.
func (s *Sheet) Clip(name string, mode Playback, fps float64, frames ...int) (*Clip, error) {
	if len(frames) == 0 {
		return nil, fmt.Errorf("render: clip %q has no frames", name)
	}
	if !(fps > 0) {
		return nil, fmt.Errorf("render: clip %q: frames per second must be positive, got %v", name, fps)
	}
	c := &Clip{Name: name, Mode: mode}
	for _, i := range frames {
		f, err := s.Frame(i)
		if err != nil {
			return nil, fmt.Errorf("render: clip %q: %s", name, strings.TrimPrefix(err.Error(), "render: "))
		}
		c.Frames = append(c.Frames, f)
		c.Durations = append(c.Durations, 1/fps)
	}
	return c, c.Validate()
}

// Playback is how a [Clip] plays past its last frame.
type Playback uint8

const (
	// Loop starts again from the first frame. It is the default.
	Loop Playback = iota
	// Once stops on the last frame; the [Animator] then reports the
	// clip ended and a [ClipEnded] event is written.
	Once
	// PingPong plays backwards to the first frame, then forwards again.
	PingPong
)

// String returns "loop", "once" or "ping-pong".
func (p Playback) String() string {
	switch p {
	case Loop:
		return "loop"
	case Once:
		return "once"
	case PingPong:
		return "ping-pong"
	}
	return fmt.Sprintf("Playback(%d)", int(p))
}

// Clip is an animation: frames, each shown for its duration.
type Clip struct {
	// Name names the clip in errors and [ClipEnded] events.
	Name string
	// Frames are the images shown, in order.
	Frames []Image
	// Durations are the frames' durations in seconds of game time, one
	// per frame.
	Durations []float64
	// Mode is how the clip plays past its last frame.
	Mode Playback
	// Repeat, if positive, is how many times a Loop or PingPong clip
	// plays before it stops on the frame it reached, as a Once clip does
	// (Aseprite's "repeat N"); a ping-pong clip counts each pass, forward
	// or back, as one play, as Aseprite does. The default (zero) value
	// plays forever.
	Repeat int
}

// Validate returns an error if the clip has no frames, a duration per
// frame that is missing or not positive, a zero Image, or an unknown
// Mode.
func (c *Clip) Validate() error {
	switch {
	case c == nil:
		return errors.New("render: nil clip")
	case len(c.Frames) == 0:
		return fmt.Errorf("render: clip %q has no frames", c.Name)
	case len(c.Durations) != len(c.Frames):
		return fmt.Errorf("render: clip %q has %d frames but %d durations; give one duration per frame", c.Name, len(c.Frames), len(c.Durations))
	case c.Mode > PingPong:
		return fmt.Errorf("render: clip %q has an unknown playback mode %v", c.Name, c.Mode)
	case c.Repeat < 0:
		return fmt.Errorf("render: clip %q repeats %d times; Repeat is a number of plays, or 0 for forever", c.Name, c.Repeat)
	}
	for i, d := range c.Durations {
		if !(d > 0) {
			return fmt.Errorf("render: clip %q: frame %d lasts %v s; durations must be positive", c.Name, i, d)
		}
		if c.Frames[i].IsZero() {
			return fmt.Errorf("render: clip %q: frame %d is the zero Image", c.Name, i)
		}
	}
	return nil
}

// Animator plays a [Clip], a component: [Animate] advances it by the
// game clock and shows its current frame in the entity's [Sprite]. Set
// it with [Animator.Play]. A game with its own sprite component type
// keeps an Animator in it, advances it from a system of its own with
// [Animator.Advance] (timer.Time's DeltaSeconds) and returns
// [Animator.Frame] as the image from its Sprite method.
type Animator struct {
	// Speed multiplies the clock for this animator: 2 plays twice as
	// fast. The default (zero) value is 1; negative values are 0.
	Speed float64

	clip  *Clip
	frame int
	t     float64 // seconds into the current frame
	back  bool    // ping-pong: playing backwards
	plays int     // plays finished, for Clip.Repeat
	done  bool
	err   error
}

// NewAnimator returns an animator playing clip from its start.
func NewAnimator(clip *Clip) Animator {
	var a Animator
	a.Play(clip)
	return a
}

// Play starts clip from its first frame (also when it is already
// playing). An invalid clip is kept as an error: the animator shows
// nothing and [Animate] fails the app with that error.
func (a *Animator) Play(clip *Clip) {
	speed := a.Speed
	*a = Animator{Speed: speed, clip: clip, err: clip.Validate()}
	knowClip(clip)
}

// Clip returns the clip playing.
func (a *Animator) Clip() *Clip { return a.clip }

// Index returns the number of the frame shown, in the clip.
func (a *Animator) Index() int { return a.frame }

// Frame returns the image to show, or the zero Image for an invalid
// clip.
func (a *Animator) Frame() Image {
	if a.err != nil || a.clip == nil || a.frame >= len(a.clip.Frames) {
		return Image{}
	}
	return a.clip.Frames[a.frame]
}

// Done reports whether a [Once] clip has reached its end, or a clip with
// a Repeat count has played that many times.
func (a *Animator) Done() bool { return a.done }

// Err returns the error of an invalid clip, or nil.
func (a *Animator) Err() error { return a.err }

// Advance moves the animation on by dt seconds of game time (times
// Speed). It reports whether a [Once] clip ended during this call. A
// frame ends when the time played reaches its duration to within a
// microsecond, so a frame lasting a whole number of ticks shows for
// exactly that many (a 50-ms frame for 3 ticks at 60 ticks a second),
// though ticks of 1/60 s do not add up exactly in floating point.
func (a *Animator) Advance(dt float64) (ended bool) {
	if a.err != nil || a.clip == nil || a.done {
		return false
	}
	if a.Speed != 0 {
		dt *= max(a.Speed, 0)
	}
	if !(dt > 0) {
		return false
	}
	c := a.clip
	if a.frame >= len(c.Frames) || len(c.Durations) != len(c.Frames) {
		// The clip was changed after Play.
		a.err = fmt.Errorf("render: clip %q changed while playing: it has %d frames and %d durations, frame %d was showing; call Animator.Play after changing a clip", c.Name, len(c.Frames), len(c.Durations), a.frame)
		return false
	}
	a.t += dt
	// A frame ends when the clock reaches its duration, within
	// timeTolerance: steps of 1/60 s add up to a hair under 0.1 s after
	// six ticks, and a 100-ms frame must still end on the sixth.
	for steps := 0; a.t >= c.Durations[a.frame]-timeTolerance; steps++ {
		if !(c.Durations[a.frame] > 0) {
			a.err = fmt.Errorf("render: clip %q changed while playing: frame %d lasts %v s; durations must be positive", c.Name, a.frame, c.Durations[a.frame])
			return false
		}
		if steps == 2*len(c.Frames) {
			// A dt longer than a cycle: skip whole cycles, which end
			// on the same frame going the same way.
			if cycle := a.cycle(); cycle > 0 {
				a.t = settle(a.t - math.Floor((a.t+timeTolerance)/cycle)*cycle)
				if a.t < c.Durations[a.frame]-timeTolerance {
					break
				}
			}
		}
		a.t = settle(a.t - c.Durations[a.frame])
		if !a.step() {
			a.t, a.done = 0, true
			return true
		}
	}
	return false
}

// timeTolerance is how close, in seconds, the animator's clock must come
// to the end of a frame for the frame to end: far below anything seen on
// a screen, far above the rounding of adding up floating-point ticks.
const timeTolerance = 1e-6

// settle returns t, or 0 if t is within timeTolerance of 0, so that the
// rounding of one frame is not carried into the next.
func settle(t float64) float64 {
	if math.Abs(t) < timeTolerance {
		return 0
	}
	return t
}

// step moves to the next frame; it returns false at the end of a Once
// clip.
func (a *Animator) step() bool {
	n := len(a.clip.Frames)
	switch a.clip.Mode {
	case Once:
		if a.frame == n-1 {
			return false
		}
		a.frame++
	case PingPong:
		turn := n > 1 && (a.back && a.frame == 0 || !a.back && a.frame == n-1)
		if (turn || n == 1) && a.played() {
			return false
		}
		switch {
		case n == 1:
		case a.back && a.frame == 0:
			a.back, a.frame = false, 1
		case a.back:
			a.frame--
		case a.frame == n-1:
			a.back, a.frame = true, n-2
		default:
			a.frame++
		}
	default:
		if a.frame == n-1 && a.played() {
			return false
		}
		a.frame = (a.frame + 1) % n
	}
	return true
}

// played counts a finished play and reports whether the clip's Repeat
// plays are done.
func (a *Animator) played() bool {
	a.plays++
	return a.clip.Repeat > 0 && a.plays >= a.clip.Repeat
}

// cycle returns the length of one full cycle of a looping clip in
// seconds (0 for Once).
func (a *Animator) cycle() float64 {
	c := a.clip
	if c.Mode == Once || c.Repeat > 0 {
		return 0
	}
	s := 0.0
	for _, d := range c.Durations {
		s += d
	}
	if c.Mode == PingPong && len(c.Durations) > 1 {
		s += s - c.Durations[0] - c.Durations[len(c.Durations)-1]
	}
	return s
}

// ClipEnded is the event [Animate] writes when a [Once] clip reaches its
// end: the entity and the clip. Read it with glue.Reader[render.ClipEnded].
type ClipEnded struct {
	Entity glue.Entity
	Clip   *Clip
}

// Animate returns the system that advances every [Animator] by the
// game clock (timer.Time: pausing and scaling it apply) and puts its
// current frame in the entity's [Sprite]; it writes a [ClipEnded] event
// when a [Once] clip ends, and fails the app with the clip's error for
// an animator playing an invalid clip. Add it to glue.Update (or a later
// update stage); it needs timer.Plugin. Its name is "render.Animate".
func Animate() *glue.System {
	return glue.Each2P(func(e glue.Entity, a *Animator, s *Sprite, p struct {
		Time  glue.Res[timer.Time]
		Ended glue.Writer[ClipEnded]
		Cmds  glue.Commands
	}) {
		if a.err != nil {
			p.Cmds.Fail(fmt.Errorf("render: entity %v: %w", e, a.err))
			a.clip, a.err = nil, nil // report once
			return
		}
		if a.Advance(p.Time.Get().DeltaSeconds()) {
			p.Ended.Write(ClipEnded{Entity: e, Clip: a.clip})
		}
		s.Image = a.Frame()
	})
}
