//go:build js

package net

import (
	"time"

	"github.com/gluekit/glue"
)

// A browser page cannot listen for connections, so browser builds leave
// the server out (server.go and the *_server.go files are !js): net/http,
// crypto/tls and their kin are most of a wasm file's code. What is here
// lets code that names the server compile for both.

// Server is the resource of ServerPlugin, which browser builds do not
// have: no app in a browser has a Server, and a glue.Opt[Server] there is
// always empty. The type exists so that systems shared with a native
// build compile.
type Server struct{ _ struct{} }

// Report tells srv how many seats are taken. A browser has no server,
// so srv is always nil and Report does nothing.
func (s *Seats) Report(srv *Server) {}

// serverResources: no server or drain resources in a browser.
func serverResources() []glue.Type { return nil }

// holdSeats: no relay server in a browser's app.
func holdSeats(*glue.App, time.Duration, int) {}
