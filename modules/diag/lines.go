package diag

import "github.com/gluekit/glue"

// Liner is implemented by resources that add lines to the overlay, such
// as a rollback session's net.Stats: while the overlay is shown, every
// resource of the app that has the method adds its lines under the
// overlay's own, each refresh ([RefreshEvery]). A module shows its
// figures this way without diag importing it.
type Liner interface {
	// OverlayLines appends the resource's lines to dst, one line a
	// string (none: nothing to show now).
	OverlayLines(dst []string) []string
}

// appendResourceLines appends the lines of the app's resources that are
// Liners, in the order of their names.
func appendResourceLines(dst []string, app *glue.App) []string {
	for _, r := range app.Resources() {
		if l, ok := r.Value.(Liner); ok {
			dst = l.OverlayLines(dst)
		}
	}
	return dst
}
