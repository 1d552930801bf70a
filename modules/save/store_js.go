//go:build js

package save

import (
	"encoding/base64"
	"fmt"
	"io/fs"
	"strings"
	"syscall/js"
)

// defaultStore is the browser's place for a game's saves: the page's
// localStorage, under keys "glue.save.<game>/<name>".
func defaultStore(game string) (Store, error) {
	return LocalStorage("glue.save." + game + "/")
}

// LocalStorage returns a Store that keeps each save in the page's
// localStorage under the key prefix+name, as the save file's bytes in
// standard base64 — the same file a desktop game writes. A write replaces
// the key's value in one setItem call, which the browser applies whole.
// It fails if the page has no localStorage (a sandboxed frame); a write
// fails when the origin's storage quota (about 5 MB) is full.
func LocalStorage(prefix string) (s Store, err error) {
	defer func() {
		if p := recover(); p != nil { // a SecurityError from the getter
			s, err = nil, fmt.Errorf("%w: localStorage: %v", errNoDefault, p)
		}
	}()
	// Reflect.get through Call, not Get: a page whose user blocks site
	// data ("Don't allow sites to save data") throws a SecurityError from
	// the localStorage getter, and wasm_exec.js lets an exception in Get
	// unwind through the game — it never started. Call catches it and
	// panics with a js.Error, which the deferred recover turns into the
	// error every save and load then reports.
	ls := js.Global().Get("Reflect").Call("get", js.Global(), "localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil, fmt.Errorf("%w: the page has no localStorage", errNoDefault)
	}
	return localStore{ls: ls, prefix: prefix}, nil
}

type localStore struct {
	ls     js.Value
	prefix string
}

func (l localStore) Where(name string) string { return fmt.Sprintf("localStorage[%q]", l.prefix+name) }

func (l localStore) Write(name string, data []byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("localStorage.setItem: %v", p) // QuotaExceededError
		}
	}()
	l.ls.Call("setItem", l.prefix+name, base64.StdEncoding.EncodeToString(data))
	return nil
}

func (l localStore) Read(name string) (data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("localStorage.getItem: %v", p)
		}
	}()
	v := l.ls.Call("getItem", l.prefix+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("%s: %w", l.Where(name), fs.ErrNotExist)
	}
	data, err = base64.StdEncoding.DecodeString(v.String())
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not base64: %v", ErrCorrupt, l.Where(name), err)
	}
	return data, nil
}

// syncDir is not used in the browser.
func syncDir(string) error { return nil }

// isFull reports whether a store error says the storage quota is full.
func isFull(err error) bool { return strings.Contains(err.Error(), "QuotaExceeded") }
