//go:build !js

package net

import (
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// seatOwn is the test's seat component: the client in seat N (0: none).
type seatOwn struct {
	Client ClientID
	N      int
}

func (s seatOwn) Owner() ClientID { return s.Client }
func (s seatOwn) SeatIndex() int  { return s.N }

// TestTrackSeat: of two clients of a game with one seat, TrackSeat's ask
// seats one and tells the other the room is full; when the seated one
// leaves, the other asks again and takes the seat.
func TestTrackSeat(t *testing.T) {
	reg := codec.NewRegistry()
	registerTestTypes(reg)
	codec.Register[seatOwn](reg)
	seats := NewSeats(1)
	server, srv := startServer(t, ServerConfig{Registry: reg, Inputs: []glue.Type{glue.TypeOf[steer]()}}, func(app *glue.App) {
		app.AddStartup(glue.Func(func(cmds glue.Commands) { cmds.Spawn(Replicated{}, seatOwn{}) }).Named("spawnSeat"))
		app.AddSystems(update, glue.Func(func(p struct {
			In glue.Res[Inputs]
			Q  glue.Query1[*seatOwn]
		}) {
			in := p.In.Get()
			seats.Leave(in.Left...)
			for _, x := range in.All() {
				seats.Claim(x.Client) // any input asks for a seat
			}
			p.Q.Each(func(_ glue.Entity, s *seatOwn) { s.Client = seats.Clients[s.N] })
		}).Named("seatGame"))
		app.AddSystems(glue.PostUpdate, Send[seatOwn]().With(glue.TypeOf[Replicated]()).Named("net.Send[seatOwn]"))
	})
	apps := []*glue.App{server}
	var views []*Seat
	var clients []Client
	for range 2 {
		app, cl := startClient(t, srv.URL(), ClientConfig{Registry: reg}, nil, func(app *glue.App) {
			app.AddSystems(update, TrackSeat[seatOwn](steer{}))
		})
		apps, views, clients = append(apps, app), append(views, glue.Resource[Seat](app)), append(clients, cl)
	}
	tick := func() {
		for _, a := range apps {
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	waitFor(t, "one client seated, the other told the room is full", 10*time.Second, tick, func() bool {
		return views[0].Seat == 0 && views[1].Full || views[1].Seat == 0 && views[0].Full
	})
	in, out := 0, 1
	if views[1].Seat == 0 {
		in, out = 1, 0
	}
	if v := *views[out]; v.Seat != -1 || v.Seats != 1 || v.Free || !strings.Contains(v.Notice(), "Room full: all 1 seats") {
		t.Errorf("the watching client's seat: %+v, notice %q", v, v.Notice())
	}
	if v := *views[in]; v.Full || v.Free || v.Notice() != "" {
		t.Errorf("the seated client's seat: %+v, notice %q", v, v.Notice())
	}
	clients[in].Close()
	apps = []*glue.App{server, apps[1+out]}
	waitFor(t, "the other client to take the freed seat", 10*time.Second, tick, func() bool {
		return views[out].Seat == 0 && !views[out].Full
	})
}
