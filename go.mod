module github.com/gluekit/glue

go 1.25.0

require (
	github.com/coder/websocket v1.8.15
	github.com/hajimehoshi/ebiten/v2 v2.10.4
	github.com/klauspost/compress v1.18.0
	github.com/lafriks/go-tiled v0.13.0
	github.com/solarlune/ldtkgo v0.9.3
	github.com/solarlune/resolv v0.8.1
	github.com/yohamta/donburi v1.15.8
	golang.org/x/image v0.45.0
	golang.org/x/mod v0.40.0
	golang.org/x/tools v0.49.0
)

require (
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/oto/v3 v3.5.0 // indirect
	github.com/ebitengine/purego v0.11.0 // indirect
	github.com/jfreymuth/oggvorbis v1.0.5 // indirect
	github.com/jfreymuth/pulse v0.1.3 // indirect
	github.com/jfreymuth/vorbis v1.0.2 // indirect
	github.com/tidwall/gjson v1.6.4 // indirect
	github.com/tidwall/match v1.0.1 // indirect
	github.com/tidwall/pretty v1.0.2 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)
