// Package input turns the keyboard, the mouse and touches into a small
// per-tick [State] resource that game systems read: a direction axis, a
// pointer in logical coordinates and a few actions, each down, pressed
// this tick or released this tick.
//
// # Registration
//
//	app.AddPlugins(input.Plugin{})
//
// and in a system:
//
//	func MovePaddle(_ glue.Entity, p *Paddle, in struct {
//		State glue.Res[input.State]
//		Time  glue.Res[timer.Time]
//	}) {
//		p.X += in.State.Get().AxisX * p.Speed * in.Time.Get().DeltaSeconds()
//		if in.State.Get().Pressed(input.Primary) { … launch the ball … }
//	}
//
//	app.AddSystems(glue.Update, glue.Each1P(MovePaddle))
//
// # Two steps: devices, then state
//
// Every tick, in the core stage glue.PreUpdate — after the clock advanced
// in glue.First and before the game's rules in glue.Update — two systems
// run, in this order. [ReadDevicesSystem] reads Ebitengine into the
// [Devices] resource: which keys and mouse buttons are down, where the
// cursor and the touches are. [MapSystem] then maps Devices through the
// [Bindings] resource into the [State] resource, comparing with the
// previous tick to find what was pressed or released. Game systems read
// State from glue.Update on; one that runs in glue.PreUpdate itself orders
// itself .After(input.MapSystem).
//
// The first step is the only one that touches Ebitengine. With
// Plugin{Headless: true} it is left out, and Devices changes only when a
// test or a headless driver writes it, between ticks:
//
//	glue.Resource[input.Devices](app).Keys[ebiten.KeyArrowLeft] = true
//	app.Update() // State.AxisX is now -1
//
// so game logic that reads State is tested without a window.
//
// # Default bindings
//
// [DefaultBindings]: arrows and WASD move (AxisX, AxisY); Space, Enter, a
// left click or a touch is [Primary] (launch, confirm); P and Escape are
// [Pause]; R is [Restart]. Games may bind more actions, up to
// [MaxActions], and change the Bindings resource while running.
//
// # Coordinates
//
// Pointer positions are logical: if the app has a render.Viewport (the
// render plugin), cursor and touch positions are divided by its scale, so
// they match what draw systems draw in.
package input
