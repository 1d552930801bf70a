package net

import (
	"bytes"
	"reflect"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// codecOf is a send system's codec for T, looked up in the app's registry
// on the system's first send: state of one registration of the system
// (a glue.Local), so that one System value may serve several apps.
type codecOf[T any] struct {
	cd  *codec.Codec
	enc func(*T, *codec.Writer)
}

// get returns the codec, looking it up in reg the first time.
func (c *codecOf[T]) get(reg *codec.Registry) (*codec.Codec, func(*T, *codec.Writer)) {
	if c.enc == nil {
		var err error
		if c.cd, c.enc, err = codec.Of[T](reg); err != nil {
			panic(err)
		}
	}
	return c.cd, c.enc
}

// periodic is a SendPeriodically system's state in one app.
type periodic[T any] struct {
	codec       codecOf[T]
	w           codec.Writer
	last        []byte
	lastSession uint64
	ticks       int
}

// SendPeriodically returns a client system that sends the app's resource of
// type T to the server as an input whenever its value changed, at most
// once every [ClientConfig.SendEvery] ticks, and again after every
// reconnection: the thesis's SendPeriodically, suited to input state such
// as a paddle's direction. The server hands the values to the game in
// [Inputs]. A value not sent yet is replaced by a newer one, so a slow
// connection gets the latest value, not a backlog. T must be registered.
// Add it to the core stage glue.PostUpdate, after the game's rules set T.
// Its name is "net.SendPeriodically[T]".
func SendPeriodically[T any]() *glue.System {
	return glue.Func(func(p struct {
		Res    glue.Opt[T]
		Client glue.Res[Client]
		State  glue.Local[periodic[T]]
	}) {
		c, st := p.Client.Get().c, p.State.Get()
		v := p.Res.Get()
		st.ticks++
		if v == nil || (st.ticks-1)%c.cfg.SendEvery != 0 {
			return
		}
		cd, enc := st.codec.get(c.reg)
		session := c.session.Load()
		if session == 0 {
			return // not connected yet
		}
		st.w.Reset()
		enc(v, &st.w)
		if session == st.lastSession && bytes.Equal(st.w.Data(), st.last) {
			return
		}
		st.last = append(st.last[:0], st.w.Data()...)
		st.lastSession = session
		c.setPeriodic(cd, bytes.Clone(st.w.Data()))
	}).TypeArgs(reflect.TypeFor[T]())
}

// connect is the client's startup system: it connects to the Peer.
func connect(p struct {
	Client glue.ResMut[Client]
	Peer   glue.Opt[Peer]
	Cmds   glue.Commands
}) {
	c := p.Client.Get().c
	if c.initErr != nil {
		p.Cmds.Fail(c.initErr)
		return
	}
	peer := p.Peer.Get()
	if peer == nil || peer.URL == "" {
		p.Cmds.Fail(errNoPeer)
		return
	}
	if err := c.start(peer.URL); err != nil {
		p.Cmds.Fail(err)
	}
}

// receive is the client's first system of every tick (glue.PreUpdate):
// it applies what arrived to the world.
func receive(p struct {
	Cmds    glue.Commands
	Client  glue.ResMut[Client]
	Added   glue.Added[Remote]
	Removed glue.Removed[Remote]
	Remotes glue.Query1[Remote]
}) {
	p.Client.Get().c.apply(p.Cmds, p.Added.Entities(), p.Removed.Entities(), func(e glue.Entity) (uint64, bool) {
		r, ok := p.Remotes.Get(e)
		if !ok {
			return 0, false
		}
		return r.ID, true
	})
}
