package render

import "github.com/gluekit/glue"

// ApplyWindowForTest builds app and applies its Window resource, as Run
// does before the window opens.
func ApplyWindowForTest(app *glue.App) error {
	if err := app.Build(); err != nil {
		return err
	}
	return applyWindow(*glue.Resource[Window](app), glue.Resource[Viewport](app))
}
