package glue

import (
	"slices"
	"testing"
)

type leakMark struct{}

// Commands issued while a system's conditions were evaluated, in a tick
// in which they were false, are dropped: they used to stay in the
// system's buffer and be applied in the next tick it ran (counts 0, 0, 0,
// 4 instead of 0, 0, 0, 1). A condition cannot take Commands any more
// (Build rejects it); this condition reaches the buffer from inside, as
// a Commands param in a struct used to.
func TestSkippedSystemLeavesNoCommands(t *testing.T) {
	app := NewApp()
	defer app.Close()
	tick := 0
	issuing := Condition{name: "issuing", init: func(b *builder) (func(*runCtx) bool, error) {
		return func(ctx *runCtx) bool {
			Commands{buf: ctx.cmds}.Spawn(leakMark{})
			return tick == 3
		}, nil
	}}
	app.AddSystems(Update, Func(func(struct{}) {}).Named("guarded").RunIf(issuing))
	var counts []int
	app.AddSystems(Last, Func(func(q Query1[leakMark]) { counts = append(counts, q.Len()) }).Named("count"))
	for tick = range 4 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(counts, []int{0, 0, 0, 1}) {
		t.Fatalf("marks per tick %v, want [0 0 0 1]", counts)
	}
}
