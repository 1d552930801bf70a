// Package gocmd runs the go command for glue's tools (glue web and
// internal/ebitenpatch), with failures that say what the go command said.
package gocmd

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Run runs "go args…" in dir ("" is the working directory) with env added
// to the process's environment, and returns what it printed on standard
// output. An error names the command and carries its standard error.
func Run(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, strings.TrimSpace(errs.String()))
	}
	return out, nil
}

// Combined is Run for commands that report on standard output what went
// wrong (go test): an error carries both outputs.
func Combined(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return out, nil
}
