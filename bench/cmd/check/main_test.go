package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaimsReadTheirTables checks that every claim whose figure comes
// from a generated table finds it in the repository's document.
func TestClaimsReadTheirTables(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range claims {
		if c.table == nil {
			continue
		}
		r, err := c.table.ratio(root)
		if err != nil {
			t.Errorf("%s: %v", c.id, err)
		} else if r <= 0 {
			t.Errorf("%s: ratio %v, want > 0", c.id, r)
		}
	}
}

// TestDocTableRatio reads a ratio from a table under its headings and
// names what is missing otherwise.
func TestDocTableRatio(t *testing.T) {
	root := t.TempDir()
	doc := `# x

## Table 4.1 (Lepenka)

### 100000 entities

| implementation | ns/entity/tick |
|---|---|
| object | 2.5 |
| glue | 5 |

## Compute-heavy variant

### 100000 entities

| implementation | ns/entity/tick |
|---|---|
| object | 100 |
`
	if err := os.WriteFile(filepath.Join(root, "d.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := &docTable{doc: "d.md", section: "## Table 4.1", sub: "### 100000 entities", col: "ns/entity/tick", a: "glue", b: "object"}
	if r, err := tb.ratio(root); err != nil || r != 2 {
		t.Errorf("ratio = %v, %v; want 2, nil", r, err)
	}
	tb.a = "ark"
	if _, err := tb.ratio(root); err == nil || !strings.Contains(err.Error(), "no figures for ark") {
		t.Errorf("missing row: err = %v", err)
	}
	tb.a, tb.col = "glue", "µs"
	if _, err := tb.ratio(root); err == nil || !strings.Contains(err.Error(), `no column "µs"`) {
		t.Errorf("missing column: err = %v", err)
	}
	tb.col, tb.sub = "ns/entity/tick", "### 1000 entities"
	if _, err := tb.ratio(root); err == nil || !strings.Contains(err.Error(), "make bench") {
		t.Errorf("missing heading: err = %v", err)
	}
}
