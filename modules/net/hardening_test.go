//go:build !js

package net

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
)

// TestLeftComesAfterLastInputs: a client whose last input and whose
// disconnection reach the server before the same tick is handed its
// inputs in one tick and its Left in a later one, so that a game that
// handles Left before inputs (as breakout's TakeRemoteControl does) does
// not give control back to a client that has gone.
func TestLeftComesAfterLastInputs(t *testing.T) {
	type tickSeen struct {
		inputs []ClientID
		left   []ClientID
	}
	var seen []tickSeen
	var owner ClientID // the game's "remote player": Left first, then inputs
	app, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			var ts tickSeen
			if slices.Contains(in.Get().Left, owner) {
				owner = 0
			}
			for c := range InputsOf[steer](in.Get()) {
				ts.inputs = append(ts.inputs, c)
				if owner == 0 {
					owner = c
				}
			}
			ts.left = slices.Clone(in.Get().Left)
			seen = append(seen, ts)
		}).Named("takeControl"))
	})
	c, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client to connect", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 1 })
	id := srv.Clients()[0]
	pc, pp := encodeValue(testRegistry(), steer{1})
	for seq := range uint64(3) {
		if err := c.Write(context.Background(), websocket.MessageBinary, appendInput(nil, seq+1, pc, pp)); err != nil {
			t.Fatal(err)
		}
	}
	c.Close(websocket.StatusNormalClosure, "bye")
	// The server app does not tick until the server has seen both the
	// inputs and the disconnection.
	waitFor(t, "the server to see the inputs and the leave", 5*time.Second, nil, func() bool {
		st := srv.Stats()
		return st.Inputs == 3 && st.Clients == 0
	})
	seen = nil
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	inputTick, leftTick := -1, -1
	for i, ts := range seen {
		if slices.Contains(ts.inputs, id) {
			inputTick = i
		}
		if slices.Contains(ts.left, id) {
			leftTick = i
		}
	}
	if inputTick < 0 || leftTick < 0 {
		t.Fatalf("ticks seen %+v: want the client's inputs and its Left", seen)
	}
	if leftTick <= inputTick {
		t.Errorf("Left came in tick %d, the last inputs in tick %d: Left must come after the last inputs", leftTick, inputTick)
	}
	if owner != 0 {
		t.Errorf("client %d left but still owns the game's control", owner)
	}
}
