package noop

import "github.com/gluekit/glue"

type Pos struct{ X, Y float64 }
type Vel struct{ X, Y float64 }

// Ship is a bundle: its fields are the components.
type Ship struct {
	Pos Pos
	Vel Vel
}

// Rock is only ever a component.
type Rock struct{ Size int }

type Phase int

func Spawns(cmds glue.Commands, e glue.Entity, q glue.Query1[Pos], ships []Ship) {
	glue.SpawnBundle(cmds, Ship{})
	glue.InsertBundle(cmds, e, Ship{})
	glue.SpawnBatch(cmds, 10, Ship{})
	glue.SpawnBatchOf(cmds, ships)
	s := Ship{Pos: Pos{1, 2}}
	glue.Spawn1(cmds, s)                  // want `glue.Spawn1 adds Ship as one component, but Ship is used as a bundle at bundles.go:20 \(its fields are the components\): one of the two is a mistake — here the entity gets a Ship and none of its fields, so queries for the fields never match it; to add the fields, use glue.SpawnBundle or glue.InsertBundle`
	glue.Spawn2(cmds, Rock{}, Ship{})     // want `glue.Spawn2 adds Ship as one component`
	glue.Insert1(cmds, e, s)              // want `glue.Insert1 adds Ship as one component`
	glue.SpawnIn1(cmds, Phase(1), s)      // want `glue.SpawnIn1 adds Ship as one component`
	glue.InsertAll(cmds, q, s)            // want `glue.InsertAll adds Ship as one component`
	cmds.Spawn(Rock{}, s)                 // want `cmds.Spawn adds Ship as one component`
	cmds.Insert(e, Ship{})                // want `cmds.Insert adds Ship as one component`
	cmds.Modify(e, nil, Pos{}, Ship{})    // want `cmds.Modify adds Ship as one component`
	glue.Spawn1(cmds, Rock{})             // a component: fine
	glue.SpawnIn1(cmds, Phase(1), Rock{}) // the state is no component
	cmds.Spawn(s.Pos, s.Vel)              // the bundle's fields: fine
	var parts []any
	cmds.Spawn(parts...) // not judged
}
