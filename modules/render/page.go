package render

// The web page (docs/web.md): in the browser, Plugin tells the page when
// the game has drawn its first frame — <body data-glue-ready="ms since
// navigation">, which the loader (web/static/loader.js) and the browser
// tests wait for, and a console line that says how many garbage
// collections came before it (the collector waits for the first frame,
// 10 s at most: page_js.go's init) — and defines window.glueLiveHeap(),
// the Go heap's live bytes after a collection, for the memory test. A
// game publishes its own state to the page's scripts with PublishState
// and shows a message over the page with PageNotice. The Game's Layout
// tells the page where the field is, <canvas data-glue-field="x y w h">
// in CSS pixels, when it changes (field.go), so that the page keeps its
// own controls off it. On the desktop none of this does anything, and
// Plugin adds no system for it.
