//go:build !js

package save

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// defaultStore is the desktop's place for a game's saves: the directory
// glue/<game>/saves in the user's configuration directory
// (os.UserConfigDir: $XDG_CONFIG_HOME or ~/.config on Linux).
func defaultStore(game string) (Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("%w: %v; set Plugin.Store, e.g. save.Dir(\"saves\")", errNoDefault, err)
	}
	return Dir(filepath.Join(dir, "glue", game, "saves")), nil
}

// syncDir syncs a directory, so that a rename in it is on disk.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// isFull reports whether a store error says the disk is full.
func isFull(err error) bool { return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) }
