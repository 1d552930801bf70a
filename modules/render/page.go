package render

// The web page (docs/web.md): in the browser, Plugin tells the page when
// the game has drawn its first frame — <body data-glue-ready="ms since
// navigation">, which the loader (web/static/loader.js) and the browser
// tests wait for, and a console line — and defines window.glueLiveHeap(),
// the Go heap's live bytes after a collection, for the memory test. A game
// publishes its own state to the page's scripts with PublishState and
// shows a message over the page with PageNotice. On the desktop none of
// this does anything, and Plugin adds no system for it.
