package transform

import (
	"fmt"
	"reflect"

	"github.com/gluekit/glue"
)

// Names of the plugin's systems: the names glue gives their functions.
var (
	// RootsSystem sets the GlobalTransform of every entity without a
	// parent to its Transform. It reads Transform and writes
	// GlobalTransform; it may be split across workers.
	RootsSystem = glue.NewLabel("transform.propagateRoots")
	// ChildrenSystem computes the GlobalTransform of every entity with a
	// [ChildOf], parents before children, and despawns the children of
	// parents that no longer have a Transform. It reads Transform and
	// ChildOf and writes GlobalTransform. It runs after RootsSystem.
	ChildrenSystem = glue.NewLabel("transform.propagateChildren")
	// InsertSystem inserts a GlobalTransform, computed from the
	// Transforms of the entity and its ancestors, into every entity with
	// a Transform and none (and despawns it if an ancestor has no
	// Transform). It reads Transform and ChildOf.
	InsertSystem = glue.NewLabel("transform.insertGlobals")
	// OrphansSystem despawns the descendants of entities that lost their
	// Transform (were despawned) since it last ran. It reads Transform
	// and ChildOf. The plugin adds it to glue.First and glue.Last.
	OrphansSystem = glue.NewLabel("transform.despawnOrphans")
)

// propagateRoots (RootsSystem) computes the world pose of a root: its
// local pose.
func propagateRoots(_ glue.Entity, t Transform, g *GlobalTransform) {
	g.m = t.Affine()
}

// Stamps mark the GlobalTransforms a propagation run has visited: the
// run's number shifted left by two, and in the low bits what it found.
const (
	stampBusy   = 1 // on the stack of the current walk
	stampOrphan = 2 // an ancestor has no Transform
)

// entry is one entity on the walk from a child up to a computed ancestor.
type entry struct {
	e glue.Entity
	t Transform
	g *GlobalTransform // nil before InsertSystem gave the entity one
}

// propagation is ChildrenSystem's state between runs.
type propagation struct {
	run    uint64
	stack  []entry
	failed bool
	// last is the parent of the child computed last and its world map:
	// siblings are usually stored next to each other, and need no walk.
	last      glue.Entity
	lastWorld Affine
}

// propagateChildren (ChildrenSystem) computes the world pose of every
// child. For each child not yet computed in this run it walks up the
// ChildOf links to the first ancestor whose world pose is known — a root,
// computed by RootsSystem, or a child computed earlier in this run — and
// computes the poses on the way back down. Every child is computed once,
// whatever the storage order, and the walk allocates nothing once its
// stack has grown to the hierarchy's depth.
func propagateChildren(p struct {
	Children glue.Query3[Transform, *GlobalTransform, ChildOf]
	Links    glue.Query2[Transform, ChildOf]
	Roots    glue.Query1[Transform]
	Globals  glue.Query1[*GlobalTransform]
	State    glue.Local[propagation]
	Cmds     glue.Commands
}) {
	st := p.State.Get()
	st.run++
	cur := st.run << 2
	links, roots, globals, cmds := p.Links, p.Roots, p.Globals, p.Cmds
	st.last = 0
	p.Children.Each(func(e glue.Entity, t Transform, g *GlobalTransform, c ChildOf) {
		if g.stamp>>2 == st.run {
			return // computed (or found orphaned) on an earlier walk
		}
		if c.Parent == st.last && st.last != 0 {
			g.m, g.stamp = t.Affine().Then(st.lastWorld), cur
			return
		}
		stack := append(st.stack[:0], entry{e, t, g})
		g.stamp = cur | stampBusy
		parent := c.Parent
		var base Affine
		orphan, cycle := false, false
	walk:
		for {
			if pt, pc, ok := links.Get(parent); ok {
				pg, _ := globals.Get(parent)
				if pg != nil {
					switch pg.stamp {
					case cur:
						base = pg.m
						break walk
					case cur | stampOrphan:
						orphan = true
						break walk
					case cur | stampBusy:
						cycle = true
						break walk
					}
					pg.stamp = cur | stampBusy
				}
				stack = append(stack, entry{parent, pt, pg})
				if len(stack) > links.Len() {
					cycle = true // a loop through entities without GlobalTransform
					break
				}
				parent = pc.Parent
				continue
			}
			if pt, ok := roots.Get(parent); ok {
				if pg, ok := globals.Get(parent); ok {
					base = pg.m
				} else {
					base = pt.Affine()
				}
				break
			}
			orphan = true
			break
		}
		switch {
		case cycle:
			for _, x := range stack {
				if x.g != nil {
					x.g.stamp = cur | stampOrphan
				}
			}
			if !st.failed {
				st.failed = true
				cmds.Fail(fmt.Errorf("transform: the ChildOf links through %v form a cycle; an entity cannot be its own ancestor", e))
			}
		case orphan:
			for _, x := range stack {
				if x.g != nil {
					x.g.stamp = cur | stampOrphan
				}
				cmds.Despawn(x.e)
			}
		default:
			for i := len(stack) - 1; i >= 0; i-- {
				x := stack[i]
				if i == 0 {
					st.last, st.lastWorld = c.Parent, base
				}
				base = x.t.Affine().Then(base)
				if x.g != nil {
					x.g.m, x.g.stamp = base, cur
				}
			}
		}
		clear(stack)
		st.stack = stack[:0]
	})
}

// worldOf computes the world map of an entity with Transform t from the
// Transforms of its ancestors. orphan reports an ancestor without a
// Transform; a loop of links gives neither a map nor orphan (propagation
// reports it).
func worldOf(e glue.Entity, t Transform, links glue.Query2[Transform, ChildOf], roots glue.Query1[Transform]) (m Affine, ok, orphan bool) {
	m = t.Affine()
	for range links.Len() + 1 {
		_, c, linked := links.Get(e)
		if !linked {
			return m, true, false
		}
		pt, found := roots.Get(c.Parent)
		if !found {
			return m, false, true
		}
		m = m.Then(pt.Affine())
		e = c.Parent
	}
	return m, false, false
}

// insertGlobals (InsertSystem) gives an entity with a Transform and no
// GlobalTransform one, with its world pose as of now; an entity whose
// parent (or an ancestor) has no Transform is despawned instead.
func insertGlobals(e glue.Entity, t Transform, p struct {
	Links glue.Query2[Transform, ChildOf]
	Roots glue.Query1[Transform]
	Cmds  glue.Commands
}) {
	m, _, orphan := worldOf(e, t, p.Links, p.Roots)
	if orphan {
		p.Cmds.Despawn(e)
		return
	}
	p.Cmds.Insert(e, GlobalTransform{m: m})
}

// despawnOrphans (OrphansSystem) despawns, when some entity lost its
// Transform since the system last ran, every child with an ancestor
// without a Transform. When nothing lost a Transform it costs nothing
// but a look at the change list.
func despawnOrphans(p struct {
	Removed glue.Removed[Transform]
	Links   glue.Query2[Transform, ChildOf]
	Roots   glue.Query1[Transform]
	Cmds    glue.Commands
}) {
	if len(p.Removed.Entities()) == 0 {
		return
	}
	links, roots, cmds := p.Links, p.Roots, p.Cmds
	links.Each(func(e glue.Entity, t Transform, _ ChildOf) {
		if _, _, orphan := worldOf(e, t, links, roots); orphan {
			cmds.Despawn(e)
		}
	})
}

// Follow returns a system that copies the pose of component T — a
// physics.Body, a game's own — into the entity's Transform (X, Y and
// Rotation; scale is kept) every time it runs, so that the entity's
// children follow it. Add it to the transform stage after the system
// that moves T, and name it in [Plugin.After] so that propagation runs
// after it:
//
//	follow := transform.Follow[physics.Body]().After(physics.StepSystem)
//	app.AddSystems(glue.PostUpdate, follow)
//	app.AddPlugins(transform.Plugin{After: []glue.Target{follow}})
//
// It is named "transform.Follow[T]" ("transform.Follow[physics.Body]"),
// reads T and writes Transform, and may be split across workers. It
// moves roots only: a child's Transform is relative to its parent, so
// entities with a [ChildOf] are left to propagation.
//
// With physics.Plugin's Place, which moves bodies to their
// GlobalTransform, the two split the work: Follow moves the roots'
// Transforms to their bodies, Place moves the children's bodies to where
// the hierarchy takes them, and must be given the children only, or it
// holds every followed root at its pose of the previous tick:
//
//	physics.Plugin{Place: physics.Place[transform.GlobalTransform]().With(glue.TypeOf[transform.ChildOf]())}
func Follow[T any, PT interface {
	*T
	IPose
}]() *glue.System {
	return glue.Each2(func(_ glue.Entity, src T, t *Transform) {
		t.X, t.Y, t.Rotation = PT(&src).Pose()
	}).Without(glue.TypeOf[ChildOf]()).TypeArgs(reflect.TypeFor[T]())
}

// DespawnRecursive despawns e and every entity below it in the hierarchy
// by commands, so that all of them are gone when the current stage ends —
// not at the end of a later stage, as when e alone is despawned (see the
// package documentation). links is a query param of the calling system
// over ChildOf, read-only (glue.Query1[transform.ChildOf], not
// [*transform.ChildOf]), so that it does not count as writing ChildOf. It looks at every linked
// entity, walking up from each: use it for occasional despawns (a level,
// a ship with its turrets), not for thousands per tick. It allocates
// nothing.
func DespawnRecursive(cmds glue.Commands, links glue.Query1[ChildOf], e glue.Entity) {
	cmds.Despawn(e)
	limit := links.Len()
	links.Each(func(c glue.Entity, l ChildOf) {
		p := l.Parent
		for range limit {
			if p == e {
				cmds.Despawn(c)
				return
			}
			up, ok := links.Get(p)
			if !ok {
				return
			}
			p = up.Parent
		}
	})
}
