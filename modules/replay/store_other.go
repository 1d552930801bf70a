//go:build !js

package replay

import (
	"os"

	"github.com/gluekit/glue/modules/save"
)

// defaultStore is the desktop's: a recording's name is its file's path.
func defaultStore() save.Store { return fileStore{} }

// fileStore keeps each recording in the file its name is the path of.
type fileStore struct{}

func (fileStore) Where(name string) string { return name }

func (fileStore) Read(name string) ([]byte, error) { return os.ReadFile(name) }

// Write writes the file atomically (save.WriteFile).
func (fileStore) Write(name string, data []byte) error { return save.WriteFile(name, data) }
