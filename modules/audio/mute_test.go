package audio

import (
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// muteSide is one player's game: a tone every tick, by the game's rules.
func muteSide(t *testing.T) *glue.App {
	app := glue.NewApp()
	app.AddPlugins(Plugin{Headless: true})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[Sounds]) {
		s.Get().Play(Tone{Freq: 440, Duration: time.Millisecond, Volume: DefaultVolume})
	}))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	return app
}

// Two sides of one game, one of which mutes and turns its volume down to
// 0 mid-match (the M key, a settings menu, a host started with -mute),
// have the same checkpoint digests every tick: mute and volume are the
// player's preferences, not the game's (issue 34: "audio.Sounds differs"
// at every checkpoint from the mute on). A rollback on the muted side
// does not unmute it.
func TestMuteDoesNotDesync(t *testing.T) {
	loud, muted := muteSide(t), muteSide(t)
	defer loud.Close()
	defer muted.Close()
	var cl, cm, back glue.Checkpoint
	for tick := 1; tick <= 10; tick++ {
		if tick == 5 { // between ticks, as the mute key's system would in one
			glue.Resource[Sounds](muted).Muted = true
			glue.Resource[Mixer](muted).Master = 0
		}
		for _, app := range []*glue.App{loud, muted} {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if err := cl.Save(loud); err != nil {
			t.Fatal(err)
		}
		if err := cm.Save(muted); err != nil {
			t.Fatal(err)
		}
		if dl, dm := cl.Digest(nil), cm.Digest(nil); !slices.Equal(dl, dm) {
			t.Fatalf("tick %d: digests differ:\n unmuted %v\n   muted %v", tick, dl, dm)
		}
		if tick == 3 {
			if err := back.Save(muted); err != nil {
				t.Fatal(err)
			}
		}
	}
	if p := glue.Resource[Sounds](muted).Played(); p != 10 {
		t.Fatalf("the muted side counted %d tones, want 10", p)
	}
	if err := back.Restore(muted); err != nil {
		t.Fatal(err)
	}
	if s, m := glue.Resource[Sounds](muted), glue.Resource[Mixer](muted); !s.Muted || m.Master != 0 || s.Played() != 3 {
		t.Fatalf("after a rollback to tick 3: muted %v, master %v, played %d; want muted, 0, 3 (the game's count taken back, the preferences not)", s.Muted, m.Master, s.Played())
	}
}
