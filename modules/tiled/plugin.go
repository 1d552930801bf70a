package tiled

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// SpawnFunc spawns the entities of one map object, through
// [Object.Spawn] so that a reload despawns them. An error (make it with
// [Object.Err]) fails the app.
type SpawnFunc func(cmds glue.Commands, o *Object) error

// Plugin loads a Tiled map when the app is built, spawns its collision
// and objects at startup, animates and draws its layers, and, with Watch,
// reloads it when its file changes. It needs render.Plugin and
// timer.Plugin; its colliders need physics.Plugin.
type Plugin struct {
	// FS and Path are the map's file system and path: an embed.FS for a
	// game that ships its level, os.DirFS(dir) to reload it while
	// editing.
	FS   fs.FS
	Path string
	// Spawn holds the game's spawn function for each object class. An
	// object of class "solid" or "oneway" is collision; any other class
	// without a function is an error at Build naming the file and the
	// object. Objects without a class are spawned by Spawn[""] if set.
	Spawn map[string]SpawnFunc
	// Zstd decompresses zstd-compressed layers: set it to
	// tiledzstd.Decompress for maps saved with zstd. The default (nil)
	// keeps the decoder out of the game (about 0.6 MB of a WebAssembly
	// file); a zstd layer is then a Build error that says to set it.
	Zstd func(src []byte) ([]byte, error)
	// IgnoreUnclassed skips the objects that have no class (and no
	// Spawn[""] function) instead of failing the Build: maps often hold
	// markers and notes for the level designer. The default (false)
	// lists them all in one error.
	IgnoreUnclassed bool
	// Watch polls the map file's modification time twice a second and
	// reloads the map when it changes: the entities spawned from it are
	// despawned and spawned again (with [Object.Reload] set), the
	// layers redrawn. A file system without modification times (an
	// embed.FS, the browser) never reloads.
	Watch bool
	// CameraBounds keeps render.Camera's Bounds on the map's rectangle
	// ([Map.Bounds]), so that the view never shows past the map's
	// edges: they are set in glue.First, after WatchSystem, every tick,
	// so a reloaded map of another size bounds the camera at once. The
	// default (false) leaves the Bounds to the game.
	CameraBounds bool
}

// Level is the resource holding the current map.
type Level struct {
	// Map is the map loaded last.
	Map *Map
	// Loads counts the loads: 1 after Build, one more per reload.
	Loads int
	// Err is the error of the last failed reload (the old map is kept);
	// nil once a reload succeeds.
	Err error

	file   FileWatch
	spawn  map[string]SpawnFunc
	ignore bool                              // IgnoreUnclassed
	load   func(fs.FS, string) (*Map, error) // the plugin's reader
	watch  bool
	clock  float64
	again  bool // Respawn was called
}

// Respawn despawns the entities spawned from the map and spawns them
// again at the start of the next tick, with [Object.Reload] set: a restart after a
// game over, or a quick load that puts back what the save says.
func (lv *Level) Respawn() { lv.again = true }

// Bounds returns the map's rectangle, for render.Camera.Bounds.
func (m *Map) Bounds() render.Rect {
	return render.Rect{MinX: m.MinX, MinY: m.MinY, MaxX: m.MinX + m.Width, MaxY: m.MinY + m.Height}
}

// ProvidedBy returns "tiled.Plugin".
func (Level) ProvidedBy() string { return "tiled.Plugin" }

// Labels of the plugin's systems, for ordering a game's systems with
// glue.System.After.
var (
	// SpawnSystem (a startup system) spawns the map's collision and
	// objects. Startup systems are ordered by glue.System.Priority, not
	// After; the label names it in App.Describe.
	SpawnSystem = glue.NewLabel("tiled.spawnLevel")
	// WatchSystem reloads the map when its file changes and respawns it
	// on [Level.Respawn], in glue.First.
	WatchSystem = glue.NewLabel("tiled.watch")
	// AnimateSystem advances the animated tiles by the game clock, in
	// glue.Update.
	AnimateSystem = glue.NewLabel("tiled.animate")
	// DrawSystem adds the visible tiles and image layers to the draw
	// list, in glue.Draw.
	DrawSystem = glue.NewLabel("tiled.draw")
)

// Build loads the map (an error names the file) and adds the systems.
func (p Plugin) Build(app *glue.App) {
	zstd := p.Zstd
	p.build(app, "tiled.Plugin", func(fsys fs.FS, file string) (*Map, error) {
		return LoadWith(fsys, file, &LoadOptions{Zstd: zstd})
	})
}

// build loads the map with load and adds the systems: Plugin's and
// Baked's Build, each with its own reader, so that a game links only the
// one it uses.
func (p Plugin) build(app *glue.App, name string, load func(fs.FS, string) (*Map, error)) {
	if p.FS == nil || p.Path == "" {
		app.AddError(fmt.Errorf("tiled: %s needs FS and Path; set them to the map's file system and path (%s{FS: level.FS, Path: \"level.tmx\"})", name, name))
		return
	}
	m, err := load(p.FS, p.Path)
	if err != nil {
		app.AddError(err)
		return
	}
	if err := checkSpawns(m, p.Spawn, p.IgnoreUnclassed); err != nil {
		app.AddError(err)
		return
	}
	lv := Level{Map: m, Loads: 1, file: NewFileWatch(p.FS, p.Path), spawn: p.Spawn, watch: p.Watch, ignore: p.IgnoreUnclassed, load: load}
	app.InsertResource(lv)
	app.AddStartup(glue.Func(spawnLevel).In(SpawnSystem))
	app.AddSystems(glue.First, glue.Func(watch).In(WatchSystem))
	if p.CameraBounds {
		app.AddSystems(glue.First, glue.Func2(boundCamera).After(WatchSystem))
	}
	app.AddSystems(glue.Update, glue.Func(animate).In(AnimateSystem))
	app.AddSystems(glue.Draw, glue.Func(draw).In(DrawSystem))
}

// checkSpawns reports objects whose class has no spawn function: those
// without a class all in one error (unless ignored), the others one by
// one.
func checkSpawns(m *Map, spawn map[string]SpawnFunc, ignoreUnclassed bool) error {
	var errs []error
	var unclassed []string
	for i := range m.objects {
		o := &m.objects[i]
		if spawn[o.Class] != nil {
			continue
		}
		if o.Class == "" {
			if !ignoreUnclassed {
				unclassed = append(unclassed, o.Props.where)
			}
			continue
		}
		have := make([]string, 0, len(spawn))
		for k := range spawn {
			have = append(have, k)
		}
		slices.Sort(have)
		errs = append(errs, o.Err("no spawn function for this class; add one to tiled.Plugin.Spawn (it has %s), or make the object's class \"solid\" or \"oneway\" for collision", strings.Join(have, ", ")))
	}
	if len(unclassed) > 0 {
		errs = append([]error{fmt.Errorf("tiled: %s: %d objects have no class: %s; give each a class in Tiled and tiled.Plugin.Spawn a function for it, or set tiled.Plugin.IgnoreUnclassed to skip them (or Spawn[\"\"] to spawn them)",
			m.File, len(unclassed), strings.Join(unclassed, ", "))}, errs...)
	}
	return errors.Join(errs...)
}

// spawnLevel (SpawnSystem) spawns the map's collision and objects.
func spawnLevel(p struct {
	Level glue.ResMut[Level]
	Cmds  glue.Commands
}) {
	lv := p.Level.Get()
	spawnMap(lv, p.Cmds, false)
}

func spawnMap(lv *Level, cmds glue.Commands, reload bool) {
	for _, s := range lv.Map.solids {
		s.Spawn(cmds)
	}
	for i := range lv.Map.objects {
		o := lv.Map.objects[i]
		o.Reload = reload
		if lv.spawn[o.Class] == nil {
			continue // an unclassed object, ignored (checkSpawns let it through)
		}
		if err := lv.spawn[o.Class](cmds, &o); err != nil {
			if !strings.Contains(err.Error(), lv.Map.File) {
				err = o.Err("%w", err) // name the file and the object
			}
			cmds.Fail(err)
		}
	}
}

// watch (glue.First) reloads the map when its file changed.
func watch(p struct {
	Level   glue.ResMut[Level]
	Spawned glue.Query1[FromMap]
	Cmds    glue.Commands
}) {
	lv := p.Level.Get()
	if lv.again {
		lv.again = false
		respawn(lv, p.Spawned, p.Cmds)
		return
	}
	if !lv.watch || !lv.file.Changed() {
		return
	}
	m, err := lv.load(lv.file.FS, lv.file.Path)
	if err == nil {
		err = checkSpawns(m, lv.spawn, lv.ignore)
	}
	if err != nil {
		// A half-saved or broken file: keep playing the old map.
		lv.Err = err
		log.Printf("%v (the map was not reloaded)", err)
		return
	}
	lv.Map, lv.Err = m, nil
	lv.Loads++
	respawn(lv, p.Spawned, p.Cmds)
}

// respawn despawns the entities spawned from the map and spawns the map
// again, in one step: the commands are applied together, so no tick sees
// the level without its floor.
func respawn(lv *Level, spawned glue.Query1[FromMap], cmds glue.Commands) {
	spawned.Each(func(e glue.Entity, _ FromMap) { cmds.Despawn(e) })
	spawnMap(lv, cmds, true)
}

// boundCamera (glue.First, with Plugin.CameraBounds) sets the camera's
// Bounds to the map's rectangle.
func boundCamera(level glue.Res[Level], camera glue.ResMut[render.Camera]) {
	camera.Get().Bounds = level.Get().Map.Bounds()
}

// animate (glue.Update) advances the animated tiles by the game clock.
func animate(p struct {
	Level glue.ResMut[Level]
	Time  glue.Res[timer.Time]
}) {
	lv := p.Level.Get()
	lv.clock += p.Time.Get().DeltaSeconds()
	lv.Map.Animate(lv.clock)
}

// draw (glue.Draw) adds the visible tiles and image layers to the draw
// list.
func draw(p struct {
	Level  glue.Res[Level]
	Camera glue.Res[render.Camera]
	List   glue.ResMut[render.DrawList]
}) {
	p.Level.Get().Map.Draw(p.List.Get(), p.Camera.Get())
}

// Draw adds the map's image layers and the tiles of its tile layers that
// the camera shows to list: each layer on its render layer (its order in
// the file, image layers first, or its int property "layer"), shifted by
// its parallax factor. Only the cells inside the view are visited, so a
// frame costs the same on a map of any size; tiles of one tileset image
// are on one atlas page and drawn in one draw call. The camera's rotation
// is not taken into account when culling.
func (m *Map) Draw(list *render.DrawList, cam *render.Camera) {
	v := cam.View()
	cx, cy := (v.MinX+v.MaxX)/2, (v.MinY+v.MaxY)/2
	hw, hh := (v.MaxX-v.MinX)/2, (v.MaxY-v.MinY)/2
	// Parallax moves a layer by the view center's distance from the
	// parallax origin, times 1 - its factor.
	px, py := cx-m.ParallaxOrigin.X, cy-m.ParallaxOrigin.Y
	for i := range m.images {
		il := &m.images[i]
		x, y := il.offset.X+px*(1-il.parallax.X), il.offset.Y+py*(1-il.parallax.Y)
		// A repeated image is drawn as many times as the view needs,
		// from the copy at or before its left (top) edge.
		w, h := il.img.Size()
		i0, i1, j0, j1 := 0, 0, 0, 0
		if il.repeatX && w > 0 {
			i0 = int(math.Floor((cx - hw - x) / float64(w)))
			i1 = int(math.Floor((cx + hw - x) / float64(w)))
		}
		if il.repeatY && h > 0 {
			j0 = int(math.Floor((cy - hh - y) / float64(h)))
			j1 = int(math.Floor((cy + hh - y) / float64(h)))
		}
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				s := render.Sprite{Image: il.img, X: x + float64(i*w), Y: y + float64(j*h), Layer: il.layer, Tint: il.tint}
				list.AddSprite(&s)
			}
		}
	}
	tw, th := float64(m.TileW), float64(m.TileH)
	for i := range m.layers {
		l := &m.layers[i]
		// The layer's cell (0, 0) is at (sx, sy).
		sx := l.offset.X + px*(1-l.parallax.X) + float64(l.x0)*tw
		sy := l.offset.Y + py*(1-l.parallax.Y) + float64(l.y0)*th
		// Tiles larger than a cell stick out up and to the right; tile
		// offsets move them up to pad cells either way.
		c0 := max(int(math.Floor((cx-hw-sx)/tw))-(l.maxW-1)/m.TileW-l.pad, 0)
		c1 := min(int(math.Floor((cx+hw-sx)/tw))+l.pad, l.w-1)
		r0 := max(int(math.Floor((cy-hh-sy)/th))-l.pad, 0)
		r1 := min(int(math.Floor((cy+hh-sy)/th))+(l.maxH-1)/m.TileH+l.pad, l.h-1)
		for r := r0; r <= r1; r++ {
			row := l.cells[r*l.w : (r+1)*l.w]
			for c := c0; c <= c1; c++ {
				gid := row[c]
				if gid == 0 {
					continue
				}
				cl := &m.tiles[gid&^flips]
				img, opaque := cl.img, cl.opaque
				if cl.anim > 0 {
					a := &m.anims[cl.anim-1]
					img, opaque = a.cur, a.curOpaque
				}
				tint := l.tint
				if opaque {
					tint = l.solid
				}
				iw, ih := img.Size()
				s := render.Sprite{Image: img, X: float64(c)*tw + sx + float64(cl.dx), Y: float64(r+1)*th - float64(ih) + sy + float64(cl.dy), Layer: l.layer, Tint: tint}
				if f := flipsOf(gid); f != 0 {
					flip(&s, f, iw, ih)
				}
				list.AddSprite(&s)
			}
		}
	}
}

// flip applies Tiled's flips to the sprite of a w×h tile drawn with its
// top-left corner at (s.X, s.Y): diagonal first, then horizontal, then
// vertical. A diagonal flip is a quarter turn with the image mirrored;
// the turned tile is h wide and w tall, and, as Tiled draws it, keeps
// the bottom-left corner of the unturned one (tiles are anchored at the
// bottom left of their cell). Its center is therefore h/2 right of that
// corner and w/2 above it: for a square tile, the unturned tile's center.
func flip(s *render.Sprite, f uint8, w, h int) {
	if f&flipD == 0 {
		s.FlipX, s.FlipY = f&flipH != 0, f&flipV != 0
		return
	}
	s.X += float64(h) / 2
	s.Y += float64(h) - float64(w)/2
	s.OriginX, s.OriginY = 0.5, 0.5
	s.Rotation = math.Pi / 2
	s.FlipX, s.FlipY = f&flipV != 0, f&flipH == 0
}

// String describes the level for diagnostics.
func (lv Level) String() string {
	if lv.Map == nil {
		return "no map"
	}
	return fmt.Sprintf("%s (%gx%g px, loaded %d times)", lv.Map.File, lv.Map.Width, lv.Map.Height, lv.Loads)
}

// FileWatch polls a file's modification time, for hot reload: the
// plugins of modules/tiled and modules/ldtk reload their file when
// [FileWatch.Changed] says so.
type FileWatch struct {
	// FS and Path are the file's file system and path.
	FS   fs.FS
	Path string

	mod   time.Time
	ticks int
}

// NewFileWatch returns a watch of the file at path in fsys, which has
// not changed yet.
func NewFileWatch(fsys fs.FS, path string) FileWatch {
	w := FileWatch{FS: fsys, Path: path}
	if st, err := fs.Stat(fsys, path); err == nil {
		w.mod = st.ModTime()
	}
	return w
}

// Changed reports, once, that the file's modification time changed. It
// asks the file system every 30th call (twice a second, called once a
// tick at 60 ticks a second). A file system without modification times
// (an embed.FS, the browser) never changes.
func (w *FileWatch) Changed() bool {
	if w.ticks++; w.ticks%30 != 0 {
		return false
	}
	st, err := fs.Stat(w.FS, w.Path)
	if err != nil || st.ModTime().IsZero() || st.ModTime().Equal(w.mod) {
		return false
	}
	w.mod = st.ModTime()
	return true
}
