module github.com/gluekit/glue

go 1.26.8

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.11.0 // indirect
	github.com/hajimehoshi/ebiten/v2 v2.10.4 // indirect
	github.com/solarlune/resolv v0.8.1 // indirect
	github.com/yohamta/donburi v1.15.8 // indirect
	golang.org/x/image v0.45.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
)
