//go:build js

package render

import (
	"errors"
	"image"
	"syscall/js"
)

// decodePNG decodes a PNG file's bytes with the page's own decoder
// (DecodeImage): createImageBitmap, without colour conversion, drawn into
// a 2D canvas whose pixels are read back. It waits for the browser's
// promise, so it must run on a goroutine the page's event loop does not
// wait for — a game's Build, its systems and LoadImagesAsync's goroutine
// are (Ebitengine runs the game loop on a goroutine of its own).
func decodePNG(data []byte) (image.Image, error) {
	global := js.Global()
	u8 := global.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	blob := global.Get("Blob").New([]any{u8}, map[string]any{"type": "image/png"})
	type result struct {
		bmp js.Value
		err error
	}
	done := make(chan result, 1)
	onBitmap := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{bmp: args[0]}
		return nil
	})
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the browser could not decode it"
		if len(args) > 0 {
			if m := args[0].Get("message"); m.Type() == js.TypeString {
				msg += " (" + m.String() + ")"
			}
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	global.Call("createImageBitmap", blob, map[string]any{"premultiplyAlpha": "none", "colorSpaceConversion": "none"}).Call("then", onBitmap, onError)
	r := <-done
	onBitmap.Release()
	onError.Release()
	if r.err != nil {
		return nil, r.err
	}
	w, h := r.bmp.Get("width").Int(), r.bmp.Get("height").Int()
	canvas := global.Get("OffscreenCanvas").New(w, h)
	ctx := canvas.Call("getContext", "2d", map[string]any{"willReadFrequently": true})
	ctx.Call("drawImage", r.bmp, 0, 0)
	r.bmp.Call("close")
	px := ctx.Call("getImageData", 0, 0, w, h).Get("data")
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	js.CopyBytesToGo(img.Pix, global.Get("Uint8Array").New(px.Get("buffer"), px.Get("byteOffset"), px.Get("length")))
	return img, nil
}
