package gluevet_test

import (
	"testing"

	"github.com/gluekit/glue/internal/gluevet"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestReadOnlyCorpus runs ReadOnly over testdata/src/copies: every write
// through a read-only copy or resource there carries a want comment, and
// every line without one must not be reported.
func TestReadOnlyCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.ReadOnly, "copies")
}

// TestUnaddedCorpus runs Unadded over testdata/src/unadded.
func TestUnaddedCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.Unadded, "unadded")
}

// TestCapturedCorpus runs Captured over testdata/src/captured.
func TestCapturedCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.Captured, "captured")
}

// TestEscapeCorpus runs Escape over testdata/src/escape.
func TestEscapeCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.Escape, "escape")
}

// TestNoopCorpus runs Noop over testdata/src/noop.
func TestNoopCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.Noop, "noop")
}

// TestSetterCorpus runs Setter over testdata/src/setter: value-receiver
// setters whose writes are lost, and the methods that only look alike.
func TestSetterCorpus(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), gluevet.Setter, "setter")
}
