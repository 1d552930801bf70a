package ldtk

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
)

// Plugin loads an LDtk project when the app is built, spawns the
// collision and entities of one level at startup, draws it, switches
// levels when the game asks ([Levels.Switch]) and, with Watch, reloads
// the project when its file changes. It needs render.Plugin; its
// colliders need physics.Plugin.
type Plugin struct {
	// FS and Path are the project's file system and path: an embed.FS
	// for a game that ships its levels, os.DirFS(dir) to reload them
	// while editing.
	FS   fs.FS
	Path string
	// Level is the identifier of the level played first; the default
	// ("") is the project's first level.
	Level string
	// Spawn holds the game's spawn function for each entity identifier —
	// the same functions as tiled.Plugin.Spawn, handed the entity as a
	// tiled.Object whose Class is its identifier, whose rectangle is its
	// own (its pivot taken off) and whose Props are its fields. An
	// entity without a function is an error at Build naming it.
	Spawn map[string]tiled.SpawnFunc
	// Collision says which IntGrid values are colliders (see
	// [Options.Collision]); the default (nil) makes every non-zero value
	// solid.
	Collision map[string]map[int]tiled.CellCollision
	// Watch polls the project file's modification time twice a second
	// and reloads it when it changes: the level in play is despawned and
	// spawned again (with tiled.Object.Reload set). A file system
	// without modification times (an embed.FS, the browser) never
	// reloads.
	Watch bool
}

// Levels is the resource holding the project and the level in play.
type Levels struct {
	// Project is the project loaded last.
	Project *Project
	// Level is the level in play.
	Level *Level
	// Loads counts the project's loads: 1 after Build, one more per
	// reload.
	Loads int
	// Err is the error of the last failed reload (the old project is
	// kept); nil once a reload succeeds.
	Err error

	file      tiled.FileWatch
	spawn     map[string]tiled.SpawnFunc
	collision map[string]map[int]tiled.CellCollision
	watch     bool
	next      *Level // Switch was called
	again     bool   // Respawn was called
}

// ProvidedBy returns "ldtk.Plugin".
func (Levels) ProvidedBy() string { return "ldtk.Plugin" }

// Switch makes the level with the given identifier the level in play at
// the start of the next tick: the entities spawned from the current
// level are despawned (those of tiled.FromMap) and the new level's
// collision and entities spawned, in one step. An unknown identifier is
// an error naming the project's levels.
func (lv *Levels) Switch(identifier string) error {
	l := lv.Project.Level(identifier)
	if l == nil {
		return fmt.Errorf("ldtk: %s: %w %q; the project has %s", lv.Project.File, errNoLevel, identifier, lv.Project.names())
	}
	lv.next = l
	return nil
}

// Respawn despawns the entities spawned from the level in play and
// spawns them again at the start of the next tick, with
// tiled.Object.Reload set.
func (lv *Levels) Respawn() { lv.again = true }

// String describes the levels for diagnostics.
func (lv Levels) String() string {
	if lv.Project == nil || lv.Level == nil {
		return "no project"
	}
	return fmt.Sprintf("%s: level %q (%gx%g px), loaded %d times", lv.Project.File, lv.Level.Identifier, lv.Level.Width, lv.Level.Height, lv.Loads)
}

// Labels of the plugin's systems, for ordering a game's systems with
// glue.System.After.
var (
	// SpawnSystem (a startup system) spawns the first level's collision
	// and entities.
	SpawnSystem = glue.NewLabel("ldtk.spawnLevel")
	// WatchSystem switches levels ([Levels.Switch]), respawns them
	// ([Levels.Respawn]) and reloads the project when its file changes,
	// in glue.First.
	WatchSystem = glue.NewLabel("ldtk.watch")
	// DrawSystem adds the visible tiles of the level in play to the draw
	// list, in glue.Draw.
	DrawSystem = glue.NewLabel("ldtk.draw")
)

// Build loads the project (an error names the file) and adds the
// systems.
func (p Plugin) Build(app *glue.App) {
	if p.FS == nil || p.Path == "" {
		app.AddError(errors.New("ldtk: Plugin needs FS and Path; set them to the project's file system and path (ldtk.Plugin{FS: levels.FS, Path: \"world.ldtk\"})"))
		return
	}
	pr, err := Load(p.FS, p.Path, &Options{Collision: p.Collision})
	if err != nil {
		app.AddError(err)
		return
	}
	first, err := pick(pr, p.Level)
	if err == nil {
		err = checkSpawns(pr, p.Spawn)
	}
	if err != nil {
		app.AddError(err)
		return
	}
	lv := Levels{Project: pr, Level: first, Loads: 1, file: tiled.NewFileWatch(p.FS, p.Path), spawn: p.Spawn, collision: p.Collision, watch: p.Watch}
	app.InsertResource(lv)
	app.AddStartup(glue.Func(spawnLevel).In(SpawnSystem))
	app.AddSystems(glue.First, glue.Func(watch).In(WatchSystem))
	app.AddSystems(glue.Draw, glue.Func(draw).In(DrawSystem))
}

// pick returns the level named identifier, or the first.
func pick(pr *Project, identifier string) (*Level, error) {
	if identifier == "" {
		return pr.Levels[0], nil
	}
	if l := pr.Level(identifier); l != nil {
		return l, nil
	}
	return nil, fmt.Errorf("ldtk: %s: ldtk.Plugin.Level is %q, but the project has %s", pr.File, identifier, pr.names())
}

// checkSpawns reports the entity identifiers without a spawn function,
// each once, with the levels that hold them.
func checkSpawns(pr *Project, spawn map[string]tiled.SpawnFunc) error {
	missing := map[string][]string{}
	var order []string
	for _, l := range pr.Levels {
		for i := range l.entities {
			id := l.entities[i].Class
			if spawn[id] != nil {
				continue
			}
			if _, ok := missing[id]; !ok {
				order = append(order, id)
			}
			if ls := missing[id]; len(ls) == 0 || ls[len(ls)-1] != l.Identifier {
				missing[id] = append(ls, l.Identifier)
			}
		}
	}
	have := make([]string, 0, len(spawn))
	for k, f := range spawn {
		if f != nil {
			have = append(have, k)
		}
	}
	slices.Sort(have)
	has := "it has none"
	if len(have) > 0 {
		has = "it has " + strings.Join(have, ", ")
	}
	var errs []error
	for _, id := range order {
		errs = append(errs, fmt.Errorf("ldtk: %s: entity %q (in levels %s) has no spawn function; add one to ldtk.Plugin.Spawn (%s)",
			pr.File, id, strings.Join(missing[id], ", "), has))
	}
	return errors.Join(errs...)
}

// spawnLevel (SpawnSystem) spawns the first level's collision and
// entities.
func spawnLevel(p struct {
	Levels glue.ResMut[Levels]
	Cmds   glue.Commands
}) {
	spawn(p.Levels.Get(), p.Cmds, false)
}

func spawn(lv *Levels, cmds glue.Commands, reload bool) {
	for _, s := range lv.Level.solids {
		s.Spawn(cmds)
	}
	for i := range lv.Level.entities {
		o := lv.Level.entities[i]
		o.Reload = reload
		f := lv.spawn[o.Class]
		if f == nil {
			continue
		}
		if err := f(cmds, &o); err != nil {
			if !strings.Contains(err.Error(), lv.Project.File) {
				err = o.Err("%w", err)
			}
			cmds.Fail(err)
		}
	}
}

// watch (WatchSystem) switches, respawns and reloads.
func watch(p struct {
	Levels  glue.ResMut[Levels]
	Spawned glue.Query1[tiled.FromMap]
	Cmds    glue.Commands
}) {
	lv := p.Levels.Get()
	switch {
	case lv.next != nil:
		lv.Level, lv.next, lv.again = lv.next, nil, false
		respawn(lv, p.Spawned, p.Cmds, false)
		return
	case lv.again:
		lv.again = false
		respawn(lv, p.Spawned, p.Cmds, true)
		return
	}
	if !lv.watch || !lv.file.Changed() {
		return
	}
	pr, err := Load(lv.file.FS, lv.file.Path, &Options{Collision: lv.collision})
	var l *Level
	if err == nil {
		err = checkSpawns(pr, lv.spawn)
	}
	if err == nil {
		// The same level if it is still there, else the first.
		if l = pr.Level(lv.Level.Identifier); l == nil {
			l = pr.Levels[0]
		}
	}
	if err != nil {
		// A half-saved or broken file: keep playing the old project.
		lv.Err = err
		log.Printf("%v (the project was not reloaded)", err)
		return
	}
	lv.Project, lv.Level, lv.Err = pr, l, nil
	lv.Loads++
	respawn(lv, p.Spawned, p.Cmds, true)
}

// respawn despawns the entities spawned from a map and spawns the level
// in play, in one step.
func respawn(lv *Levels, spawned glue.Query1[tiled.FromMap], cmds glue.Commands, reload bool) {
	spawned.Each(func(e glue.Entity, _ tiled.FromMap) { cmds.Despawn(e) })
	spawn(lv, cmds, reload)
}

// draw (DrawSystem) adds the level in play's visible tiles to the draw
// list.
func draw(p struct {
	Levels glue.Res[Levels]
	Camera glue.Res[render.Camera]
	List   glue.ResMut[render.DrawList]
}) {
	p.Levels.Get().Level.Draw(p.List.Get(), p.Camera.Get())
}
