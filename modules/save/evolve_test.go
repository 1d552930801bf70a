package save_test

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/save"
)

// Two builds of one game: the first saves Progress and its Hero
// components; the second, an update, also saves a Settings resource (new
// in the save list), added a field to Hero and dropped one, and no longer
// saves Trail components.
type (
	progressV1 struct{ Level int }
	heroV1     struct {
		X, Y  float64
		Mood  string // dropped in v2
		Lives int
	}
	trailV1 struct{ N int }

	settingsV2 struct{ Volume float64 }
	heroV2     struct {
		Lives int // reordered
		X, Y  float64
		Speed float64 // added: takes the default
	}
)

func buildV1() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[progressV1](reg, codec.Name("game.Progress"))
	codec.Register[heroV1](reg, codec.Name("game.Hero"))
	codec.Register[trailV1](reg, codec.Name("game.Trail"))
	return reg
}

func buildV2() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[progressV1](reg, codec.Name("game.Progress"))
	codec.Register[heroV2](reg, codec.Name("game.Hero"), codec.Default(heroV2{Speed: 2}))
	codec.Register[settingsV2](reg, codec.Name("game.Settings"))
	return reg
}

// evolveApp is one build of the game: its registry, its saved resources,
// the resources it starts with, and a system that needs every one of
// them each tick (as a game's do).
func evolveApp(t *testing.T, store save.Store, reg *codec.Registry, saved []glue.Type, resources ...any) (*glue.App, *[]save.Result, *[]string) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	for _, r := range resources {
		app.InsertResource(r)
	}
	app.AddPlugins(save.Plugin{Game: "evolve", Registry: reg, Resources: saved, Store: store, Logger: slog.New(slog.DiscardHandler)})
	var results []save.Result
	var heroes []string
	app.AddSystems(glue.Update, glue.Func(func(r glue.Reader[save.Result]) { results = append(results, r.Read()...) }))
	app.AddSystems(glue.Update, glue.Func(func(w glue.Commands) {
		w.Exclusive(func(w *glue.World) error {
			heroes = heroes[:0]
			for _, t := range saved {
				v := w.Resource(t)
				if v == nil {
					return fmt.Errorf("needs resource %v, but the app has none", t)
				}
				heroes = append(heroes, fmt.Sprintf("%+v", v))
			}
			for _, name := range []string{"game.Hero"} {
				c := reg.ByName(name)
				w.Each(func(e glue.Entity, ts []glue.Type) {
					if v := w.Component(e, c.Type()); v != nil {
						heroes = append(heroes, fmt.Sprintf("%+v", v))
					}
				})
			}
			return nil
		})
	}))
	return app, &results, &heroes
}

// A save made before a resource type was added to the save list loads,
// keeps the app's value of that resource and says so; a type the game
// no longer saves is ignored, with a note; fields added, removed and
// reordered are matched by name. (Issue #29 item 7: the load removed
// Settings and the next tick failed with "needs resource …Settings, but
// the app has none".)
func TestOldSaveLoadsInAnUpdatedGame(t *testing.T) {
	store := &save.Memory{}
	v1, res1, _ := evolveApp(t, store, buildV1(), []glue.Type{glue.TypeOf[progressV1]()}, progressV1{Level: 3})
	v1.AddStartup(glue.Func(func(p struct {
		C glue.Commands
		S glue.ResMut[save.Saves]
	}) {
		p.C.Spawn(heroV1{X: 1, Y: 2, Mood: "brave", Lives: 4}, trailV1{N: 9})
		p.C.Spawn(trailV1{N: 1}) // only a type v2 drops
		p.S.Get().Save("slot")
	}))
	for range 2 {
		if err := v1.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if len(*res1) != 1 || (*res1)[0].Err != nil {
		t.Fatalf("v1 save: %v", *res1)
	}

	v2, res2, heroes := evolveApp(t, store, buildV2(), []glue.Type{glue.TypeOf[progressV1](), glue.TypeOf[settingsV2]()}, progressV1{}, settingsV2{Volume: 0.7})
	v2.AddStartup(glue.Func(func(s glue.ResMut[save.Saves]) { s.Get().Load("slot") }))
	for range 3 {
		if err := v2.Update(); err != nil {
			t.Fatalf("the game after loading an old save: %v", err)
		}
	}
	if len(*res2) != 1 {
		t.Fatalf("v2 results: %v", *res2)
	}
	r := (*res2)[0]
	if r.Err != nil || r.Entities != 1 {
		t.Fatalf("v2 load: %v, want 1 entity loaded", r)
	}
	notes := strings.Join(r.Notes, "\n")
	for _, want := range []string{"the save predates game.Settings: the current one is kept", "game.Trail, which the game no longer saves: ignored"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q, want %q", notes, want)
		}
	}
	// The app's Settings, the save's Progress and hero.
	if got := fmt.Sprint(*heroes); got != "[&{Level:3} &{Volume:0.7} &{Lives:4 X:1 Y:2 Speed:2}]" {
		t.Errorf("after the load: %s", got)
	}
}

// A save of a newer build — a type of a newer codec.Version than this
// build's — is refused with ErrNewer ("Save from newer version"), and the
// app keeps its state: an older game loaded a newer game's save as a
// success, with the fields it did not know zeroed (a stranger's v1 game
// read its v2 save as HP 0, Damage 0, an empty inventory).
func TestNewerSaveIsRefused(t *testing.T) {
	store := &save.Memory{}
	newer := codec.NewRegistry()
	codec.Register[progressV1](newer, codec.Name("game.Progress"), codec.Version(2))
	v2, res2, _ := evolveApp(t, store, newer, []glue.Type{glue.TypeOf[progressV1]()}, progressV1{Level: 7})
	v2.AddStartup(glue.Func(func(s glue.ResMut[save.Saves]) { s.Get().Save("slot") }))
	for range 2 {
		if err := v2.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if len(*res2) != 1 || (*res2)[0].Err != nil {
		t.Fatalf("the newer build's save: %v", *res2)
	}
	older := codec.NewRegistry()
	codec.Register[progressV1](older, codec.Name("game.Progress"), codec.Version(1))
	v1, res1, kept := evolveApp(t, store, older, []glue.Type{glue.TypeOf[progressV1]()}, progressV1{Level: 3})
	v1.AddStartup(glue.Func(func(s glue.ResMut[save.Saves]) { s.Get().Load("slot") }))
	for range 3 {
		if err := v1.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if len(*res1) != 1 || !errors.Is((*res1)[0].Err, save.ErrNewer) || save.Reason((*res1)[0].Err) != "Save from newer version" {
		t.Fatalf("the older build's load: %v, want ErrNewer (\"Save from newer version\")", *res1)
	}
	if got := fmt.Sprint(*kept); got != "[&{Level:3}]" {
		t.Errorf("after the refused load: %s, want the app's own Progress", got)
	}
}
