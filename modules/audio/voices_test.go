package audio

import (
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// fakePlayer is a player whose sound lasts a number of ticks.
type fakePlayer struct {
	left      int // ticks still playing
	plays     int
	buffer    time.Duration
	volume    float64
	rewinds   int
	ticksLong int
}

func (f *fakePlayer) IsPlaying() bool               { return f.left > 0 }
func (f *fakePlayer) Rewind() error                 { f.rewinds++; return nil }
func (f *fakePlayer) Play()                         { f.plays++; f.left = f.ticksLong }
func (f *fakePlayer) SetVolume(v float64)           { f.volume = v }
func (f *fakePlayer) SetBufferSize(d time.Duration) { f.buffer = d }

// fakeDevice makes fakePlayers that play for ticks ticks and lets them
// advance one tick.
type fakeDevice struct {
	ticks   int
	players []*fakePlayer
}

// fakeApp returns an app with the plugin, playing through a fakeDevice
// whose sounds last ticks ticks.
func fakeApp(t *testing.T, ticks int) (*glue.App, *fakeDevice) {
	t.Helper()
	return fakeAppWith(t, ticks, Plugin{}, nil)
}

// fakeAppWith is fakeApp with plugin p and setup adding to the app
// before it is built.
func fakeAppWith(t *testing.T, ticks int, p Plugin, setup func(*glue.App)) (*glue.App, *fakeDevice) {
	t.Helper()
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddPlugins(p)
	if setup != nil {
		setup(app)
	}
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	d := &fakeDevice{ticks: ticks}
	o := glue.Resource[output](app)
	o.enabled = true
	o.newPlayer = func([]byte) player {
		p := &fakePlayer{ticksLong: d.ticks}
		d.players = append(d.players, p)
		return p
	}
	return app, d
}

func (d *fakeDevice) tick() {
	for _, p := range d.players {
		p.left = max(0, p.left-1)
	}
}

// playTicks runs ticks ticks of app, each playing the tones tones returns.
func playTicks(t *testing.T, app *glue.App, d *fakeDevice, ticks int, tones func(i int) []Tone) {
	t.Helper()
	for i := range ticks {
		for _, tone := range tones(i) {
			glue.Resource[Sounds](app).Play(tone)
		}
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		d.tick()
	}
}

// Issue #25: every tone played made a new Ebitengine player, whose
// half-second read buffer the garbage collector freed only cycles after
// the sound ended, so the browser's heap grew with the sounds played. A
// sound's finished players play it again: a thousand bleeps, never more
// than two at once, make two players.
func TestFinishedPlayersPlayAgain(t *testing.T) {
	app, d := fakeApp(t, 3)
	bleep := Tone{Freq: 440, Duration: 50 * time.Millisecond, Volume: DefaultVolume}
	long := Tone{Freq: 220, Duration: 2 * time.Second, Volume: DefaultVolume}
	playTicks(t, app, d, 1000, func(i int) []Tone {
		switch {
		case i%2 == 0:
			return []Tone{bleep} // every other tick, 3 ticks long: two at once
		case i == 1:
			return []Tone{long}
		}
		return nil
	})
	if s := glue.Resource[Sounds](app); s.Played() != 501 {
		t.Fatalf("played %d tones, want 501", s.Played())
	}
	if len(d.players) != 3 {
		t.Fatalf("%d players for 500 bleeps (two at once) and one long tone, want 3", len(d.players))
	}
	plays, rewinds := 0, 0
	for _, p := range d.players {
		plays += p.plays
		rewinds += p.rewinds
	}
	if plays != 501 || rewinds != 501 {
		t.Fatalf("the players played %d times from the start %d times, want 501 and 501", plays, rewinds)
	}
	// Each reads ahead its whole sound, up to a tenth of a second
	// (players[1] is the long tone's, made on the second tick). Issue
	// #40: read ahead half a second, each play of a long tone (Breakout's
	// won, lost and game over tones) took two 176 KB buffers from oto's
	// pool, which a collection empties, and the browser's memory rose at
	// every restart after a win for minutes.
	if b0, b1 := d.players[0].buffer, d.players[1].buffer; b0 != 50*time.Millisecond || b1 != 100*time.Millisecond {
		t.Fatalf("buffers %v and %v, want 50ms and 100ms", b0, b1)
	}
}

// A sound played while maxVoices of it play (a page whose audio has not
// started yet never finishes a sound) restarts the voice that started
// first, so the players stay maxVoices.
func TestVoicesAreBounded(t *testing.T) {
	app, d := fakeApp(t, 1<<30)
	bleep := Tone{Freq: 440, Duration: 50 * time.Millisecond, Volume: DefaultVolume}
	playTicks(t, app, d, 100, func(int) []Tone { return []Tone{bleep} })
	if len(d.players) != maxVoices {
		t.Fatalf("%d players, want %d", len(d.players), maxVoices)
	}
	// Round robin: the 100 plays went to the 8 voices in turn.
	for i, p := range d.players {
		if want := (100 - i + maxVoices - 1) / maxVoices; p.plays != want {
			t.Errorf("player %d played %d times, want %d", i, p.plays, want)
		}
	}
}

// A mixer change reaches every voice, playing or not.
func TestMixerReachesVoices(t *testing.T) {
	app, d := fakeApp(t, 2)
	bleep := Tone{Freq: 440, Duration: 50 * time.Millisecond, Volume: DefaultVolume}
	playTicks(t, app, d, 1, func(int) []Tone { return []Tone{bleep, bleep} })
	glue.Resource[Mixer](app).Master = 0.5
	playTicks(t, app, d, 1, func(int) []Tone { return nil })
	for i, p := range d.players {
		if p.volume != 0.5 {
			t.Errorf("player %d at volume %v, want 0.5", i, p.volume)
		}
	}
}

// hush is the test's condition for silence.
type hush struct{ on bool }

// In the ticks Plugin.SilenceWhile silences, the tones queued start no
// player, while Sounds counts them as an unsilenced app does: a rollback
// game silencing its re-runs keeps its state and digests.
func TestSilenceWhileStartsNoPlayer(t *testing.T) {
	bleep := Tone{Freq: 440, Duration: 50 * time.Millisecond, Volume: DefaultVolume}
	mute := Tone{Freq: 440, Duration: 50 * time.Millisecond} // Volume 0: counted as Silenced
	withHush := func(app *glue.App) { app.InsertResource(hush{}) }
	quiet, qd := fakeAppWith(t, 2, Plugin{SilenceWhile: glue.If(func(h glue.Res[hush]) bool { return h.Get().on })}, withHush)
	loud, ld := fakeAppWith(t, 2, Plugin{}, withHush)
	const ticks = 30
	silenced := func(i int) bool { return i%3 != 0 } // two ticks in three
	for i := range ticks {
		for _, app := range []*glue.App{quiet, loud} {
			glue.Resource[hush](app).on = silenced(i)
			s := glue.Resource[Sounds](app)
			s.Play(bleep)
			s.Play(mute)
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		qd.tick()
		ld.tick()
		q, l := glue.Resource[Sounds](quiet), glue.Resource[Sounds](loud)
		if q.Played() != l.Played() || q.Silenced() != l.Silenced() || q.Skipped() != l.Skipped() {
			t.Fatalf("tick %d: silenced app's Sounds counted played %d, silenced %d, skipped %d; unsilenced %d, %d, %d",
				i+1, q.Played(), q.Silenced(), q.Skipped(), l.Played(), l.Silenced(), l.Skipped())
		}
	}
	plays := func(d *fakeDevice) (n int) {
		for _, p := range d.players {
			n += p.plays
		}
		return n
	}
	if got := glue.Resource[Sounds](quiet).Played(); got != ticks {
		t.Fatalf("played %d, want %d", got, ticks)
	}
	if got, want := plays(qd), ticks/3; got != want {
		t.Errorf("silenced app's device started %d sounds, want %d (the unsilenced ticks')", got, want)
	}
	if got := plays(ld); got != ticks {
		t.Errorf("unsilenced app's device started %d sounds, want %d", got, ticks)
	}
	if got, want := Heard(quiet), uint64(ticks/3); got != want {
		t.Errorf("Heard %d, want %d", got, want)
	}
	if got := Heard(loud); got != ticks {
		t.Errorf("Heard of the unsilenced app %d, want %d", got, ticks)
	}
}
