package render

import (
	"errors"
	"fmt"
	"sync"

	"github.com/gluekit/glue/codec"
)

// Codecs for save files and the network (package codec): render.Sprite
// and the shape components have codecs derived from their fields
// (codec.Register[render.Sprite](reg)); an Image, which is a place in
// this process's atlas, is written by the name it was loaded under, and
// an Animator by its clip's name.

// namedImage is an image loaded from a file, or named with NameImage.
type namedImage struct {
	name string
	img  Image
}

// NameImage names an image made with [NewImage] (or gives a loaded one
// another name), so that save files can refer to it: an Image is saved
// as the name it was loaded under ([LoadImage]'s path) and its region of
// that image, and loaded back by looking the name up among the images
// this run has loaded. An image with no name cannot be saved. NameImage
// returns an error for an empty name or the zero Image.
func NameImage(img Image, name string) error {
	if name == "" || img.IsZero() {
		return fmt.Errorf("render: NameImage(%v, %q): give a loaded image and a name", img.Bounds(), name)
	}
	theAtlas.mu.Lock()
	defer theAtlas.mu.Unlock()
	theAtlas.images.named = append(theAtlas.images.named, namedImage{name, img})
	return nil
}

// Encode writes the image as the name of the loaded image it is part
// of, and its region of that image; the zero Image as no name. An image
// with no name (made by NewImage and not named with NameImage) fails the
// Writer. With Decode it is Image's codec, for any component with an
// Image field, such as Sprite.
func (i *Image) Encode(w *codec.Writer) {
	if i.IsZero() {
		w.Text("")
		return
	}
	theAtlas.mu.Lock()
	base, name := Image{}, ""
	for _, n := range theAtlas.images.named {
		b := n.img
		if b.page == i.page && i.x >= b.x && i.y >= b.y && i.x+i.w <= b.x+b.w && i.y+i.h <= b.y+b.h {
			base, name = b, n.name
			break
		}
	}
	theAtlas.mu.Unlock()
	if name == "" {
		w.Fail(fmt.Errorf("render: an image made by NewImage has no name to be saved by; name it with render.NameImage"))
		return
	}
	w.Text(name)
	w.Uvarint(uint64(i.x - base.x))
	w.Uvarint(uint64(i.y - base.y))
	w.Uvarint(uint64(i.w))
	w.Uvarint(uint64(i.h))
}

// Decode reads an image written by Encode: the named image must be
// loaded (or named) in this run, before the load.
func (i *Image) Decode(r *codec.Reader) error {
	name := r.Text()
	if name == "" || r.Err() != nil {
		*i = Image{}
		return nil
	}
	x, y, w, h := r.Uvarint(), r.Uvarint(), r.Uvarint(), r.Uvarint()
	if r.Err() != nil {
		return nil
	}
	theAtlas.mu.Lock()
	var base Image
	for _, n := range theAtlas.images.named {
		if n.name == name {
			base = n.img
			break
		}
	}
	theAtlas.mu.Unlock()
	if base.IsZero() {
		return fmt.Errorf("render: image %q is not loaded; load it (render.LoadImage) before loading the save", name)
	}
	if x > 1<<20 || y > 1<<20 || w > 1<<20 || h > 1<<20 {
		return fmt.Errorf("render: image %q: region out of range", name)
	}
	sub, err := base.Sub(int(x), int(y), int(w), int(h))
	if err != nil {
		return err
	}
	*i = sub
	return nil
}

// clips are the clips animators played or RegisterClip registered, by
// name: an Animator is saved by its clip's name.
var clips struct {
	mu     sync.Mutex
	byName map[string]*Clip
}

// RegisterClip makes clip known by its name to the codec of [Animator],
// which saves an animator by its clip's name: a load finds the clip
// again among the clips registered or played ([Animator.Play]) in this
// run. A game that loads a save before its animators play registers its
// clips first. Clip names are one namespace per program: a later clip of
// the same name replaces an earlier one. A clip without a name is an
// error.
func RegisterClip(clip *Clip) error {
	if clip == nil || clip.Name == "" {
		return errors.New("render: RegisterClip needs a clip with a Name")
	}
	clips.mu.Lock()
	defer clips.mu.Unlock()
	if clips.byName == nil {
		clips.byName = map[string]*Clip{}
	}
	clips.byName[clip.Name] = clip
	return nil
}

// knowClip records a played clip, once per clip.
func knowClip(clip *Clip) {
	if clip == nil || clip.Name == "" {
		return
	}
	clips.mu.Lock()
	if clips.byName[clip.Name] != clip {
		if clips.byName == nil {
			clips.byName = map[string]*Clip{}
		}
		clips.byName[clip.Name] = clip
	}
	clips.mu.Unlock()
}

// Encode writes the animator: its speed, its clip's name, the frame
// shown, the time into it and its direction, and whether it is done.
// With Decode it is Animator's codec (codec.Register[render.Animator]).
// An animator playing a clip without a name fails the Writer.
func (a *Animator) Encode(w *codec.Writer) {
	name := ""
	if a.clip != nil {
		if name = a.clip.Name; name == "" {
			w.Fail(errors.New("render: an animator plays a clip without a Name; name its clips to save it"))
		}
	}
	w.Float64(a.Speed)
	w.Text(name)
	w.Uvarint(uint64(a.frame))
	w.Float64(a.t)
	w.Bool(a.back)
	w.Bool(a.done)
}

// Decode reads an animator written by Encode; its clip must be known
// (played or registered with [RegisterClip]) in this run.
func (a *Animator) Decode(r *codec.Reader) error {
	speed, name, frame, t, back, done := r.Float64(), r.Text(), r.Uvarint(), r.Float64(), r.Bool(), r.Bool()
	if r.Err() != nil {
		return nil
	}
	*a = Animator{Speed: speed, t: t, back: back, done: done}
	if name == "" {
		return nil
	}
	clips.mu.Lock()
	clip := clips.byName[name]
	clips.mu.Unlock()
	if clip == nil {
		return fmt.Errorf("render: clip %q is not known; play it or register it (render.RegisterClip) before loading", name)
	}
	if frame >= uint64(len(clip.Frames)) {
		return fmt.Errorf("render: clip %q has %d frames, the save shows frame %d", name, len(clip.Frames), frame)
	}
	a.clip, a.frame, a.err = clip, int(frame), clip.Validate()
	return nil
}
