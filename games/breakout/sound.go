package main

import (
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
)

// The game's sound effects: generated tones (modules/audio).
var (
	paddleTone = audio.Tone{Freq: 440, Duration: 50 * time.Millisecond, Wave: audio.Triangle, Volume: 0.4}
	wallTone   = audio.Tone{Freq: 220, Duration: 30 * time.Millisecond, Wave: audio.Triangle, Volume: 0.3}
	lostTone   = audio.Tone{Freq: 330, Slide: -220, Duration: 400 * time.Millisecond, Volume: 0.25}
	wonTone    = audio.Tone{Freq: 523, Slide: 523, Duration: 600 * time.Millisecond, Volume: 0.25}
	overTone   = audio.Tone{Freq: 262, Slide: -180, Duration: 900 * time.Millisecond, Volume: 0.25}
)

// brickTone is higher for higher bricks.
func brickTone(b Brick) audio.Tone {
	return audio.Tone{Freq: 900 - 2*b.Y, Duration: 60 * time.Millisecond, Volume: 0.25}
}

// Sfx (Rules, before the rules act) plays a tone for what physics reported
// this tick — a brick hit, a bounce off the paddle or a wall — and for a
// ball lost last tick (BallLost) with lives left; the end of a game has
// tones of its own (PlayWon, PlayOver). It only reads the bricks and
// walls.
func Sfx(contacts glue.Res[physics.Contacts], bricks glue.Query1[Brick], walls glue.Query1[Wall],
	lost glue.Reader[BallLost], sounds glue.ResMut[audio.Sounds]) {
	snd := sounds.Get()
	for _, c := range contacts.Get().List {
		if b, ok := bricks.Get(c.B); ok {
			snd.Play(brickTone(b))
			continue
		}
		if !c.Bounced || c.Sensor {
			continue
		}
		if _, ok := walls.Get(c.B); ok {
			snd.Play(wallTone)
		} else {
			snd.Play(paddleTone)
		}
	}
	for _, l := range lost.Read() {
		if l.LivesLeft > 0 {
			snd.Play(lostTone)
		}
	}
}

// PlayWon (on entering Won) plays the winning tone.
func PlayWon(s glue.ResMut[audio.Sounds]) { s.Get().Play(wonTone) }

// PlayOver (on entering Lost) plays the game-over tone.
func PlayOver(s glue.ResMut[audio.Sounds]) { s.Get().Play(overTone) }

// ToggleMute is the action that mutes and unmutes the sound: M, and the
// message label says which (audio.MuteKey, main.go; the -mute flag and the
// browser's ?mute start muted).
const ToggleMute input.Action = QuickLoad + 1
