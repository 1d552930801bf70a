package timer

import "github.com/gluekit/glue"

// advance (glue.First) moves the clock one tick forward. It writes Time.
// Its name, "timer.advance", is the one a game system of glue.First that
// reads the clock orders itself after.
func advance(t glue.ResMut[Time]) { t.Get().Advance() }
