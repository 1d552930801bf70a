// Package static holds glue's loader page for games in the browser,
// embedded: index.html (the page: progress, failures, the storage notice)
// and loader.js (which downloads and starts the game's wasm), for `glue
// web` (cmd/glue), which serves them beside a game's build. make wasm
// copies the same files into web/dist. docs/web.md describes the page.
package static

import "embed"

// FS holds index.html and loader.js.
//
//go:embed index.html loader.js
var FS embed.FS
