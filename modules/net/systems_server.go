//go:build !js

package net

// The server's systems (systems.go has the client's).

import (
	"reflect"

	"github.com/gluekit/glue"
)

// Send returns an entity system that sends component T of every entity it
// matches to the clients of the app's [Server]: the entities' network
// state is made of what the Send systems record. Like any entity system it
// is filtered with With and Without — typically a tag component picks the
// entities to send:
//
//	app.AddSystems(glue.PostUpdate,
//		net.Send[Pos]().With(glue.TypeOf[net.Replicated]()),
//		net.Send[Ball]())
//
// It records only on send ticks (every [ServerConfig.SendEvery] ticks) and
// only reads T, so it may run in parallel with systems that read T. It
// writes the [Server] resource. An entity matched by no Send system on a
// send tick is removed from the clients; a component it no longer has
// is removed from their copy. T must be registered in the server's
// registry: the system fails on its first send otherwise.
//
// Send systems may go in any update stage before glue.Last, where the
// [ServerPlugin] publishes what they recorded; the core stage
// glue.PostUpdate, after the game's rules, sends the tick's final state
// (order a Send system after a system of the same stage that writes T,
// with After). Its name is "net.Send[T]", e.g. "net.Send[main.Ball]".
func Send[T any]() *glue.System {
	return glue.Each1P(func(e glue.Entity, v *T, p struct {
		Server glue.ResMut[Server]
		Codec  glue.Local[codecOf[T]]
	}) {
		s := p.Server.Get().s
		if !s.collecting {
			return
		}
		cd, enc := p.Codec.Get().get(s.reg)
		record(s, s.id(e), cd, enc, v)
	}).TypeArgs(reflect.TypeFor[T]())
}

// SendResource returns a system that sends the app's resource of type T to
// the clients of its [Server], which insert it as a resource of their own
// app (and remove it when the server's app has none). It records on send
// ticks only. T must be registered in the server's registry. Add it to
// glue.PostUpdate, as [Send]. Its name is "net.SendResource[T]".
func SendResource[T any]() *glue.System {
	return glue.Func(func(p struct {
		Res    glue.Opt[T]
		Server glue.ResMut[Server]
		Codec  glue.Local[codecOf[T]]
	}) {
		s := p.Server.Get().s
		v := p.Res.Get()
		if !s.collecting || v == nil {
			return
		}
		cd, enc := p.Codec.Get().get(s.reg)
		record(s, resourceID(cd), cd, enc, v)
	}).TypeArgs(reflect.TypeFor[T]())
}

// listen is the server's startup system: it starts listening.
func listen(p struct {
	Server glue.ResMut[Server]
	Cmds   glue.Commands
}) {
	s := p.Server.Get().s
	if s.initErr != nil {
		p.Cmds.Fail(s.initErr)
		return
	}
	if err := s.start(); err != nil {
		p.Cmds.Fail(err)
	}
}

// beginTick is the server's first system of every tick (glue.PreUpdate).
// A tick that a rollback session runs again ([Rerunning]) is no tick of
// the server's: its clock does not advance, Send systems record nothing
// and nothing is published, so that watchers of a rollback host see each
// tick once, at the game's rate (issue #34).
func beginTick(p struct {
	Server  glue.ResMut[Server]
	Inputs  glue.ResMut[Inputs]
	Session glue.Opt[Session]
}) {
	s := p.Server.Get().s
	if s.rerun = rerunning(p.Session); s.rerun {
		s.collecting = false
		return
	}
	s.beginTick(p.Inputs.Get())
}

// publish is the server's last system of every tick (glue.Last).
func publish(srv glue.ResMut[Server]) {
	if s := srv.Get().s; !s.rerun {
		s.publish()
	}
}
