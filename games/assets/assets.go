// Package assets holds the games' art and sounds, made by the generator
// in internal/genart and committed, so that nothing is downloaded:
// sprites.png, a sheet of Cell×Cell frames (a ship, the ship thrusting,
// an asteroid, a fish and ExplosionFrames explosion frames, numbered by
// the Frame constants), and the sound effects laser.wav, bang.wav and
// blip.wav. Regenerate them with
//
//	go generate ./games/assets
package assets

import "embed"

//go:generate go run ../../internal/genart -out .

// FS holds the files: load them with render.LoadImage and
// audio.LoadSample.
//
//go:embed sprites.png *.wav
var FS embed.FS

// Sheet is the sprite sheet's file name in FS.
const Sheet = "sprites.png"

// The sound effects' file names in FS.
const (
	Laser = "laser.wav"
	Bang  = "bang.wav"
	Blip  = "blip.wav"
)
