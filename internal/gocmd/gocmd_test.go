package gocmd_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/gocmd"
)

func TestRun(t *testing.T) {
	out, err := gocmd.Run("", []string{"GOOS=js"}, "env", "GOOS")
	if err != nil || strings.TrimSpace(string(out)) != "js" {
		t.Errorf("go env GOOS with GOOS=js: %q, %v", out, err)
	}
	_, err = gocmd.Run("", nil, "list", "./no/such/package")
	if err == nil || !strings.HasPrefix(err.Error(), "go list ./no/such/package: exit status 1\n") || !strings.Contains(err.Error(), "no/such/package") {
		t.Errorf("go list of a missing package: %v, want the command and what go said", err)
	}
}

func TestCombined(t *testing.T) {
	_, err := gocmd.Combined("", nil, "list", "./no/such/package")
	if err == nil || !strings.HasPrefix(err.Error(), "go list ./no/such/package: exit status 1\n") || !strings.Contains(err.Error(), "no/such/package") {
		t.Errorf("go list of a missing package: %v, want the command and what go said", err)
	}
	out, err := gocmd.Combined("", []string{"GOOS=js"}, "env", "GOOS")
	if err != nil || strings.TrimSpace(string(out)) != "js" {
		t.Errorf("go env GOOS with GOOS=js: %q, %v", out, err)
	}
}
