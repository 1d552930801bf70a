package timer

import "github.com/gluekit/glue"

// advance (TickStage) moves the clock one tick forward. It writes Time.
func advance(t glue.ResMut[Time]) { t.Get().Advance() }
