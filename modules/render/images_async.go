package render

import (
	"image"
	"io/fs"
	"slices"
	"sync"
)

// ImageLoad is a set of images being loaded in the background, started
// by [LoadImagesAsync]. Its methods are concurrent-safe.
type ImageLoad struct {
	paths []string
	done  chan struct{}

	mu      sync.Mutex
	decoded []image.Image // set when done, until packed
	err     error
	imgs    []Image
	packed  bool
}

// LoadImagesAsync starts loading PNG files from fsys on a goroutine of
// its own and returns at once: the game goes on while the files arrive
// and are decoded. It is the way to load images from an [HTTPFS] in the
// browser without freezing the page, and works with any fs.FS. The
// PNGs are decoded as [LoadImage] decodes them.
//
// Poll the returned ImageLoad from a system every tick until it is done:
// the images are then packed into the atlas (on the goroutine that
// polls, which is the game's) and returned, in the order of paths. Until
// then a sprite can show the zero Image, which draws nothing: the
// documented loading state; set the sprite's Image when the load is done.
// As with [LoadImages], all load or none, and the error names the first
// path (and URL) that failed. Which tick the images arrive in depends on
// the network: a game that must replay exactly waits for them before it
// starts.
func LoadImagesAsync(fsys fs.FS, paths ...string) *ImageLoad {
	l := &ImageLoad{paths: slices.Clone(paths), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		decoded := make([]image.Image, len(l.paths))
		var err error
		for i, p := range l.paths {
			if decoded[i], err = decodeFile(fsys, p); err != nil {
				decoded = nil
				break
			}
		}
		l.mu.Lock()
		l.decoded, l.err = decoded, err
		l.mu.Unlock()
	}()
	return l
}

// Done returns a channel closed when the files have been read and
// decoded (or have failed); Poll then returns the result.
func (l *ImageLoad) Done() <-chan struct{} { return l.done }

// Poll returns done false while the images are loading. Once they are
// loaded it packs them into the atlas (the first time) and returns them
// in the order of the paths, with done true; or, if one failed, the
// error naming it, with done true and no images.
func (l *ImageLoad) Poll() (imgs []Image, done bool, err error) {
	select {
	case <-l.done:
	default:
		return nil, false, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.packed {
		l.packed = true
		if l.err == nil {
			l.imgs, l.err = addImages(l.decoded, l.paths, true)
		}
		l.decoded = nil
	}
	return l.imgs, true, l.err
}
