//go:build js

package render

import (
	"errors"
	"syscall/js"
)

// fetch gets url with the page's fetch. It must run on a goroutine that
// the page's event loop does not wait for (see HTTPFS).
func fetch(url string) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	var onResponse, onBody, onError js.Func
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "fetch failed"
		if len(args) > 0 {
			if m := args[0].Get("message"); m.Type() == js.TypeString {
				msg = "fetch failed: " + m.String()
			}
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	onBody = js.FuncOf(func(_ js.Value, args []js.Value) any {
		arr := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(data, arr)
		done <- result{data: data}
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			done <- result{err: &httpStatusError{code: resp.Get("status").Int(), text: resp.Get("statusText").String()}}
			return nil
		}
		resp.Call("arrayBuffer").Call("then", onBody, onError)
		return nil
	})
	js.Global().Call("fetch", url).Call("then", onResponse, onError)
	r := <-done
	onResponse.Release()
	onBody.Release()
	onError.Release()
	return r.data, r.err
}
