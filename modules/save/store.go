package save

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Store is where saves are kept, by name. [Dir] keeps them in files,
// [LocalStorage] (in the browser) in the page's localStorage, [Memory]
// in memory.
type Store interface {
	// Write stores data under name, replacing what was there,
	// atomically: a reader, and a crash at any moment, finds the old
	// data or the new, never a mix or a part.
	Write(name string, data []byte) error
	// Read returns the data stored under name, or an error wrapping
	// fs.ErrNotExist if there is none.
	Read(name string) ([]byte, error)
	// Where says where name is stored, for messages: a file's path, a
	// localStorage key.
	Where(name string) string
}

// checkName reports a save name that is not 1 to 64 letters, digits,
// '-', '_' and '.', not starting with '.': names become file names and
// keys.
func checkName(name string) error {
	ok := len(name) >= 1 && len(name) <= 64 && name[0] != '.'
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("save: invalid save name %q: use 1 to 64 letters, digits, '-', '_' and '.', not starting with '.' (e.g. \"quick\", \"slot-1\")", name)
	}
	return nil
}

// Dir returns a Store that keeps each save in a file <name>.save in the
// directory path, which it creates when it first writes. A write goes to
// a temporary file in the same directory, which is synced to disk and
// then renamed over the save, and the directory is synced: a crash
// leaves the old save or the new one, never a torn file.
func Dir(path string) Store { return dirStore{path} }

type dirStore struct{ dir string }

func (d dirStore) Where(name string) string { return filepath.Join(d.dir, name+".save") }

func (d dirStore) Read(name string) ([]byte, error) {
	return os.ReadFile(d.Where(name))
}

func (d dirStore) Write(name string, data []byte) error {
	if err := os.MkdirAll(d.dir, 0o755); err != nil {
		return err
	}
	return WriteFile(d.Where(name), data)
}

// WriteFile writes data to the file path atomically, as [Dir] writes a
// save: to a temporary file in the same directory, which is synced to
// disk and then renamed over path, and the directory is synced. A crash
// leaves the old file or the new one, never a torn one. modules/replay
// writes its recordings with it.
func WriteFile(path string, data []byte) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// Memory is a Store in memory, for tests and tools: saves last as long
// as the value. The zero value is ready to use; it is concurrent-safe.
type Memory struct {
	mu    sync.Mutex
	saves map[string][]byte
}

// Write stores a copy of data.
func (m *Memory) Write(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.saves == nil {
		m.saves = map[string][]byte{}
	}
	m.saves[name] = append([]byte(nil), data...)
	return nil
}

// Read returns a copy of the data stored under name.
func (m *Memory) Read(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.saves[name]
	if !ok {
		return nil, fmt.Errorf("%s: %w", m.Where(name), fs.ErrNotExist)
	}
	return append([]byte(nil), d...), nil
}

// Where returns "memory:<name>".
func (m *Memory) Where(name string) string { return "memory:" + name }

// errNoDefault is the startup error when there is no default store.
var errNoDefault = errors.New("save: Plugin.Store is not set and there is no default place for saves here")
