package input_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// Example drives game logic with injected input: the plugin runs
// headless, and the test writes Devices between ticks.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}) // State is updated in glue.PreUpdate
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		s := in.Get()
		fmt.Printf("axis %+.0f, launch pressed %v, held %v\n", s.AxisX, s.Pressed(input.Primary), s.Down(input.Primary))
	}))
	defer app.Close()

	dev := glue.Resource[input.Devices](app)
	dev.Keys[ebiten.KeyArrowLeft] = true
	dev.Keys[ebiten.KeySpace] = true
	app.Update()
	app.Update()
	dev.Keys[ebiten.KeyArrowLeft] = false
	dev.Keys[ebiten.KeySpace] = false
	app.Update()
	// Output:
	// axis -1, launch pressed true, held true
	// axis -1, launch pressed false, held true
	// axis +0, launch pressed false, held false
}

// Jump is a game's own action.
const Jump input.Action = 3

// ExampleBindings_Bind names and binds a game action to a key and a
// gamepad button, reads it, and rebinds it while the game runs, as a
// settings menu does through glue.ResMut[input.Bindings].
func ExampleBindings_Bind() {
	b := input.DefaultBindings()
	b.SetName(Jump, "Jump")
	b.Bind(Jump, input.Key(ebiten.KeyK), input.PadButton(ebiten.StandardGamepadButtonRightTop))
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Bindings: &b, Headless: true})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		State    glue.Res[input.State]
		Bindings glue.Res[input.Bindings]
	}) {
		s := p.State.Get()
		fmt.Printf("%s: pressed %v, down %v, stick %.2f\n", p.Bindings.Get().Name(Jump), s.Pressed(Jump), s.Down(Jump), s.AxisX)
	}))
	defer app.Close()

	dev := glue.Resource[input.Devices](app)
	dev.Pads = []input.Pad{{}} // a gamepad, as the plugin reads it
	dev.Pads[0].Buttons[ebiten.StandardGamepadButtonRightTop] = true
	dev.Pads[0].Axes[ebiten.StandardGamepadAxisLeftStickHorizontal] = 0.6
	app.Update()
	app.Update()

	bs := glue.Resource[input.Bindings](app)
	bs.Rebind(Jump, input.Key(ebiten.KeySpace)) // the pad's button no longer jumps
	fmt.Println("bound:", bs.Bound(nil, Jump))
	app.Update()
	// Output:
	// Jump: pressed true, down true, stick 0.50
	// Jump: pressed false, down true, stick 0.50
	// bound: [Key(Space)]
	// Jump: pressed false, down false, stick 0.50
}

func ExampleBindings_Describe() {
	b := input.DefaultBindings()
	fmt.Println(b.Describe(input.Pause))
	b.Rebind(input.Pause, input.Key(ebiten.KeyF1))
	fmt.Println(b.Describe(input.Pause))
	// Output:
	// P, Esc, Start
	// F1
}

func ExampleSource_Name() {
	for _, s := range []input.Source{
		input.Key(ebiten.KeySpace), input.Key(ebiten.KeyArrowLeft), input.Key(ebiten.KeyDigit1),
		input.Mouse(ebiten.MouseButtonLeft), input.Touch(),
		input.PadButton(ebiten.StandardGamepadButtonRightBottom),
		input.PadButton(ebiten.StandardGamepadButtonFrontBottomRight),
		input.PadAxis(ebiten.StandardGamepadAxisLeftStickHorizontal, -1),
	} {
		fmt.Printf("%v: %s\n", s, s.Name())
	}
	// Output:
	// Key(Space): Space
	// Key(ArrowLeft): Left
	// Key(Digit1): 1
	// Mouse(0): Left mouse button
	// Touch: Touch
	// PadButton(RightBottom): Pad A
	// PadButton(FrontBottomRight): Right trigger
	// PadAxis(LeftStickHorizontal-): Left stick left
}
