// Package input turns the keyboard, the mouse, touches and gamepads into
// a small per-tick [State] resource that game systems read: two
// direction axes, a pointer in logical coordinates and named actions,
// each down, pressed this tick or released this tick, with an analogue
// value.
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
// cursor and the touches are, the gamepads' buttons and sticks.
// [MapSystem] then maps Devices through the
// [Bindings] resource into the [State] resource, comparing with the
// previous tick to find what was pressed or released. Game systems read
// State from glue.Update on; one that runs in glue.PreUpdate itself orders
// itself .After(input.MapSystem).
//
// Every key press counts once at any frame rate. A key pressed and
// released within one tick is down for that tick. A key released and
// pressed again between two ticks (both events in one slow frame, as a
// quick second press at 4 frames a second), which Ebitengine reports as
// down at both ticks, is written up in Devices for one tick and down at
// the next, so that State sees its second press, one tick late.
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
// # Actions and bindings
//
// An [Action] is what the player means — jump, fire, pause — not which
// key: game systems ask [State.Down] (held), [State.Pressed] (went down
// this tick: "just pressed"), [State.Released] (went up this tick) and
// [State.Value] (how far: a stick's tilt, a trigger's pressure), and
// the [Bindings] resource says which [Source]s trigger each action: keys
// ([Key], or the Actions lists), mouse buttons
// ([Mouse]), touches ([Touch], or PointerActions for a left click or a
// touch) and the buttons and stick directions of gamepads in
// Ebitengine's standard layout ([PadButton], [PadAxis]). Sources push
// the axes too (LeftSources …). Actions have names for menus and
// settings files ([Bindings.SetName], [Bindings.Lookup]), and a system
// rebinds them while the game runs ([Bindings.Bind], [Bindings.Unbind],
// [Bindings.Rebind] through glue.ResMut[input.Bindings]); the new
// bindings are read from the next [MapSystem] run on.
//
// [DefaultBindings]: arrows, WASD, the D-pad and the left stick move
// (AxisX, AxisY); Space, Enter, a left click, a touch or the gamepad's
// bottom face button is [Primary] (launch, confirm); P, Escape or Start
// is [Pause]; R or Back is [Restart]. Games declare more actions, up to
// [MaxActions].
//
// # Directions pressed this tick
//
// The axes and the sticks are analogue; a grid cursor or a menu wants
// "pushed this tick" from them as actions have it. [State.DirPressed],
// [State.DirDown] and [State.DirReleased] give it for the axes' four
// [Direction]s (Left, Right, Up, Down: an arrow, WASD, the D-pad or the
// left stick), and [State.StickPressed], [State.StickDown] and
// [State.StickReleased] for each [Stick]. A direction goes down when
// its axis reaches [DirPressAt] (0.5) that way and up below
// [DirReleaseAt] (0.3), so a stick resting near the threshold does not
// press it again and again.
//
// # Consuming and taking
//
// A system that handles input before the game — a menu, in
// glue.PreUpdate after [MapSystem] — hides it from the systems after it:
// [State.Consume] hides an action until it is released,
// [State.ConsumeDir] a direction of the axes (they read 0 that way),
// [State.ConsumePointer] the pointer's button, and [State.TakePointer]
// the whole pointer for the tick (its moves too), as a modal menu does.
//
// # Touch controls
//
// On a phone there are no keys: [TouchControls] put a stick and buttons
// on the screen that act as the keys do. Give them to the plugin,
//
//	app.AddPlugins(input.Plugin{Touch: &input.TouchControls{
//		Stick:   input.TouchStick{X: 40, Y: 140, Radius: 24},
//		Buttons: []input.TouchButton{{Action: Jump, Label: "A", X: 285, Y: 145, Radius: 20}},
//	}})
//	app.AddSystems(glue.Draw, input.DrawTouchControls())
//
// and the stick pushes AxisX and AxisY (through the sources
// [TouchStickSource], with the dead zone of a gamepad's stick) and each
// button presses its action ([TouchButtonSource]) — game systems read
// [State] as before. Several fingers work at once. The [TouchSystem]
// (glue.PreUpdate, between [ReadDevicesSystem] and [MapSystem]) reads
// Devices.Touches into Devices.Screen, so tests and replays drive the
// controls by writing Touches. The controls show, and act, from the
// first touch on, and hide when a key or a gamepad button is pressed
// with no finger down ([TouchControls.Always] keeps them;
// [TouchControls.Off], set by a game while its menus are open, turns
// them off). Targets
// should be at least [MinTouchCSS] (44) CSS pixels across: a game's test
// calls [TouchControls.Check] with its smallest window.
//
// A control's X and Y are field coordinates unless its Anchor names a
// corner ([TouchBottomLeft], [TouchBottomRight], [TouchTopLeft],
// [TouchTopRight]); then they are distances inwards from that corner of
// the controls' area. On a phone held upright, with a render.Window that
// says GrowDown, the screen grows below the game's field, and the area is
// that space below it when it holds every corner-anchored control: the
// stick and buttons sit at the screen's bottom corners, off the game.
// Otherwise (a window as wide as the field or wider, or too little room
// below it) the area is the field and the controls are over the game, as
// without anchors. The [TouchSystem] arranges them every tick
// ([TouchControls.Arrange]); [TouchControls.StickAt] and
// [TouchControls.ButtonAt] say where they are, [TouchControls.JSON] says
// it to a page's state.
//
//	Stick: input.TouchStick{Anchor: input.TouchBottomLeft, X: 40, Y: 44, Radius: 24},
//	Buttons: []input.TouchButton{{Action: Jump, Label: "A", Anchor: input.TouchBottomRight, X: 36, Y: 40, Radius: 22}},
//
// # Coordinates
//
// Pointer positions are logical: if the app has a render.Viewport (the
// render plugin), cursor and touch positions are divided by its scale, so
// they match what draw systems draw in. On a screen grown below the field
// (render.Viewport.Below) a touch there has a y of the field's height or
// more.
package input
