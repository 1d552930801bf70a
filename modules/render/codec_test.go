package render_test

import (
	"fmt"
	"image"
	"log/slog"
	"reflect"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
)

// savingSpriteApp is an app whose sprites animate, with saving.
func savingSpriteApp(t *testing.T, store save.Store, start func(glue.Commands)) (*glue.App, *[]save.Result) {
	reg := codec.NewRegistry()
	codec.Register[render.Sprite](reg)
	codec.Register[render.Animator](reg)
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.Configure(glue.Options{Sequential: true})
	app.AddPlugins(timer.Plugin{}, save.Plugin{Game: "sprites", Registry: reg, Store: store, Logger: slog.New(slog.DiscardHandler)})
	app.AddSystems(glue.Update, render.Animate())
	var res []save.Result
	app.AddSystems(glue.Update, glue.Func(func(r glue.Reader[save.Result]) { res = append(res, r.Read()...) }))
	if start != nil {
		app.AddStartup(glue.Func(start))
	}
	return app, &res
}

// sprites lists the world's sprites and animators, in storage order.
func sprites(app *glue.App) string {
	var b strings.Builder
	for _, e := range app.Entities(nil) {
		sv, _ := app.Component(e, glue.TypeOf[render.Sprite]())
		av, _ := app.Component(e, glue.TypeOf[render.Animator]())
		s, a := sv.(render.Sprite), av.(render.Animator)
		fmt.Fprintf(&b, "%+v frame %d of %q done %v\n", s, a.Index(), a.Clip().Name, a.Done())
	}
	return b.String()
}

// A world of animated sprites saves and loads whole into a fresh app:
// the images by name, the animators by clip name, each at its frame and
// time; both then animate alike.
func TestSpritesSaveAndLoad(t *testing.T) {
	img := stripImage(t)
	if err := render.NameImage(img, "strip"); err != nil {
		t.Fatal(err)
	}
	sheet, err := render.GridSheet(img, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	walk, _ := sheet.Clip("walk", render.PingPong, 12, 0, 1, 2, 3)
	blink, err := sheet.Clip("blink", render.Once, 8, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	store := &save.Memory{}
	a, resA := savingSpriteApp(t, store, func(c glue.Commands) {
		for i := range 5 {
			clip := walk
			if i%2 == 1 {
				clip = blink
			}
			an := render.NewAnimator(clip)
			an.Speed = 1 + float64(i)/4
			c.Spawn(an, render.Sprite{X: float64(10 * i), Y: 3, Rotation: 0.5, ScaleX: 2, OriginX: 0.5, FlipY: i == 2, Tint: red, Layer: 1, Z: i})
		}
	})
	for range 17 {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	glue.Resource[save.Saves](a).Save("s")
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	saved := sprites(a)

	b, resB := savingSpriteApp(t, store, nil)
	glue.Resource[save.Saves](b).Load("s")
	if err := b.Update(); err != nil {
		t.Fatal(err)
	}
	if err := b.Update(); err != nil { // the Result arrives
		t.Fatal(err)
	}
	if err := a.Update(); err != nil { // a catches up with b's extra tick
		t.Fatal(err)
	}
	if len(*resA) == 0 || (*resA)[0].Err != nil || len(*resB) == 0 || (*resB)[0].Err != nil || (*resB)[0].Entities != 5 {
		t.Fatalf("save %v, load %v", *resA, *resB)
	}
	if got, want := sprites(b), sprites(a); got != want || !strings.Contains(saved, `"walk"`) {
		t.Errorf("loaded:\n%s\nthe original:\n%s", got, want)
	}
	for range 20 {
		a.Update()
		b.Update()
	}
	if !reflect.DeepEqual(sprites(a), sprites(b)) {
		t.Errorf("after 20 more ticks:\n%s\nthe original:\n%s", sprites(b), sprites(a))
	}
}

// An image with no name cannot be saved: the save fails saying how to
// name it.
func TestUnnamedImageDoesNotSave(t *testing.T) {
	img, err := render.NewImage(image.NewRGBA(image.Rect(0, 0, 2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	a, res := savingSpriteApp(t, &save.Memory{}, func(c glue.Commands) {
		c.Spawn(render.Sprite{Image: img}) // no Animator: Animate would set its image
	})
	a.Update()
	glue.Resource[save.Saves](a).Save("s")
	a.Update()
	a.Update()
	if len(*res) != 1 || (*res)[0].Err == nil || !strings.Contains((*res)[0].Err.Error(), "name it with render.NameImage") {
		t.Errorf("saving an unnamed image: %v", *res)
	}
}

// render's plain components register with derived codecs.
func TestComponentsRegister(t *testing.T) {
	reg := codec.NewRegistry()
	codec.Register[render.Sprite](reg)
	codec.Register[render.Animator](reg)
	codec.Register[render.Box](reg)
	codec.Register[render.Disc](reg)
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
}
