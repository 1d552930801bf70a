package replay_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
)

// Example records 300 ticks of a small game, with the keys, then replays
// them: the replay plays the recorded keys and checks the world.
func Example() {
	store := &save.Memory{}
	app := game(&replay.Plugin{Record: "run", Seed: 5, Store: store})
	play(app, 300, true) // a player presses the arrows and Space
	app.Close()          // writes the recording

	app = game(&replay.Plugin{Replay: "run", Seed: 5, Store: store})
	defer app.Close()
	for app.Update() == nil { // it ends after the last recorded tick
	}
	st := glue.Resource[replay.Status](app)
	fmt.Println("replayed", st.Tick, "ticks; matches:", st.Done, "; score", glue.Resource[Score](app).N)
	// Output: replayed 300 ticks; matches: true ; score 10
}
