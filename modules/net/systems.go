package net

import (
	"bytes"
	"reflect"

	"github.com/gluekit/glue"
)

const modulePath = "github.com/gluekit/glue/modules/net"

func typeName[T any]() string { return reflect.TypeFor[T]().String() }

// Send returns an entity system that sends component T of every entity it
// matches to the clients of the app's [Server]: the entities' network
// state is made of what the Send systems record. Like any entity system it
// is filtered with With and Without — typically a tag component picks the
// entities to send:
//
//	app.AddSystems(net.SendStage,
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
// Send systems may go in any stage; [SendStage], after the game's stages,
// sends the tick's final state.
func Send[T any]() *glue.System {
	name := typeName[T]()
	var cd *codec
	var enc func(*T, *Writer)
	return glue.Each1P1(func(e glue.Entity, v *T, srv glue.ResMut[Server]) {
		s := srv.Get().s
		if !s.collecting {
			return
		}
		if enc == nil {
			var err error
			if cd, enc, err = lookup[T](s.reg); err != nil {
				panic(err)
			}
		}
		record(s, s.id(e), cd, enc, v)
	}).ReadOnly(glue.TypeOf[T]()).Named("net.Send[" + name + "]").FromModule(modulePath)
}

// SendResource returns a system that sends the app's resource of type T to
// the clients of its [Server], which insert it as a resource of their own
// app (and remove it when the server's app has none). It records on send
// ticks only. T must be registered in the server's registry.
func SendResource[T any]() *glue.System {
	name := typeName[T]()
	var cd *codec
	var enc func(*T, *Writer)
	return glue.System2(func(res glue.Opt[T], srv glue.ResMut[Server]) {
		s := srv.Get().s
		v := res.Get()
		if !s.collecting || v == nil {
			return
		}
		if enc == nil {
			var err error
			if cd, enc, err = lookup[T](s.reg); err != nil {
				panic(err)
			}
		}
		record(s, resourceID(cd), cd, enc, v)
	}).Named("net.SendResource[" + name + "]").FromModule(modulePath)
}

// SendPeriodically returns a client system that sends the app's resource of
// type T to the server as an input whenever its value changed, at most
// once every [ClientConfig.SendEvery] ticks, and again after every
// reconnection: the thesis's SendPeriodically, suited to input state such
// as a paddle's direction. The server hands the values to the game in
// [Inputs]. A value not sent yet is replaced by a newer one, so a slow
// connection gets the latest value, not a backlog. T must be registered.
func SendPeriodically[T any]() *glue.System {
	name := typeName[T]()
	var cd *codec
	var enc func(*T, *Writer)
	var w Writer
	var last []byte
	var lastSession uint64
	var ticks int
	return glue.System2(func(res glue.Opt[T], cl glue.Res[Client]) {
		c := cl.Get().c
		v := res.Get()
		ticks++
		if v == nil || (ticks-1)%c.cfg.SendEvery != 0 {
			return
		}
		if enc == nil {
			var err error
			if cd, enc, err = lookup[T](c.reg); err != nil {
				panic(err)
			}
		}
		session := c.session.Load()
		if session == 0 {
			return // not connected yet
		}
		w.Reset()
		enc(v, &w)
		if session == lastSession && bytes.Equal(w.buf, last) {
			return
		}
		last = append(last[:0], w.buf...)
		lastSession = session
		c.setPeriodic(cd, bytes.Clone(w.buf))
	}).Named("net.SendPeriodically[" + name + "]").FromModule(modulePath)
}

// listen is the server's startup system: it starts listening.
func listen(srv glue.ResMut[Server], cmds glue.Commands) {
	s := srv.Get().s
	if s.initErr != nil {
		cmds.Fail(s.initErr)
		return
	}
	if err := s.start(); err != nil {
		cmds.Fail(err)
	}
}

// beginTick is the server's first system of every tick.
func beginTick(srv glue.ResMut[Server], in glue.ResMut[Inputs]) {
	srv.Get().s.beginTick(in.Get())
}

// publishState is the server's last system of every tick.
func publishState(srv glue.ResMut[Server]) {
	srv.Get().s.publish()
}

// connect is the client's startup system: it connects to the Peer.
func connect(cl glue.ResMut[Client], peer glue.Opt[Peer], cmds glue.Commands) {
	c := cl.Get().c
	if c.initErr != nil {
		cmds.Fail(c.initErr)
		return
	}
	p := peer.Get()
	if p == nil || p.URL == "" {
		cmds.Fail(errNoPeer)
		return
	}
	if err := c.start(p.URL); err != nil {
		cmds.Fail(err)
	}
}

// receive is the client's first system of every tick: it applies what
// arrived to the world.
func receive(cmds glue.Commands, cl glue.ResMut[Client], added glue.Added[Remote], removed glue.Removed[Remote], q glue.Query1[Remote]) {
	cl.Get().c.apply(cmds, added.Entities(), removed.Entities(), func(e glue.Entity) (uint64, bool) {
		r, ok := q.Get(e)
		if !ok {
			return 0, false
		}
		return r.ID, true
	})
}
