package ui

import (
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
)

// The HUD helpers that are not UI live next to what they serve (issue
// #38): the notice in modules/render, the quick save in modules/save, the
// mute key in modules/audio. These names keep older games compiling.

// NoticeTicks is how long Notice.Show shows a text.
//
// Deprecated: as of v0.1. Use [render.NoticeTicks] instead.
const NoticeTicks = render.NoticeTicks

// Notice is a short message for the player.
//
// Deprecated: as of v0.1. Use [render.Notice] instead; it is the same
// type.
type Notice = render.Notice

// QuickSave is the quick save plugin.
//
// Deprecated: as of v0.1. Use [save.QuickSave] instead; it is the same
// type.
type QuickSave = save.QuickSave

// MuteKey is the mute key plugin.
//
// Deprecated: as of v0.1. Use [audio.MuteKey] instead; it is the same
// type.
type MuteKey = audio.MuteKey
