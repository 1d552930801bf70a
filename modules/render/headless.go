package render

import (
	"errors"
	"time"

	"github.com/gluekit/glue"
)

// Headless says how RunHeadless runs an app.
type Headless struct {
	// Ticks is the most ticks to run.
	Ticks int
	// Every paces the ticks: one every Every of real time (a served game
	// that watchers see live, a watcher); 0 runs them as fast as the
	// machine can (a test, a simulation).
	Every time.Duration
	// Until, if not nil, is asked after every tick: RunHeadless stops
	// when it holds (the game is won or lost).
	Until func() bool
}

// RunHeadless is Run without a window: it runs app's update ticks
// (App.Update; nothing is drawn and input is not read, as with
// input.Plugin{Headless: true}) as h says, and returns the number of
// ticks run — the one Until held after included — and the error that
// stopped the app. An app that ends (glue.Commands.End) stops without an
// error, its last tick not counted. The caller closes the app.
func RunHeadless(app *glue.App, h Headless) (ticks int, err error) {
	var pace <-chan time.Time
	if h.Every > 0 {
		t := time.NewTicker(h.Every)
		defer t.Stop()
		pace = t.C
	}
	for ; ticks < h.Ticks; ticks++ {
		if pace != nil && ticks > 0 {
			<-pace
		}
		if err := app.Update(); err != nil {
			if errors.Is(err, glue.ErrEnded) {
				return ticks, nil
			}
			return ticks, err
		}
		if h.Until != nil && h.Until() {
			return ticks + 1, nil
		}
	}
	return ticks, nil
}
