//go:build !js

package net

// onPageHide does nothing outside the browser: a native game says its
// bye when its app closes (App.OnClose). See pagehide_js.go.
func onPageHide(func()) (remove func()) { return func() {} }

// onVisibility does nothing outside the browser, which alone hides a
// game's page. See pagehide_js.go.
func onVisibility(func(hidden bool)) (remove func()) { return func() {} }
