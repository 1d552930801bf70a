package glue

import (
	"errors"
	"fmt"
)

// ErrEnded is returned by [App.Update] and [App.Draw] once the app has
// ended; drivers check it with errors.Is and stop.
var ErrEnded = errors.New("glue: app has ended")

// SystemError is an error raised by or for one system: a panic, a missing
// resource, a failed command or [Commands.Fail]. It names the system and
// its stage.
type SystemError struct {
	System string // the system's name
	Stage  string // the stage's name, or "startup"
	Err    error  // what went wrong
	// Panic holds the recovered value if the system panicked.
	Panic any
	// Stack is the goroutine stack at the panic, if the system panicked.
	Stack []byte
}

// Error returns "glue: system X in stage Y: ...".
func (e *SystemError) Error() string {
	return fmt.Sprintf("glue: system %s in stage %s: %v", e.System, e.Stage, e.Err)
}

// Unwrap returns the underlying error.
func (e *SystemError) Unwrap() error { return e.Err }
