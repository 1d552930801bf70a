package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// A turn-based game with undo: a move system pushes the state after each
// move, an undo system asks for the state before it; the app applies both
// at the end of the tick. The settings, kept, stay as they are.
func ExampleHistoryPlugin() {
	type (
		Board    struct{ Moves [4]int }
		Turn     struct{ N int }
		Settings struct{ Sound bool }
		Key      struct{ Undo bool } // the player's input
	)
	app := glue.NewApp()
	app.InsertResource(Board{})
	app.InsertResource(Turn{})
	app.InsertResource(Settings{Sound: true})
	app.InsertResource(Key{})
	app.AddPlugins(glue.HistoryPlugin{Keep: []glue.Type{glue.TypeOf[Settings](), glue.TypeOf[Key]()}})
	app.AddSystems(glue.Update, glue.Func4(func(k glue.Res[Key], b glue.ResMut[Board], t glue.ResMut[Turn], h glue.ResMut[glue.HistoryRequest]) {
		if k.Get().Undo {
			h.Get().Undo()
			return
		}
		t.Get().N++
		b.Get().Moves[t.Get().N%4] = t.Get().N
		h.Get().Push()
	}))
	defer app.Close()
	for range 3 {
		app.Update()
	}
	fmt.Println("after 3 moves:", glue.Resource[Turn](app).N, glue.Resource[Board](app).Moves)
	glue.Resource[Key](app).Undo = true
	glue.Resource[Settings](app).Sound = false
	app.Update()
	app.Update()
	fmt.Println("after 2 undos:", glue.Resource[Turn](app).N, glue.Resource[Board](app).Moves, "sound", glue.Resource[Settings](app).Sound)
	// Output:
	// after 3 moves: 3 [0 1 2 3]
	// after 2 undos: 1 [0 1 0 0] sound false
}
