package physics_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// charSim is a headless platformer test: one character "hero" (a 12x14
// Rect) with gravity, steered by walk, among the scene's colliders.
type charSim struct {
	t       *testing.T
	app     *glue.App
	hero    glue.Entity
	walk    float64 // horizontal speed
	walkY   float64 // vertical speed, top-down
	drop    bool    // Character.Drop
	jump    bool    // next tick: jump
	gravity float64
	body    physics.Body
	char    physics.Character
	touch   []physics.Contact // the hero's contacts, as it sees them
}

const heroW, heroH = 12, 14

func newCharSim(t *testing.T, hero physics.Character, at physics.Vec, scene func(cmds glue.Commands)) *charSim {
	cs := &charSim{t: t, gravity: 900}
	cs.app = newApp(glue.Options{})
	cs.app.AddPlugins(physics.Plugin{Stage: phys})
	cs.app.AddStartup(glue.Func(func(cmds glue.Commands) {
		scene(cmds)
		cs.hero = cmds.Spawn(Name("hero"), physics.Body{Pos: at}, physics.Collider{Shape: physics.Rect(heroW, heroH)}, hero)
	}).Named("test.Scene"))
	cs.app.AddSystems(input, glue.Each2P(func(e glue.Entity, b *physics.Body, c *physics.Character, _ glue.Res[physics.Settings]) {
		if e != cs.hero { // other characters keep their velocity, with gravity
			b.Vel.Y += cs.gravity / 60
			return
		}
		b.Vel.X = cs.walk
		c.Drop = cs.drop
		if c.TopDown {
			b.Vel.Y = cs.walkY
		} else {
			b.Vel.Y += cs.gravity / 60
		}
		if cs.jump && c.OnFloor {
			b.Vel.Y = -300
		}
		cs.jump = false
	}).Named("test.Control"))
	cs.app.AddSystems(logic, glue.Func(func(p struct {
		Q glue.Query2[physics.Body, physics.Character]
		C glue.Res[physics.Contacts]
	}) {
		b, c, ok := p.Q.Get(cs.hero)
		if !ok {
			return
		}
		cs.body, cs.char = b, c
		cs.touch = cs.touch[:0]
		for x := range p.C.Get().Of(cs.hero) {
			cs.touch = append(cs.touch, x)
		}
	}).Named("test.Observe"))
	t.Cleanup(func() { cs.app.Close() })
	return cs
}

func (cs *charSim) tick(n int) {
	cs.t.Helper()
	for range n {
		if err := cs.app.Update(); err != nil {
			cs.t.Fatalf("Update: %v", err)
		}
	}
}

// tiles spawns a row of n static 16x16 tiles with top-left (x, y).
func tiles(cmds glue.Commands, x, y float64, n int) {
	for i := range n {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: x + 8 + 16*float64(i), Y: y + 8}},
			physics.Collider{Shape: physics.Rect(16, 16)}, physics.Static{})
	}
}

func platformer() physics.Character { return physics.Character{Snap: 4} }

func TestCharacterLandsAndRunsAcrossSeams(t *testing.T) {
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 50}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 40)
	})
	cs.tick(60)
	if !cs.char.OnFloor || cs.char.OnWall || cs.char.OnCeiling {
		t.Fatalf("after falling onto the floor: flags %+v", cs.char)
	}
	if cs.char.FloorNormal != (physics.Vec{X: 0, Y: -1}) || cs.char.Floor == 0 {
		t.Fatalf("floor normal %v, floor %v; want (0, -1) and a tile", cs.char.FloorNormal, cs.char.Floor)
	}
	if got := cs.body.Pos.Y + heroH/2; math.Abs(got-100) > 1e-3 {
		t.Fatalf("feet at y %v, want 100 (the tiles' top)", got)
	}
	if cs.body.Vel.Y != 0 {
		t.Fatalf("standing: vertical velocity %v, want 0", cs.body.Vel.Y)
	}
	cs.walk = 150
	x0 := cs.body.Pos.X
	for range 120 {
		cs.tick(1)
		if !cs.char.OnFloor || cs.char.OnWall {
			t.Fatalf("running at x %.2f: flags %+v; a seam between tiles caught the character", cs.body.Pos.X, cs.char)
		}
	}
	if got, want := cs.body.Pos.X-x0, 150.0*2; math.Abs(got-want) > 1e-6 {
		t.Fatalf("ran %v px in 2 s, want %v", got, want)
	}
	found := false
	for _, c := range cs.touch {
		if c.A == cs.hero && c.B == cs.char.Floor && c.Normal == (physics.Vec{X: 0, Y: -1}) {
			found = true
		}
	}
	if !found {
		t.Fatalf("contacts %+v do not include the floor %v with normal (0, -1)", cs.touch, cs.char.Floor)
	}
}

func TestCharacterWallAndCeiling(t *testing.T) {
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 10)
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 108, Y: 60}}, physics.Collider{Shape: physics.Rect(16, 80)}, physics.Static{}) // wall x 100..116
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 40, Y: 60}}, physics.Collider{Shape: physics.Rect(32, 16)}, physics.Static{})  // ceiling, bottom 68
	})
	cs.tick(5)
	cs.walk = 200
	cs.tick(40)
	if !cs.char.OnWall || cs.char.WallNormal != (physics.Vec{X: -1, Y: 0}) || !cs.char.OnFloor {
		t.Fatalf("against the wall: flags %+v, want OnWall with normal (-1, 0) and OnFloor", cs.char)
	}
	if got := cs.body.Pos.X + heroW/2; math.Abs(got-100) > 1e-3 {
		t.Fatalf("right side at x %v, want 100 (the wall)", got)
	}
	if cs.body.Vel.X != 0 {
		t.Fatalf("velocity into the wall %v, want 0", cs.body.Vel.X)
	}
	cs.walk = -200
	cs.tick(17) // back under the ceiling
	cs.walk = 0
	cs.jump = true
	hit := false
	for range 20 {
		cs.tick(1)
		if cs.char.OnCeiling {
			hit = true
			if top := cs.body.Pos.Y - heroH/2; math.Abs(top-68) > 1e-3 {
				t.Fatalf("head at y %v, want 68 (the ceiling's bottom)", top)
			}
			if cs.body.Vel.Y < 0 {
				t.Fatalf("still moving up (%v) after hitting the ceiling", cs.body.Vel.Y)
			}
		}
	}
	if !hit {
		t.Fatalf("jumping under a ceiling never set OnCeiling (hero at %v)", cs.body.Pos)
	}
}

func TestCharacterOneWayPlatform(t *testing.T) {
	var plat glue.Entity
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 10)
		plat = cmds.Spawn(physics.Body{Pos: physics.Vec{X: 40, Y: 62}}, physics.Collider{Shape: physics.Rect(48, 4)}, physics.Static{}, physics.OneWay{}) // top 60
	})
	cs.tick(5)
	cs.jump = true
	landed := false
	for range 60 {
		cs.tick(1)
		if cs.char.OnCeiling {
			t.Fatalf("the one-way platform stopped the jump from below at %v", cs.body.Pos)
		}
		if cs.char.OnFloor && cs.char.Floor == plat {
			landed = true
			break
		}
	}
	if !landed {
		t.Fatalf("never landed on the one-way platform; hero at %v", cs.body.Pos)
	}
	if feet := cs.body.Pos.Y + heroH/2; math.Abs(feet-60) > 1e-3 {
		t.Fatalf("feet at %v, want 60 (the platform's top)", feet)
	}
	cs.tick(30)
	if !cs.char.OnFloor || cs.char.Floor != plat {
		t.Fatalf("standing on the platform: %+v", cs.char)
	}
	// Drop through it.
	cs.drop = true
	cs.tick(30)
	if !cs.char.OnFloor || cs.char.Floor == plat {
		t.Fatalf("with Drop the hero should fall to the ground: %+v at %v", cs.char, cs.body.Pos)
	}
	// Walking off the side of a one-way platform's level is not blocked.
	if cs.char.OnWall {
		t.Fatal("a one-way platform acted as a wall")
	}
}

func TestCharacterCarriedByMovingPlatform(t *testing.T) {
	var plat glue.Entity
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 40}, func(cmds glue.Commands) {
		tiles(cmds, 0, 200, 20)
		// A kinematic platform (neither Static nor Bouncy), moving right.
		plat = cmds.Spawn(Name("platform"), physics.Body{Pos: physics.Vec{X: 40, Y: 62}, Vel: physics.Vec{X: 60, Y: -30}},
			physics.Collider{Shape: physics.Rect(48, 4)}, physics.OneWay{})
	})
	cs.tick(20)
	if !cs.char.OnFloor || cs.char.Floor != plat {
		t.Fatalf("not standing on the moving platform: %+v at %v", cs.char, cs.body.Pos)
	}
	x0, y0 := cs.body.Pos.X, cs.body.Pos.Y
	for range 60 {
		cs.tick(1)
		if !cs.char.OnFloor || cs.char.Floor != plat {
			t.Fatalf("fell off the moving platform: %+v at %v", cs.char, cs.body.Pos)
		}
	}
	if dx, dy := cs.body.Pos.X-x0, cs.body.Pos.Y-y0; math.Abs(dx-60) > 1e-6 || math.Abs(dy+30) > 1e-3 {
		t.Fatalf("carried by (%v, %v) in 1 s, want (60, -30) like the platform", dx, dy)
	}
}

func TestCharacterSlopes(t *testing.T) {
	// A 45° ramp rising to the right from x 100 to 164, on ground at y 100,
	// and a 70° one from x 300.
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 30)
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 100}}, physics.Collider{Shape: physics.Polygon(
			physics.Vec{X: 0, Y: 0}, physics.Vec{X: 64, Y: -64}, physics.Vec{X: 64, Y: 0})}, physics.Static{})
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 300, Y: 100}}, physics.Collider{Shape: physics.Polygon(
			physics.Vec{X: 0, Y: 0}, physics.Vec{X: 22, Y: -60}, physics.Vec{X: 22, Y: 0})}, physics.Static{})
	})
	cs.tick(5)
	cs.walk = 60
	for cs.body.Pos.X < 130 {
		cs.tick(1)
	}
	cs.tick(1)
	if !cs.char.OnFloor || cs.char.OnWall {
		t.Fatalf("walking up the 45° ramp: %+v", cs.char)
	}
	n := cs.char.FloorNormal
	if math.Abs(n.X+math.Sqrt2/2) > 1e-6 || math.Abs(n.Y+math.Sqrt2/2) > 1e-6 {
		t.Fatalf("floor normal on the ramp %v, want (-0.707, -0.707)", n)
	}
	if cs.body.Pos.Y > 80 {
		t.Fatalf("at x %v the hero is at y %v: it did not climb", cs.body.Pos.X, cs.body.Pos.Y)
	}
	// Standing still on the ramp: no sliding down.
	cs.walk = 0
	cs.tick(2)
	at := cs.body.Pos
	cs.tick(60)
	if d := cs.body.Pos.Sub(at).Len(); d > 1e-3 || !cs.char.OnFloor {
		t.Fatalf("standing on the ramp it moved %v px (on floor: %v)", d, cs.char.OnFloor)
	}
	// Down the other side (off the ramp's top onto the ground) and on to
	// the steep one, which is a wall.
	cs.walk = 120
	for range 240 {
		cs.tick(1)
	}
	if !cs.char.OnWall || cs.body.Pos.X > 300 {
		t.Fatalf("the 70° slope should be a wall: %+v at %v", cs.char, cs.body.Pos)
	}
}

func TestCharacterSteps(t *testing.T) {
	for _, c := range []struct {
		step  float64
		climb bool
	}{{6, true}, {12, false}} {
		hero := platformer()
		hero.StepHeight = 8
		cs := newCharSim(t, hero, physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
			tiles(cmds, 0, 100, 20)
			cmds.Spawn(physics.Body{Pos: physics.Vec{X: 140, Y: 100 - c.step/2}}, physics.Collider{Shape: physics.Rect(80, c.step)}, physics.Static{})
		})
		cs.tick(5)
		cs.walk = 100
		cs.tick(60)
		feet := cs.body.Pos.Y + heroH/2
		if c.climb && (math.Abs(feet-(100-c.step)) > 1e-3 || !cs.char.OnFloor || cs.body.Pos.X < 110) {
			t.Errorf("a %v px step with StepHeight 8: feet at %v, x %v, %+v; want it climbed", c.step, feet, cs.body.Pos.X, cs.char)
		}
		if !c.climb && (!cs.char.OnWall || cs.body.Pos.X+heroW/2 > 100+1e-3) {
			t.Errorf("a %v px step with StepHeight 8: at %v, %+v; want it blocked", c.step, cs.body.Pos, cs.char)
		}
	}
}

func TestCharacterTopDown(t *testing.T) {
	cs := newCharSim(t, physics.Character{TopDown: true}, physics.Vec{X: 40, Y: 40}, func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 108, Y: 100}}, physics.Collider{Shape: physics.Rect(16, 200)}, physics.Static{}) // wall x 100..116
		tiles(cmds, 0, 180, 10)                                                                                                      // a floor below: a wall too, top-down
	})
	cs.walk, cs.walkY = 120, 60
	cs.tick(60)
	if cs.char.OnFloor || cs.char.OnCeiling || !cs.char.OnWall || cs.char.WallNormal != (physics.Vec{X: -1, Y: 0}) {
		t.Fatalf("top-down against a wall: %+v", cs.char)
	}
	if cs.body.Pos.X+heroW/2 > 100+1e-3 {
		t.Fatalf("went into the wall: %v", cs.body.Pos)
	}
	if dy := cs.body.Pos.Y - 40; math.Abs(dy-60) > 1e-6 {
		t.Fatalf("slid %v px down along the wall in 1 s, want 60", dy)
	}
	cs.tick(120)
	if cs.char.OnFloor || !cs.char.OnWall || cs.char.WallNormal != (physics.Vec{X: 0, Y: -1}) && cs.char.WallNormal != (physics.Vec{X: -1, Y: 0}) {
		t.Fatalf("top-down in the corner: %+v", cs.char)
	}
	if feet := cs.body.Pos.Y + heroH/2; feet > 180+1e-3 {
		t.Fatalf("went into the bottom wall: %v", cs.body.Pos)
	}
}

func TestCharacterContactsForTheReader(t *testing.T) {
	var enemy, coin glue.Entity
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 10)
		// Spawned before the hero: lower entities, so the contact lists
		// record them as A.
		enemy = cmds.Spawn(physics.Body{Pos: physics.Vec{X: 50, Y: 92}}, physics.Collider{Shape: physics.Rect(12, 14)}, physics.Character{})
		coin = cmds.Spawn(physics.Body{Pos: physics.Vec{X: 36, Y: 92}}, physics.Collider{Shape: physics.Circle(4), Sensor: true}, physics.Static{})
	})
	for tick := range 30 {
		cs.tick(1)
		var sawEnemy, sawCoin bool
		for _, c := range cs.touch {
			if c.A != cs.hero {
				t.Fatalf("Contacts.Of(hero) gave a contact with A = %v", c.A)
			}
			switch c.B {
			case enemy:
				sawEnemy = true
				if c.Normal.X >= 0 {
					t.Fatalf("the enemy is right of the hero: normal %v should point left, towards the hero", c.Normal)
				}
			case coin:
				sawCoin = true
			}
		}
		if !sawEnemy || !sawCoin {
			t.Fatalf("tick %d: the hero still touches the enemy and the coin; Of listed %+v", tick, cs.touch)
		}
		if !glue.Resource[physics.Contacts](cs.app).Touching(enemy, cs.hero) {
			t.Fatalf("tick %d: Touching(enemy, hero) is false", tick)
		}
	}
	if cs.char.OnWall {
		t.Fatal("another character acted as a wall")
	}
}

func TestCharacterNeedsRect(t *testing.T) {
	app := newApp(glue.Options{})
	app.AddPlugins(physics.Plugin{Stage: phys})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{}, physics.Collider{Shape: physics.Circle(4)}, physics.Character{})
	}).Named("test.Spawn"))
	defer app.Close()
	var err error
	for range 2 {
		if err = app.Update(); err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "must be a physics.Rect") {
		t.Fatalf("a circle character: error %v, want one saying it must be a physics.Rect", err)
	}
}

// TestCharactersOverlapOncePerTick walks two characters through each
// other: while they overlap, the pair is listed once per tick, whichever
// moved first.
func TestCharactersOverlapOncePerTick(t *testing.T) {
	var other glue.Entity
	cs := newCharSim(t, platformer(), physics.Vec{X: 40, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 20)
		other = cmds.Spawn(physics.Body{Pos: physics.Vec{X: 120, Y: 92}, Vel: physics.Vec{X: -90}},
			physics.Collider{Shape: physics.Rect(12, 14)}, physics.Character{})
	})
	cs.walk = 90
	overlapping := 0
	for range 60 {
		cs.tick(1)
		n := 0
		for _, c := range glue.Resource[physics.Contacts](cs.app).List {
			if c.A == cs.hero && c.B == other || c.A == other && c.B == cs.hero {
				n++
			}
		}
		if n > 1 {
			t.Fatalf("the pair is listed %d times in one tick", n)
		}
		overlapping += n
	}
	// They cross at 180 px/s closing speed over 12 px of overlap either
	// side: about 8 ticks.
	if overlapping < 6 || overlapping > 10 {
		t.Fatalf("the two characters overlapped in %d ticks, want about 8", overlapping)
	}
}

// TestCharacterCarriedBySolidPlatform rides a solid platform, then a
// one-way one, that move right and up, then left and down, while walking
// on them, and is stopped by a wall it is carried into.
func TestCharacterCarriedBySolidPlatform(t *testing.T) {
	for i, vel := range []physics.Vec{{X: 60, Y: -40}, {X: -60, Y: 40}, {X: 60, Y: -40}, {X: -60, Y: 40}} {
		var plat glue.Entity
		cs := newCharSim(t, platformer(), physics.Vec{X: 200, Y: 80}, func(cmds glue.Commands) {
			plat = cmds.Spawn(Name("platform"), physics.Body{Pos: physics.Vec{X: 200, Y: 102}, Vel: vel},
				physics.Collider{Shape: physics.Rect(64, 8)})
			if i >= 2 { // the same, one-way
				cmds.Insert(plat, physics.OneWay{})
			}
		})
		cs.tick(15)
		if !cs.char.OnFloor || cs.char.Floor != plat {
			t.Fatalf("platform moving %v: not standing on it: %+v at %v", vel, cs.char, cs.body.Pos)
		}
		cs.walk = 10
		for range 60 {
			cs.tick(1)
			if !cs.char.OnFloor || cs.char.Floor != plat || cs.char.OnWall || cs.char.OnCeiling {
				t.Fatalf("platform moving %v: %+v at %v", vel, cs.char, cs.body.Pos)
			}
		}
	}
	// A wall in the way stops a carried character; the platform goes on
	// under it.
	cs := newCharSim(t, platformer(), physics.Vec{X: 200, Y: 80}, func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 200, Y: 102}, Vel: physics.Vec{X: 60}}, physics.Collider{Shape: physics.Rect(200, 8)})
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 238, Y: 60}}, physics.Collider{Shape: physics.Rect(16, 60)}, physics.Static{}) // x 230..246, down to y 90
	})
	cs.tick(60)
	if right := cs.body.Pos.X + heroW/2; math.Abs(right-230) > 1e-3 || !cs.char.OnWall || !cs.char.OnFloor {
		t.Fatalf("carried into a wall: right side at %v (want 230), %+v", right, cs.char)
	}
}

// TestCharacterStartingInsideASolid: a character that starts a tick inside
// a solid — a long floor spawned under it, a kinematic wall that moved
// into it — is pushed out the short way, not across the solid.
func TestCharacterStartingInsideASolid(t *testing.T) {
	// The hero's feet are 0.5 px inside a 400 px floor whose centre is far
	// to its right; it runs right.
	cs := newCharSim(t, platformer(), physics.Vec{X: 20, Y: 100 - heroH/2 + 0.5}, func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 200, Y: 108}}, physics.Collider{Shape: physics.Rect(400, 16)}, physics.Static{})
	})
	cs.walk = 60
	cs.tick(1)
	if feet := cs.body.Pos.Y + heroH/2; math.Abs(feet-100) > 1e-3 || cs.body.Pos.X < 20 || !cs.char.OnFloor {
		t.Fatalf("started inside the floor: now at %v, %+v; want on top of it at x > 20", cs.body.Pos, cs.char)
	}
	// A kinematic wall moving left into the standing hero pushes it left.
	cs = newCharSim(t, platformer(), physics.Vec{X: 100, Y: 92}, func(cmds glue.Commands) {
		tiles(cmds, 0, 100, 20)
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 120, Y: 80}, Vel: physics.Vec{X: -60}}, physics.Collider{Shape: physics.Rect(16, 40)})
	})
	cs.tick(30)
	if right := cs.body.Pos.X + heroW/2; right > 120-8-15+1 || !cs.char.OnFloor || !cs.char.OnWall {
		t.Fatalf("pushed by a moving wall: right side at %v, %+v; want left of the wall, still on the floor", right, cs.char)
	}
}
