package glue

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gluekit/glue/internal/world"
)

// Describe returns a readable description of the app's pipeline: the
// whole order of a tick (update stages, then draw stages); for each stage
// the systems in the order they run, grouped into the sets that may run in
// parallel, each with its module and the components and resources it reads
// and writes; and the pairs of systems that conflict and therefore run in
// order. It builds the app if needed; if the build fails, the description
// ends with the errors. Games print it with their -schedule flag.
func (a *App) Describe() string {
	var b strings.Builder
	a.WriteDescription(&b)
	return b.String()
}

// WriteDescription writes [App.Describe]'s text to w.
func (a *App) WriteDescription(w io.Writer) {
	err := a.Build()
	var up, draw []string
	for _, s := range a.stages {
		n := string(s.name)
		if s.thread == renderThread {
			draw = append(draw, n)
		} else {
			up = append(up, n)
		}
	}
	fmt.Fprintf(w, "Tick (App.Update): %s\n", strings.Join(up, " → "))
	fmt.Fprintf(w, "Frame (App.Draw):  %s\n", strings.Join(draw, " → "))
	mode := fmt.Sprintf("parallel, %d workers", a.workers())
	if a.workers() == 1 {
		mode = "sequential"
	}
	fmt.Fprintf(w, "Scheduler: %s\n", mode)
	if len(a.startup) > 0 {
		fmt.Fprintf(w, "\nStartup (in this order):\n")
		for _, r := range a.startup {
			prio := "no priority"
			if r.spec.hasPrio {
				prio = fmt.Sprintf("priority %d", r.spec.priority)
			}
			fmt.Fprintf(w, "  %-34s %s, %s\n", r.name, prio, r.describeKind())
			writeAccess(w, r)
		}
	}
	stages := append(append([]*stageDef(nil), a.stages...), a.transStages...)
	for _, st := range stages {
		info := st.plan
		if info == nil || len(info.runs) == 0 {
			continue
		}
		kind := st.thread.String()
		if st.transition {
			kind = "state transition, in StateTransition"
		}
		fmt.Fprintf(w, "\nStage %s (%s):\n", st.name, kind)
		p := info.plan
		for i, lv := range p.Levels {
			together := ""
			if len(lv) > 1 && st.thread == updateThread {
				together = " — may run in parallel"
			}
			fmt.Fprintf(w, "  group %d%s\n", i+1, together)
			for _, n := range lv {
				r := n.Data.(*sysRun)
				fmt.Fprintf(w, "    %-32s %s\n", r.name, r.describeKind())
				writeAccess(w, r)
			}
		}
		for _, c := range p.Conflicts() {
			how := "registration order"
			if p.Ordered(c[0], c[1]) {
				how = "ordered by After"
			}
			fmt.Fprintf(w, "  conflict: %s ↔ %s on %s (%s)\n", c[0].Name, c[1].Name, conflictWhat(c[0], c[1]), how)
		}
	}
	if err != nil {
		fmt.Fprintf(w, "\nErrors:\n%v\n", err)
	}
}

func (r *sysRun) describeKind() string {
	s := r.spec
	var parts []string
	if s.kind == entitySystem {
		k := "entity system over " + typeNames(s.comps)
		if len(s.with) > 0 {
			k += " with " + typeNames(s.with)
		}
		if len(s.without) > 0 {
			k += " without " + typeNames(s.without)
		}
		if r.chunkSafe {
			k += " (splittable)"
		}
		parts = append(parts, k)
	} else {
		parts = append(parts, "global system")
	}
	if s.withDisabled {
		parts = append(parts, "disabled entities included")
	}
	if s.module == "main" {
		parts = append(parts, "the game")
	} else if s.module != "" {
		parts = append(parts, "module "+shortModule(s.module))
	}
	return strings.Join(parts, ", ")
}

func typeNames(ts []*world.Type) string {
	var ns []string
	for _, t := range ts {
		ns = append(ns, t.Name)
	}
	return strings.Join(ns, ", ")
}

// shortModule trims glue's own module path so that module names read as
// "modules/render" or "games/breakout".
func shortModule(m string) string {
	return strings.TrimPrefix(m, "github.com/gluekit/glue/")
}

func keyName(k any) string {
	switch k := k.(type) {
	case *world.Type:
		return k.Name
	case *resSlot:
		return "resource " + k.name
	}
	return fmt.Sprint(k)
}

func writeAccess(w io.Writer, r *sysRun) {
	if len(r.spec.conds) > 0 {
		var cs []string
		for _, c := range r.spec.conds {
			cs = append(cs, c.name)
		}
		fmt.Fprintf(w, "        runs if %s\n", strings.Join(cs, " and "))
	}
	for _, e := range r.events {
		verb := "reads  events"
		if e.write {
			verb = "writes events"
		}
		fmt.Fprintf(w, "        %s %s\n", verb, e.name)
	}
	var reads, writes []string
	for _, k := range r.access.Reads {
		reads = append(reads, keyName(k))
	}
	for _, k := range r.access.Writes {
		writes = append(writes, keyName(k))
	}
	slices.Sort(reads)
	slices.Sort(writes)
	if len(writes) > 0 {
		fmt.Fprintf(w, "        writes %s\n", strings.Join(writes, "; "))
	}
	if len(reads) > 0 {
		fmt.Fprintf(w, "        reads  %s\n", strings.Join(reads, "; "))
	}
}
