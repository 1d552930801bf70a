package main

import (
	"bytes"
	"log/slog"
	"os"
	"sync"
)

// testLogs holds what the game and the modules logged through slog's
// default logger (which they use when given none) during the tests:
// ordinary INFO and WARN lines of servers starting, clients leaving and
// saves, which a passing run does not print. TestMain prints them when a
// test failed, beside the failure.
var testLogs struct {
	sync.Mutex
	buf bytes.Buffer
}

type lockedWriter struct{}

func (lockedWriter) Write(p []byte) (int, error) {
	testLogs.Lock()
	defer testLogs.Unlock()
	return testLogs.buf.Write(p)
}

// captureLogs sends slog's default logger (and the log package's) to
// testLogs, and returns exit, which prints them if code is not 0 and
// exits with code.
func captureLogs() (exit func(code int)) {
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{}, nil)))
	return func(code int) {
		if code != 0 {
			testLogs.Lock()
			os.Stderr.WriteString("breakout tests: the log of the run, which failed:\n")
			os.Stderr.Write(testLogs.buf.Bytes())
			testLogs.Unlock()
		}
		os.Exit(code)
	}
}
