//go:build !js

package render

import "github.com/gluekit/glue"

// pageSystems are none outside the browser.
func pageSystems() []*glue.System { return nil }

// PublishState makes state (JSON, say) the answer of the web page's
// window[name](), for its tests and scripts; the newest call wins. It is
// concurrent-safe. Outside the browser it does nothing.
func PublishState(name, state string) {}

// PageNotice shows text over the web page, through the loader's
// window.glueNotice (web/static/loader.js); "" removes it. A repeated text
// is not shown again. Outside the browser, or on a page without the
// loader, it does nothing.
func PageNotice(text string) {}
