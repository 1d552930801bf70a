package glue

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Describe returns a readable description of the app's pipeline: its
// stages in tick order; for each stage and thread the systems in the order
// they run, grouped into the sets that may run in parallel, each with its
// module and the components and resources it reads and writes; and the
// pairs of systems that conflict and therefore run in registration order.
// It builds the app if needed; if the build fails, the description ends
// with the errors. Games print it with their -schedule flag.
func (a *App) Describe() string {
	var b strings.Builder
	a.WriteDescription(&b)
	return b.String()
}

// WriteDescription writes [App.Describe]'s text to w.
func (a *App) WriteDescription(w io.Writer) {
	err := a.Build()
	names := make([]string, len(a.stages))
	for i, s := range a.stages {
		names[i] = s.name
	}
	fmt.Fprintf(w, "Stages, in tick order: %s\n", strings.Join(names, " → "))
	mode := fmt.Sprintf("parallel, %d workers", a.workers())
	if a.workers() == 1 {
		mode = "sequential"
	}
	fmt.Fprintf(w, "Scheduler: %s\n", mode)
	if len(a.startup) > 0 {
		fmt.Fprintf(w, "\nStartup (in this order):\n")
		for _, s := range a.startup {
			prio := "no priority"
			if s.hasPrio {
				prio = fmt.Sprintf("priority %d", s.priority)
			}
			fmt.Fprintf(w, "  %-34s %s, %s\n", s.name, prio, s.describeKind())
			writeAccess(w, s)
		}
	}
	for _, st := range a.stages {
		for th, p := range st.plan {
			if p == nil || len(p.order) == 0 {
				continue
			}
			fmt.Fprintf(w, "\nStage %s (%s thread):\n", st.name, Thread(th))
			for i, lv := range p.levels {
				together := ""
				if len(lv) > 1 {
					together = " — may run in parallel"
				}
				fmt.Fprintf(w, "  group %d%s\n", i+1, together)
				for _, s := range lv {
					fmt.Fprintf(w, "    %-32s %s\n", s.name, s.describeKind())
					writeAccess(w, s)
				}
			}
			for _, c := range st.conflicts {
				if c[0].thread != Thread(th) {
					continue
				}
				how := "registration order"
				if ordered(c[0], c[1], p.order) {
					how = "ordered by After"
				}
				fmt.Fprintf(w, "  conflict: %s ↔ %s on %s (%s)\n", c[0].name, c[1].name, conflictWhat(c[0], c[1]), how)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(w, "\nErrors:\n%v\n", err)
	}
}

func (s *System) describeKind() string {
	var parts []string
	if s.kind == entitySystem {
		var cs []string
		for _, c := range s.comps {
			cs = append(cs, c.name)
		}
		k := "entity system over " + strings.Join(cs, ", ")
		if len(s.with) > 0 {
			k += " with " + typeNames(s.with)
		}
		if len(s.without) > 0 {
			k += " without " + typeNames(s.without)
		}
		if s.chunkSafe {
			k += " (splittable)"
		}
		parts = append(parts, k)
	} else {
		parts = append(parts, "global system")
	}
	if s.module == "main" {
		parts = append(parts, "the game")
	} else if s.module != "" {
		parts = append(parts, "module "+shortModule(s.module))
	}
	return strings.Join(parts, ", ")
}

func typeNames(ts []*typeInfo) string {
	var ns []string
	for _, t := range ts {
		ns = append(ns, t.name)
	}
	return strings.Join(ns, ", ")
}

// shortModule trims glue's own module path so that module names read as
// "modules/render" or "games/breakout".
func shortModule(m string) string {
	return strings.TrimPrefix(m, "github.com/gluekit/glue/")
}

func writeAccess(w io.Writer, s *System) {
	var reads, writes []string
	for _, k := range s.access.reads {
		reads = append(reads, keyName(k))
	}
	for _, k := range s.access.writes {
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
