package setter

import "image/color"

// IFlashable is what a module's generic system writes through:
// Flashes[T any, PT interface{ *T; IFlashable }].
type IFlashable interface {
	SetFlash(c color.RGBA)
	Flash() color.RGBA
}

// ValBlock's setter has a value receiver: *ValBlock still satisfies
// IFlashable, and the flash is never set.
type ValBlock struct {
	flash color.RGBA
	hits  int
	cells [4]int
}

func (b ValBlock) SetFlash(c color.RGBA) { b.flash = c } // want `SetFlash has a value receiver: its write to b.flash changes the method's copy of ValBlock, not the caller's, so it does nothing; give it a pointer receiver: func \(b \*ValBlock\) SetFlash`

func (b ValBlock) Flash() color.RGBA { return b.flash }

func (b ValBlock) Hit() { b.hits++ } // want `Hit has a value receiver: its write to b.hits`

func (b ValBlock) Clear(i int) { b.cells[i] = 0 } // want `Clear has a value receiver: its write to b.cells\[i\]`

// Block's setter has a pointer receiver: fine.
type Block struct{ flash color.RGBA }

func (b *Block) SetFlash(c color.RGBA) { b.flash = c }

func (b *Block) Flash() color.RGBA { return b.flash }

// Not reported: a "with" method that returns the changed copy, a method
// that uses the copy after changing it, writes through a pointer, slice
// or map the value holds (seen through the copy too), and a silenced line.
type Opts struct {
	n    int
	log  *[]string
	tags []string
	m    map[string]int
}

func (o Opts) WithN(n int) Opts { o.n = n; return o }

func (o Opts) Show() { o.n = 3; use(o.n) }

func (o Opts) Pass() { o.n = 3; take(o) }

func (o Opts) Through() {
	*o.log = append(*o.log, "x")
	o.tags[0] = "y"
	o.m["z"] = 1
}

func (o Opts) Local() { n := o.n; n++; use(n) }

func (o Opts) Quiet() { o.n = 1 } // gluevet:ignore

func use(int)   {}
func take(Opts) {}
