//go:build !js

package net

// PageTrouble is, in the browser, the page's sentence for a client that
// cannot reach the server at url (it has no state yet and its last
// attempt failed), with what to do: a browser does not tell a page why a
// WebSocket failed, so PageTrouble asks in the background, again every
// few seconds, whether anything answers HTTP at that address — if so the
// server refused the page (its origin check, HTTP 403), if not no game is
// served there, and then the sentence says how to start one: with the
// command game names ("mygame" says "Start one with mygame -serve
// host:port"), or with -serve if game is "". It is "" while the client
// is connected or has shown a game, until the first answer, and outside
// the browser, where the connection's error says why (Trouble).
func PageTrouble(cl Client, url, game string) string { return "" }
