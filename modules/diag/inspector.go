package diag

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/gluekit/glue"
)

// Describe returns an entity as the inspector shows it when it is
// selected: its id, then one line per component — the type's name and
// its value as fmt's %+v prints it — in the order of its archetype's
// layout. It returns "Entity(…) despawned" for an entity that is not
// alive. It uses reflection: for tools, not for a game's rules.
func Describe(app *glue.App, e glue.Entity) string {
	return strings.Join(describeLines(app, e, nil), "\n")
}

func describeLines(app *glue.App, e glue.Entity, dst []string) []string {
	types := app.ComponentTypes(e)
	if types == nil {
		return append(dst, e.String()+" despawned")
	}
	dst = append(dst, e.String())
	for _, t := range types {
		v, _ := app.Component(e, t)
		dst = append(dst, fmt.Sprintf("  %s %+v", t.Name(), v))
	}
	return dst
}

// shortName cuts the package from a type name: "physics.Body" is
// "Body", "glue.StateScoped[breakout.Phase]" is
// "StateScoped[breakout.Phase]".
func shortName(name string) string {
	head := name
	if i := strings.IndexByte(head, '['); i >= 0 {
		head = head[:i]
	}
	if i := strings.LastIndexByte(head, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// typeMatches reports whether a component type's name is the one a
// filter or a selection names: its full name ("physics.Body") or its
// name without the package ("Body").
func typeMatches(typeName, want string) bool {
	return typeName == want || shortName(typeName) == want
}

// ResourcesFilter is the inspector's filter that lists the app's
// resources, with their values, instead of entities. F8 reaches it after
// the last component type.
const ResourcesFilter = "resources"

// row is one entity of the inspector's list.
type row struct {
	e    glue.Entity
	text string
}

// inspector is the inspector's state and its text.
type inspector struct {
	filter   string
	selected glue.Entity
	// selectType, if set, names a component type: the next refresh
	// selects the first entity with it (Plugin.Select).
	selectType string
	scroll     int
	rows       []row
	types      []string // component types with entities, sorted
	details    []string // the selected entity, described
}

// refresh reads the world: the entities (filtered), the component types
// and the selected entity.
func (in *inspector) refresh(app *glue.App) {
	seen := map[string]bool{}
	for _, a := range app.ArchetypeList() {
		if a.Len == 0 {
			continue
		}
		for _, t := range a.Types {
			seen[t.Name()] = true
		}
	}
	in.types = in.types[:0]
	for n := range seen {
		in.types = append(in.types, n)
	}
	slices.Sort(in.types)

	in.details = in.details[:0]
	if in.selected != 0 {
		in.details = describeLines(app, in.selected, in.details)
	}
	in.rows = in.rows[:0]
	if in.filter == ResourcesFilter {
		for _, r := range app.Resources() {
			in.rows = append(in.rows, row{text: r.Name + " " + shallow(r.Value)})
		}
		in.scroll = max(0, min(in.scroll, len(in.rows)-1))
		return
	}
	ents := app.Entities(nil)
	slices.Sort(ents) // by id: a stable order as entities change archetypes
	var names []string
	for _, e := range ents {
		names = names[:0]
		match := in.filter == ""
		pick := false
		for _, t := range app.ComponentTypes(e) {
			names = append(names, shortName(t.Name()))
			match = match || typeMatches(t.Name(), in.filter)
			pick = pick || (in.selectType != "" && typeMatches(t.Name(), in.selectType))
		}
		if pick {
			in.selected, in.selectType = e, ""
		}
		if match {
			in.rows = append(in.rows, row{e: e, text: e.String() + " " + strings.Join(names, " ")})
		}
	}
	in.scroll = max(0, min(in.scroll, len(in.rows)-1))
}

// cycleFilter moves the filter to the next (or previous) component type,
// then to the resources; past either end it shows all entities.
func (in *inspector) cycleFilter(back bool) {
	filters := append(slices.Clip(in.types), ResourcesFilter)
	i := slices.Index(filters, in.filter) // -1 for all
	if back {
		i--
		if i < -1 {
			i = len(filters) - 1
		}
	} else {
		i++
		if i >= len(filters) {
			i = -1
		}
	}
	in.filter = ""
	if i >= 0 {
		in.filter = filters[i]
	}
	in.scroll = 0
}

// shallow formats a resource for the list: a struct as its fields, two
// levels deep, each as fmt's %+v prints it, but slices, maps and arrays
// of more than 8 elements as their length — a draw list of 10,000 items
// is "[10000]", not 10,000 items formatted four times a second.
func shallow(v any) string { return field(reflect.ValueOf(v), 0) }

func field(v reflect.Value, depth int) string {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Array:
		if v.Len() > 8 {
			return "[" + itoa(v.Len()) + "]"
		}
	case reflect.Struct:
		if depth < 2 {
			var b strings.Builder
			b.WriteByte('{')
			for i := range v.NumField() {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(v.Type().Field(i).Name)
				b.WriteByte(':')
				b.WriteString(field(v.Field(i), depth+1))
			}
			b.WriteByte('}')
			return b.String()
		}
	}
	return fmt.Sprintf("%+v", v)
}
