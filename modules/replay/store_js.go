//go:build js

package replay

import "github.com/gluekit/glue/modules/save"

// defaultStore is the browser's: the page's localStorage, under keys
// "glue.replay/<name>", as modules/save keeps saves.
func defaultStore() save.Store {
	st, err := save.LocalStorage("glue.replay/")
	if err != nil {
		return failStore{err}
	}
	return st
}

// failStore fails every read and write with the reason there is no
// store.
type failStore struct{ err error }

func (f failStore) Write(string, []byte) error  { return f.err }
func (f failStore) Read(string) ([]byte, error) { return nil, f.err }
func (f failStore) Where(name string) string    { return "nowhere (" + name + ")" }
