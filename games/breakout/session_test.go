//go:build !js

package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/render"
)

// ShowSession puts what the rollback session tells (net.SessionNotices)
// on the message label,
// every frame (also frames that run no tick): an interruption until the
// link is back, then "Connection back" for a while, then nothing of its
// own (the HUD's text is back).
func TestShowSession(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddStagesAfter(glue.Update, HUD)
	var next []net.SessionEvent
	app.AddSystems(glue.Update, glue.Func(func(p struct{ W glue.Writer[net.SessionEvent] }) {
		for _, e := range next {
			p.W.Write(e)
		}
		next = nil
	}))
	app.AddPlugins(net.SessionNotices{})
	app.AddSystems(glue.PreDraw, glue.Func2(ShowSession).After(net.SessionNoticeSystem))
	app.AddSystems(HUD, glue.Func(func(p struct{ L glue.Query1[*render.Label] }) { // the HUD, in short
		p.L.Each(func(_ glue.Entity, l *render.Label) { l.Value = "HUD" })
	}))
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(MessageLabel, render.Label{Value: "HUD"}) }))
	label := func() string {
		for _, e := range app.Entities(nil) {
			if v, ok := app.Component(e, glue.TypeOf[render.Label]()); ok {
				return v.(render.Label).Value
			}
		}
		return "no label"
	}
	frame := func(events ...net.SessionEvent) string {
		next = events
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
		return label()
	}
	if got := frame(); got != "HUD" {
		t.Fatalf("no event: label %q, want the HUD's", got)
	}
	if got := frame(net.SessionEvent{Kind: net.Interrupted}); got != "Connection interrupted\nwaiting for the\nother player…" {
		t.Errorf("after Interrupted: %q", got)
	}
	for range 3 { // no tick runs while the session waits: the label keeps the line
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	if got := label(); got != "Connection interrupted\nwaiting for the\nother player…" {
		t.Errorf("frames later: %q", got)
	}
	if got := frame(net.SessionEvent{Kind: net.Resumed}); got != "Connection back" {
		t.Errorf("after Resumed: %q", got)
	}
	for range 100 {
		frame()
	}
	if got := label(); got != "HUD" {
		t.Errorf("100 frames after Resumed: %q, want the HUD's text again", got)
	}
}
