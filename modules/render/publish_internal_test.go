package render

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
)

// TestPublish: a Publish system builds its text from its params in its
// first run and every every-th after, and not at all outside the browser.
func TestPublish(t *testing.T) {
	type score struct{ N int }
	run := func(on bool) []string {
		publishing = on
		defer func() { publishing = runtimeIsJS }()
		var got []string
		app := glue.NewApp()
		app.InsertResource(score{})
		count := glue.Func(func(s glue.ResMut[score]) { s.Get().N++ }).Named("count")
		app.AddSystems(glue.Update, count,
			Publish("testState", 3, func(p struct{ S glue.Res[score] }) string {
				got = append(got, fmt.Sprint(p.S.Get().N))
				return ""
			}).After(count))
		defer app.Close()
		for range 7 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return got
	}
	if got := run(true); fmt.Sprint(got) != "[1 4 7]" {
		t.Errorf("published at the scores %v; want [1 4 7]", got)
	}
	if got := run(false); len(got) != 0 {
		t.Errorf("outside the browser, published at %v", got)
	}
}
