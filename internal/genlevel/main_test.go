package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedFilesAreCurrent checks that games/platformer/level holds
// exactly what the generator makes: run `go generate
// ./games/platformer/level` after changing it.
func TestCommittedFilesAreCurrent(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "games", "platformer", "level", name))
		if err != nil {
			t.Errorf("%s: %v; run go generate ./games/platformer/level", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("games/platformer/level/%s differs from what the generator makes; run go generate ./games/platformer/level", name)
		}
	}
}

func TestHelloFilesAreCurrent(t *testing.T) {
	files, err := HelloFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "examples", "hello", name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("examples/hello/%s differs from what the generator makes (%v); run go generate ./examples/hello", name, err)
		}
	}
}
