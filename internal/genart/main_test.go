package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedFilesAreCurrent checks that games/assets holds exactly
// what the generator makes: run `go generate ./games/assets` after
// changing it.
func TestCommittedFilesAreCurrent(t *testing.T) {
	files, err := render()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "games", "assets", name))
		if err != nil {
			t.Errorf("%s: %v; run go generate ./games/assets", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("games/assets/%s differs from what the generator makes; run go generate ./games/assets", name)
		}
	}
	again, err := render()
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if !bytes.Equal(again[name], b) {
			t.Errorf("%s: two runs differ; the generator must be deterministic", name)
		}
	}
}
