package glue

import (
	"fmt"
	"strings"
)

// Target is what [System.After] orders a system after: a *[System] (every
// registration of that System value in the same stage) or a [Label] (every
// system of the same stage put in it with [System.In]). Targets are values,
// not strings, so that a typo does not compile.
type Target interface {
	targetName() string
}

// Label names a group of systems for ordering, as a value: a module
// exports one for each system (or group) that others may need to run
// after, puts its systems in it with [System.In], and games order against
// it with [System.After]:
//
//	// in package physics
//	var StepSystem = glue.NewLabel("physics.step")
//	…
//	app.AddSystems(stage, glue.Func(step).In(StepSystem))
//
//	// in a game
//	app.AddSystems(Physics, glue.Each1(Bounce).After(physics.StepSystem))
//
// The zero Label is not a label; make one with [NewLabel].
type Label struct {
	l *labelInfo
}

type labelInfo struct{ name string }

// NewLabel returns a new label; name is how errors and [App.Describe] show
// it. Two labels of the same name are distinct: labels are compared as
// values.
func NewLabel(name string) Label { return Label{&labelInfo{name}} }

// String returns the label's name.
func (l Label) String() string {
	if l.l == nil {
		return "<zero glue.Label>"
	}
	return l.l.name
}

func (l Label) targetName() string { return "label " + l.String() }

func (s *System) targetName() string {
	if s == nil {
		return "<nil *glue.System>"
	}
	return "system " + s.name
}

// In puts the system in the given labels, so that systems ordered
// [System.After] a label run after it (in the same stage).
func (s *System) In(labels ...Label) *System {
	s.labels = append(s.labels, labels...)
	return s
}

// After makes the system run after the targets — systems (*[System]) and
// [Label]s — of the same stage, even if it was registered before them.
// Ordering two systems explicitly also tells [Options.Strict] that their
// conflict is intended. A target with no system in the stage is reported
// by [App.Build], with the systems and labels the stage has.
func (s *System) After(targets ...Target) *System {
	s.after = append(s.after, targets...)
	return s
}

// resolveAfter turns the After targets of the runs of a stage into the
// names of the systems they stand for.
func resolveAfter(st *stageDef) []error {
	var errs []error
	for _, r := range st.runs {
		if r.node == nil {
			continue
		}
		r.node.After = r.node.After[:0]
		for _, t := range r.spec.after {
			found := false
			for _, o := range st.runs {
				if o != r && o.node != nil && matches(o.spec, t) {
					r.node.After = append(r.node.After, o.name)
					found = true
				}
			}
			switch {
			case found:
			case r.noPlugin:
				// The plugin it needs is missing, which is reported: the
				// systems it would order after are that plugin's.
			case t == Target(Label{}):
				errs = append(errs, fmt.Errorf("glue: system %s runs After(glue.Label{}), a zero label that no system can be in; make labels with glue.NewLabel(name) and put systems in them with In", r.name))
			case t == Target(r.spec):
				errs = append(errs, fmt.Errorf("glue: system %s is ordered after itself (After(%s)); remove the After, or order it after another system", r.name, r.name))
			case matches(r.spec, t):
				errs = append(errs, fmt.Errorf("glue: system %s is ordered after itself (After(%s), and it is the only system of stage %s in that label); remove the After, or add other systems to the label", r.name, t.(Label).String(), st.name))
			default:
				errs = append(errs, fmt.Errorf("glue: system %s runs After(%s), but stage %s has no such system; %s. Add the system to stage %s, or order against one of these", r.name, afterName(t), st.name, stageContents(st), st.name))
			}
		}
	}
	return errs
}

func afterName(t Target) string {
	if t == nil {
		return "nil"
	}
	return t.targetName()
}

// matches reports whether system s is target t or in it.
func matches(s *System, t Target) bool {
	switch t := t.(type) {
	case *System:
		return s == t
	case Label:
		for _, l := range s.labels {
			if l == t && t.l != nil {
				return true
			}
		}
	}
	return false
}

// stageContents lists a stage's systems and labels, for errors.
func stageContents(st *stageDef) string {
	var names, labels []string
	seen := map[Label]bool{}
	for _, o := range st.runs {
		names = append(names, o.name)
		for _, l := range o.spec.labels {
			if !seen[l] {
				seen[l] = true
				labels = append(labels, l.String())
			}
		}
	}
	if len(names) == 0 {
		return "it has no systems"
	}
	out := "its systems are " + strings.Join(names, ", ")
	if len(labels) > 0 {
		out += "; its labels are " + strings.Join(labels, ", ")
	}
	return out
}
