package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

type Scene uint8

const (
	TitleScene Scene = iota
	PlayScene
	PauseScene
)

func (s Scene) String() string { return [...]string{"Title", "Play", "Pause"}[s] }

// A pause menu pushed over the game keeps the game's entities, and
// popping it resumes the game without entering it again.
func ExampleNextState_Push() {
	app := glue.NewApp()
	glue.AddState(app, TitleScene)
	say := func(what string) *glue.System {
		return glue.Func(func(struct{}) { fmt.Println(what) }).Named(what)
	}
	app.AddSystems(glue.OnEnter(PlayScene), say("enter play"), glue.Func(func(c glue.Commands) {
		c.Spawn(glue.StateScoped[Scene]{State: PlayScene}) // the level
	}))
	app.AddSystems(glue.OnPause(PlayScene), say("pause play"))
	app.AddSystems(glue.OnResume(PlayScene), say("resume play"))
	app.AddSystems(glue.OnEnter(PauseScene), say("enter pause"))
	app.AddSystems(glue.OnExit(PauseScene), say("exit pause"))
	requests := []func(n *glue.NextState[Scene]){
		func(n *glue.NextState[Scene]) { n.Set(PlayScene) },
		func(n *glue.NextState[Scene]) { n.Push(PauseScene) },
		func(n *glue.NextState[Scene]) { n.Pop() },
	}
	tick := 0
	app.AddSystems(glue.Update, glue.Func(func(n glue.ResMut[glue.NextState[Scene]]) {
		if tick < len(requests) {
			requests[tick](n.Get())
		}
		tick++
	}))
	for range 4 {
		app.Update()
		st := glue.Resource[glue.State[Scene]](app)
		fmt.Println(" ", st.Get(), st.Under(), app.Len(), "entities")
	}
	app.Close()
	// Output:
	//   Title [] 0 entities
	// enter play
	//   Play [] 1 entities
	// pause play
	// enter pause
	//   Pause [Play] 1 entities
	// exit pause
	// resume play
	//   Play [] 1 entities
}

// Between ticks, StateAfter shows the state a system has just asked for,
// before the next tick's StateTransition stage enters it.
func ExampleStateAfter() {
	app := glue.NewApp()
	glue.AddState(app, TitleScene)
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Next  glue.ResMut[glue.NextState[Scene]]
		State glue.Res[glue.State[Scene]]
	}) {
		switch p.State.Get().Get() {
		case TitleScene:
			p.Next.Get().Set(PlayScene)
		case PlayScene:
			p.Next.Get().Push(PauseScene)
		case PauseScene:
			p.Next.Get().Pop()
		}
	}))
	for range 3 {
		app.Update()
		fmt.Println(glue.Resource[glue.State[Scene]](app).Get(), "->", glue.StateAfter[Scene](app))
	}
	app.Close()
	// Output:
	// Title -> Play
	// Play -> Pause
	// Pause -> Play
}

// Restart plays a state again from its OnEnter: its entities are
// despawned and spawned anew. Set of the state the app is in does
// nothing, so a "play again" used to need code of its own.
func ExampleNextState_Restart() {
	app := glue.NewApp()
	glue.AddState(app, PlayScene)
	level := 0
	app.AddSystems(glue.OnEnter(PlayScene), glue.Func(func(c glue.Commands) {
		level++
		fmt.Println("enter play, level", level)
		c.Spawn(glue.StateScoped[Scene]{State: PlayScene}) // the level's one entity
	}))
	app.AddSystems(glue.OnExit(PlayScene), glue.Func(func(struct{}) { fmt.Println("exit play") }))
	tick := 0
	app.AddSystems(glue.Update, glue.Func(func(n glue.ResMut[glue.NextState[Scene]]) {
		switch tick {
		case 1:
			n.Get().Set(PlayScene) // the state the app is in: nothing happens
		case 2:
			n.Get().Restart()
		}
		tick++
	}))
	for i := range 4 {
		app.Update()
		if i == 2 {
			fmt.Println("restarting:", glue.Resource[glue.NextState[Scene]](app).Restarting(), "into", glue.StateAfter[Scene](app))
		}
	}
	fmt.Println(app.Len(), "entity")
	app.Close()
	// Output:
	// enter play, level 1
	// restarting: true into Play
	// exit play
	// enter play, level 2
	// 1 entity
}
