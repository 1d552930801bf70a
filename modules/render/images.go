package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"sort"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Images are packed into atlas pages: page 0 is the shapes-and-text atlas
// (atlas.go), pages 1 and up are PageSize × PageSize images filled by
// LoadImage, LoadImages and NewImage, left to right in shelves, tallest
// images first within one LoadImages call. The DrawList draws a run of
// items from one page as one DrawTriangles32 call, so a game whose images
// fit one page draws its sprites, shapes and texts in two calls at most.

// PageSize is the width and height, in pixels, of an image atlas page:
// no image may be larger.
const PageSize = 2048

// imagePad is the transparent border kept around every packed image, so
// that linear filtering at its edges never reads a neighbour.
const imagePad = 1

// Image is an image in the atlas: a loaded PNG, or a region of one (a
// sprite-sheet frame, see [Image.Sub] and [Sheet]). It is a small value,
// comparable, cheap to copy into components. The zero Image is no image:
// a sprite showing it draws nothing.
type Image struct {
	page       uint16
	x, y, w, h int32
}

// Size returns the image's width and height in pixels.
func (i Image) Size() (width, height int) { return int(i.w), int(i.h) }

// IsZero reports whether i is the zero Image, which draws nothing.
func (i Image) IsZero() bool { return i.page == 0 }

// Bounds returns the image's region of its atlas page, for debugging.
func (i Image) Bounds() image.Rectangle {
	return image.Rect(int(i.x), int(i.y), int(i.x+i.w), int(i.y+i.h))
}

// Sub returns the region of i with top-left corner (x, y) and size w×h,
// in i's pixels. It returns an error if the region is empty or not inside
// i.
func (i Image) Sub(x, y, w, h int) (Image, error) {
	if i.IsZero() {
		return Image{}, errors.New("render: Image.Sub of the zero Image; load an image first")
	}
	if w <= 0 || h <= 0 || x < 0 || y < 0 || x+w > int(i.w) || y+h > int(i.h) {
		return Image{}, fmt.Errorf("render: region (%d, %d) %dx%d is not inside the %dx%d image", x, y, w, h, i.w, i.h)
	}
	return Image{page: i.page, x: i.x + int32(x), y: i.y + int32(y), w: int32(w), h: int32(h)}, nil
}

// pagePacker places images on pages of size × size pixels, opening a new
// page when none has room. It only computes places; pages are
// numbered from 0 here (page 1 of the atlas is the packer's page 0).
type pagePacker struct {
	size  int
	pages []shelfPacker
}

// alloc returns a page and the top-left corner of a free w×h rectangle
// on it, opening a page if needed. It fails only for rectangles larger
// than a page.
func (p *pagePacker) alloc(w, h int) (int, image.Point, bool) {
	if w > p.size || h > p.size || w <= 0 || h <= 0 {
		return 0, image.Point{}, false
	}
	// Only the last page is open: earlier ones were filled up to the
	// point the first image that did not fit, and trying them again
	// would mix shelves of different heights.
	if n := len(p.pages); n > 0 {
		if pt, ok := p.pages[n-1].alloc(w, h); ok {
			return n - 1, pt, true
		}
	}
	var s shelfPacker
	s.reset(image.Rect(0, 0, p.size, p.size))
	p.pages = append(p.pages, s)
	pt, _ := s.alloc(w, h)
	p.pages[len(p.pages)-1] = s
	return len(p.pages) - 1, pt, true
}

// imagePages is the atlas's image part: the pages and their packer. It
// is guarded by theAtlas.mu.
type imagePages struct {
	pack pagePacker
	imgs []*ebiten.Image
	// named are the images loaded from files (their paths) or named
	// with NameImage, by which save files refer to them (codec.go).
	named []namedImage
}

// pageImage returns atlas page n: page 0 is the shapes-and-text atlas.
// The caller holds theAtlas.mu.
func pageImage(n uint16) *ebiten.Image {
	if n == 0 {
		return atlasImage()
	}
	return theAtlas.images.imgs[n-1]
}

// LoadImage loads a PNG file from fsys (an embed.FS, os.DirFS, …) into
// the atlas. The error names the path: a missing file, a file that is
// not a PNG, or an image larger than [PageSize].
//
// Natively the PNG is decoded by the standard library's image/png; in
// the browser by the browser's own decoder, so that the WebAssembly
// download carries no PNG decoder and decodes at the browser's speed
// (see [DecodeImage]). A game imports nothing for it.
func LoadImage(fsys fs.FS, path string) (Image, error) {
	imgs, err := LoadImages(fsys, path)
	if err != nil {
		return Image{}, err
	}
	return imgs[0], nil
}

// LoadImages loads PNG files from fsys into the atlas, packed together
// (tallest first, which packs shelves tightly), and returns them in the
// order of paths. It loads all or none: the error names the first path
// that failed.
//
// The files are read one by one and decoded side by side: in the browser
// each decode waits for the page's decoder, and the waits overlap.
func LoadImages(fsys fs.FS, paths ...string) ([]Image, error) {
	data := make([][]byte, len(paths))
	for i, p := range paths {
		var err error
		if data[i], err = readPNG(fsys, p); err != nil {
			return nil, err
		}
	}
	decoded := make([]image.Image, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i := range paths {
		wg.Go(func() { decoded[i], errs[i] = decodeData(fsys, paths[i], data[i]) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err // the first path's that failed
		}
	}
	return addImages(decoded, paths, true)
}

// DecodeImage reads the PNG file at path in fsys and decodes it, as
// [LoadImage] does, without adding it to the atlas: for a module or a
// game that works on the pixels first (modules/tiled keys out a
// tileset's transparent colour). The error names the path (and the URL
// of an [HTTPFS] file).
//
// Natively it decodes with the standard library's image/png (render
// imports it, to write screenshots). In the browser the page's own
// decoder decodes it (createImageBitmap, read back through a 2D canvas),
// and no PNG decoder is linked into the WebAssembly download: a game
// that loads images is 50–60 kB smaller, brotli, and decodes them at the
// browser's speed. The pixels are the same, but for semi-transparent
// ones, whose colour may differ by one step in 255 (the canvas keeps
// them premultiplied); a PNG's gamma and colour profile are ignored in
// both, as image/png ignores them.
func DecodeImage(fsys fs.FS, path string) (image.Image, error) {
	return decodeFile(fsys, path)
}

func decodeFile(fsys fs.FS, path string) (image.Image, error) {
	data, err := readPNG(fsys, path)
	if err != nil {
		return nil, err
	}
	return decodeData(fsys, path, data)
}

// readPNG reads the file at path, for decodeData.
func readPNG(fsys fs.FS, path string) ([]byte, error) {
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, fmt.Errorf("render: image %q: %w", path, err)
	}
	return data, nil
}

// decodeData decodes data, the PNG file at path in fsys (for errors).
func decodeData(fsys fs.FS, path string, data []byte) (image.Image, error) {
	where := ""
	if u, ok := fsys.(interface{ URL(string) string }); ok {
		where = " (" + u.URL(path) + ")" // an HTTPFS: name the URL too
	}
	if !bytes.HasPrefix(data, pngMagic) {
		return nil, fmt.Errorf("render: image %q%s is not a valid PNG: it does not begin with PNG's signature (only PNG images are loaded)", path, where)
	}
	img, err := decodePNG(data)
	if err != nil {
		return nil, fmt.Errorf("render: image %q%s is not a valid PNG: %w", path, where, err)
	}
	return img, nil
}

// pngMagic is how every PNG file begins.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// NewImage adds an image made in code (or decoded by the game) to the
// atlas. It returns an error for an empty image or one larger than
// [PageSize].
func NewImage(img image.Image) (Image, error) {
	imgs, err := addImages([]image.Image{img}, []string{"made by NewImage"}, false)
	if err != nil {
		return Image{}, err
	}
	return imgs[0], nil
}

// addImages packs imgs into the atlas pages and uploads them; names name
// them in errors, and, if named, in save files.
func addImages(imgs []image.Image, names []string, named bool) ([]Image, error) {
	for i, img := range imgs {
		b := img.Bounds()
		if b.Empty() {
			return nil, fmt.Errorf("render: image %q is empty", names[i])
		}
		if b.Dx()+2*imagePad > PageSize || b.Dy()+2*imagePad > PageSize {
			return nil, fmt.Errorf("render: image %q is %dx%d pixels, larger than an atlas page (%dx%d with a %d-pixel border); split it",
				names[i], b.Dx(), b.Dy(), PageSize, PageSize, imagePad)
		}
	}
	order := make([]int, len(imgs))
	for i := range order {
		order[i] = i
	}
	// Tallest first. sort's, not slices': the core links it already,
	// and a generic stable sort is 6 KB of the browser build.
	sort.SliceStable(order, func(a, b int) bool {
		return imgs[order[a]].Bounds().Dy() > imgs[order[b]].Bounds().Dy()
	})
	theAtlas.mu.Lock()
	defer theAtlas.mu.Unlock()
	ip := &theAtlas.images
	if ip.pack.size == 0 {
		ip.pack.size = PageSize
	}
	out := make([]Image, len(imgs))
	for _, i := range order {
		b := imgs[i].Bounds()
		page, pt, _ := ip.pack.alloc(b.Dx()+2*imagePad, b.Dy()+2*imagePad)
		for len(ip.imgs) <= page {
			ip.imgs = append(ip.imgs, newPage(PageSize))
		}
		r := image.Rect(0, 0, b.Dx(), b.Dy()).Add(pt).Add(image.Pt(imagePad, imagePad))
		ip.imgs[page].SubImage(r).(*ebiten.Image).WritePixels(premultiplied(imgs[i]))
		out[i] = Image{page: uint16(page + 1), x: int32(r.Min.X), y: int32(r.Min.Y), w: int32(r.Dx()), h: int32(r.Dy())}
		if named {
			ip.named = append(ip.named, namedImage{names[i], out[i]})
		}
	}
	return out, nil
}

// premultiplied returns img's pixels as premultiplied RGBA, row by row,
// as Ebitengine wants them. It does what image/draw's Draw into an
// image.RGBA does, without linking image/draw (0.06 MB of a WebAssembly
// file): PNG files decode to NRGBA or RGBA images (fast paths), other
// kinds go through their colour model.
func premultiplied(img image.Image) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	pix := make([]byte, 4*w*h)
	switch m := img.(type) {
	case *image.RGBA:
		for y := range h {
			i := m.PixOffset(b.Min.X, b.Min.Y+y)
			copy(pix[4*w*y:4*w*(y+1)], m.Pix[i:i+4*w])
		}
	case *image.NRGBA:
		for y := range h {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := pix[4*w*y:]
			for x := range w {
				r, g, bl, a := uint32(src[4*x]), uint32(src[4*x+1]), uint32(src[4*x+2]), uint32(src[4*x+3])
				// As color.NRGBA.RGBA, in 8 bits: c·a/255, rounded down
				// from the 16-bit product as image/draw does.
				dst[4*x] = byte(r * 0x101 * a * 0x101 / 0xffff >> 8)
				dst[4*x+1] = byte(g * 0x101 * a * 0x101 / 0xffff >> 8)
				dst[4*x+2] = byte(bl * 0x101 * a * 0x101 / 0xffff >> 8)
				dst[4*x+3] = byte(a)
			}
		}
	default:
		for y := range h {
			for x := range w {
				c := color.RGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.RGBA)
				i := 4 * (w*y + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, c.A
			}
		}
	}
	return pix
}

// Pages returns the number of atlas pages: the shapes-and-text page and
// the image pages.
func Pages() int {
	theAtlas.mu.Lock()
	defer theAtlas.mu.Unlock()
	return 1 + len(theAtlas.images.imgs)
}
