//go:build !js

package replay

import (
	"os"
	"path/filepath"

	"github.com/gluekit/glue/modules/save"
)

// defaultStore is the desktop's: a recording's name is its file's path.
func defaultStore() save.Store { return fileStore{} }

// fileStore keeps each recording in the file its name is the path of.
type fileStore struct{}

func (fileStore) Where(name string) string { return name }

func (fileStore) Read(name string) ([]byte, error) { return os.ReadFile(name) }

// Write writes a temporary file next to name and renames it over name:
// a crash leaves the old recording or the new one.
func (fileStore) Write(name string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
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
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
