package glue

import (
	"errors"
	"fmt"
)

// ErrEnded is returned by [App.Update] and [App.Draw] once the app has
// ended normally; drivers check it with errors.Is and stop.
var ErrEnded = errors.New("glue: app has ended")

// ErrClosed is returned by [App.Update], [App.Draw] and [App.Run] after
// [App.Close].
var ErrClosed = errors.New("glue: app is closed; make a new App to run again")

// SystemError is an error raised by or for one system: a panic, a missing
// resource, a command that could not be applied, or [Commands.Fail]. It
// names the system and its stage. When a tick fails for several systems,
// Update returns their errors joined (find each with errors.As); for one,
// the *SystemError itself.
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
