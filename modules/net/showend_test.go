//go:build !js

package net

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// rbPlayAsRenderer drives app as render.Run does: Update, and Draw only
// after an Update that returned nil (an error ends the window's loop at
// once); it returns Update's error.
func rbPlayAsRenderer(app *glue.App, p int, deadline time.Duration) error {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	for end := time.Now().Add(deadline); time.Now().Before(end); {
		<-tk.C
		glue.Resource[rbPad](app).Axis = rbScript(p, app.Tick()+1)
		if err := app.Update(); err != nil {
			return err
		}
		if err := app.Draw(); err != nil {
			return err
		}
	}
	return errors.New("still playing")
}

// TestRollbackEndIsShown: the other player leaves; a game driven as a
// window drives it (render.Run: no Draw after an Update that failed)
// sees PeerLeft and Disconnected in its draw stage while
// RollbackConfig.ShowEnd lasts, and then Update returns the reason.
// (examples/duel, issue 34: Update returned the reason in the frame the
// session ended, so a window closed before any draw stage read the
// Disconnected event: "the game is told" held only for games that drew
// after an error.)
func TestRollbackEndIsShown(t *testing.T) {
	const show = 1500 * time.Millisecond
	apps, _, evs := rbPair(t, 0, func(c *RollbackConfig) { c.DisconnectAfter, c.ShowEnd = time.Minute, show })
	var wg sync.WaitGroup
	var err0 error
	var shownFor time.Duration
	wg.Add(2)
	go func() {
		defer wg.Done()
		err0 = rbPlayAsRenderer(apps[0], 0, 60*time.Second)
		evs[0].mu.Lock()
		if n := len(evs[0].at); n > 0 {
			shownFor = time.Since(evs[0].at[n-1])
		}
		evs[0].mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		rbPlayUntilEnd(apps[1], 1, 60*time.Second, func() bool { return apps[1].Tick() >= 100 })
		apps[1].Close()
	}()
	wg.Wait()
	if !errors.Is(err0, ErrDisconnected) || !errors.Is(err0, errLeft) {
		t.Fatalf("player 1: Update returned %v; want that the other player left", err0)
	}
	if kinds := evs[0].kinds(); !slices.Equal(kinds, []SessionEventKind{PeerLeft, Disconnected}) {
		t.Fatalf("player 1's draw stage read %v, want [PeerLeft Disconnected]", kinds)
	}
	if shownFor < show/2 {
		t.Errorf("Update returned the reason %v after the game was told, want about ShowEnd (%v)", shownFor, show)
	}
	t.Logf("the end was on screen for %v (ShowEnd %v)", shownFor, show)
}
