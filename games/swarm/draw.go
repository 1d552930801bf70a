package main

import (
	"fmt"
	"image/color"
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/games/assets"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// The window: the field scaled by PixelsPerUnit logical pixels per unit.
const (
	PixelsPerUnit = 5.0
	ScreenW       = int(FieldW * PixelsPerUnit)
	ScreenH       = int(FieldH * PixelsPerUnit)
	// FishScale and PredatorScale size the 32-pixel fish frame.
	FishScale     = 0.5
	PredatorScale = 2.0
)

var (
	backgroundColor = color.RGBA{8, 24, 48, 255}
	predatorTint    = color.RGBA{150, 150, 170, 255}
	hudColor        = color.RGBA{230, 230, 230, 255}
)

// Art is the game's images, a resource loaded at startup.
type Art struct {
	Fish render.Image
}

// LoadArt (startup) loads the fish frame of games/assets' sprite sheet.
func LoadArt(art glue.ResMut[Art], cmds glue.Commands) {
	img, err := render.LoadImage(assets.FS, assets.Sheet)
	if err != nil {
		cmds.Fail(err)
		return
	}
	sheet, err := render.GridSheet(img, assets.Cell, assets.Cell)
	if err != nil {
		cmds.Fail(err)
		return
	}
	fish, err := sheet.Frame(assets.FrameFish)
	if err != nil {
		cmds.Fail(err)
		return
	}
	art.Get().Fish = fish
}

// drawParams are what the draw systems read and write.
type drawParams struct {
	List glue.ResMut[render.DrawList]
	Art  glue.Res[Art]
}

// fishSprite is the sprite of a fish at p heading along v, tinted c.
func fishSprite(img render.Image, p *Position, v *Velocity, c *Colour) render.Sprite {
	return render.Sprite{
		Image: img, X: p.X * PixelsPerUnit, Y: p.Y * PixelsPerUnit,
		Rotation: math.Atan2(v.Y, v.X),
		ScaleX:   FishScale, ScaleY: FishScale, OriginX: 0.5, OriginY: 0.5,
		Tint: tint(c),
	}
}

// tint turns a colour into an opaque sprite tint.
func tint(c *Colour) color.RGBA {
	ch := func(x float32) uint8 { return uint8(min(max(x, 0), 1)*255 + 0.5) }
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), 255}
}

// predatorSprite is the predator's sprite: the fish frame, larger, grey
// and turned to its heading, over the fish.
func predatorSprite(img render.Image, p *Position, v *Velocity) render.Sprite {
	return render.Sprite{
		Image: img, X: p.X * PixelsPerUnit, Y: p.Y * PixelsPerUnit,
		Rotation: math.Atan2(v.Y, v.X),
		ScaleX:   PredatorScale, ScaleY: PredatorScale, OriginX: 0.5, OriginY: 0.5,
		Tint: predatorTint, Z: 1,
	}
}

// DrawFish (Draw) draws every fish of a batch, rotated to its heading
// and tinted by its colour.
func DrawFish(_ glue.Entities, ps glue.View[Position], vs glue.View[Velocity], cs glue.View[Colour], d drawParams) {
	list, img := d.List.Get(), d.Art.Get().Fish
	for i := range ps.Len() {
		p, v, c := ps.At(i), vs.At(i), cs.At(i)
		s := fishSprite(img, &p, &v, &c)
		list.AddSprite(&s)
	}
}

// DrawPredator (Draw) draws the predator.
func DrawPredator(_ glue.Entity, p Position, v Velocity, d drawParams) {
	s := predatorSprite(d.Art.Get().Fish, &p, &v)
	d.List.Get().AddSprite(&s)
}

// DrawLoop (Draw, -model loop) draws the loop: each fish draws itself.
func DrawLoop(world glue.Res[Loop], dl glue.ResMut[render.DrawList], art glue.Res[Art]) {
	o, list, img := world.Get(), dl.Get(), art.Get().Fish
	for _, f := range o.Fish {
		f.Draw(list, img)
	}
	if o.Predator != nil {
		s := predatorSprite(img, &o.Predator.Pos, &o.Predator.Vel)
		list.AddSprite(&s)
	}
}

// DrawEC (Draw, -model ec) draws the EC: each fish's renderer draws it.
func DrawEC(world glue.Res[EC], dl glue.ResMut[render.DrawList], art glue.Res[Art]) {
	w, list, img := world.Get(), dl.Get(), art.Get().Fish
	for _, o := range w.Fish {
		o.Renderer.Draw(list, img)
	}
	if pr := w.Predator; pr != nil {
		s := predatorSprite(img, &pr.Pos, &pr.Components[0].(*PredatorMovementComponent).Vel)
		list.AddSprite(&s)
	}
}

// Draw adds the fish's sprite to list.
func (f *LoopFish) Draw(list *render.DrawList, img render.Image) {
	s := fishSprite(img, &f.Pos, &f.Vel, &f.Colour)
	list.AddSprite(&s)
}

// The game's input actions, after input's Primary, Pause and Restart.
const (
	// AddFish adds a batch of fish: Up, + or =.
	AddFish input.Action = 3 + iota
	// RemoveFish removes a batch: Down or -.
	RemoveFish
	// NextVariant switches to the next variant: V, Tab, or Primary
	// (Space, a click, a touch).
	NextVariant
)

// Batch is how many fish a key adds or removes.
const Batch = 1000

// MaxFish bounds the fish the keys can ask for.
const MaxFish = 2_000_000

// bindings are the game's key bindings.
func bindings() *input.Bindings {
	b := input.DefaultBindings()
	b.Unbind(input.Restart)
	b.SetName(AddFish, "Add fish")
	b.SetName(RemoveFish, "Remove fish")
	b.SetName(NextVariant, "Next variant")
	b.Bind(AddFish, input.Key(ebiten.KeyArrowUp), input.Key(ebiten.KeyEqual), input.Key(ebiten.KeyNumpadAdd))
	b.Bind(RemoveFish, input.Key(ebiten.KeyArrowDown), input.Key(ebiten.KeyMinus), input.Key(ebiten.KeyNumpadSubtract))
	b.Bind(NextVariant, input.Key(ebiten.KeyV), input.Key(ebiten.KeyTab))
	b.Up, b.Down = nil, nil // the arrows add and remove fish
	return &b
}

// Controls (Control) applies the keys: fish are added or removed in
// batches, the variant switches.
func Controls(st glue.Res[input.State], scene glue.ResMut[Scene]) {
	in, s := st.Get(), scene.Get()
	switch {
	case in.Pressed(AddFish):
		s.Fish = min(s.Fish+Batch, MaxFish)
	case in.Pressed(RemoveFish):
		s.Fish = max(s.Fish-Batch, 0)
	}
	if in.Pressed(NextVariant) || in.Pressed(input.Primary) {
		s.Variant = (s.Variant + 1) % variants
	}
}

// HUD marks the on-screen counter.
type HUD struct{ render.Label }

// hudHeight is the height of the counter's two lines at the top, in
// logical pixels, which the diagnostics panels leave free.
const hudHeight = 50

// SpawnHUD (startup) spawns the counter.
func SpawnHUD(cmds glue.Commands) {
	cmds.Spawn(HUD{render.Label{X: 8, Y: 8, UI: true, Layer: 2,
		Style: render.TextStyle{Size: 16, Color: hudColor}}})
}

// hudParams are what UpdateHUD reads.
type hudParams struct {
	Scene glue.Res[Scene]
	Fish  glue.Query1[Fish]
	Loop  glue.Opt[Loop]
	EC    glue.Opt[EC]
	Model glue.Res[Model]
	Note  glue.Opt[render.Notice]
	Every glue.Local[int]
}

// UpdateHUD (HUD) writes FPS, TPS, the entity count, the variant and the
// keys into the counter, twice a second.
func UpdateHUD(_ glue.Entity, h *HUD, p hudParams) {
	n := p.Every.Get()
	*n--
	if *n > 0 && h.Value != "" {
		return
	}
	*n = 30
	fish := p.Fish.Len()
	if o := p.Loop.Get(); o != nil {
		fish = len(o.Fish)
	}
	if w := p.EC.Get(); w != nil {
		fish = len(w.Fish)
	}
	keys := ""
	if *p.Model.Get() == ECS {
		keys = "  F5 save  F9 load"
	}
	if n := p.Note.Get(); n != nil && n.Text != "" {
		keys += "  " + n.Text
	}
	h.Value = fmt.Sprintf("FPS %.0f  TPS %.0f  fish %d + predator  variant %s  model %s\n↑/+ add %d  ↓/- remove %d  V next variant%s",
		ebiten.ActualFPS(), ebiten.ActualTPS(), fish, p.Scene.Get().Variant, *p.Model.Get(), Batch, Batch, keys)
}
