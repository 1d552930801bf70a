package glue

import (
	"reflect"
	"testing"
)

type typedA struct{ N int }
type typedB struct{ S string }

// Res, ResMut, Opt and Local are built and fetched by one non-generic
// body for every type (issue #40): they hold a typedParam, and their
// pointers implement neither param nor paramFetch, so no method of theirs
// is run once per type. The queries are not fetched at all.
func TestTypedParamsHaveNoPerTypeMethods(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[Res[typedA]](), reflect.TypeFor[Res[typedB]](),
		reflect.TypeFor[ResMut[typedA]](), reflect.TypeFor[Opt[typedB]](),
		reflect.TypeFor[Local[int]](), reflect.TypeFor[Local[[]typedA]](),
	} {
		if !isTypedParam(typ) {
			t.Errorf("%s is not a typed param", typ)
		}
		if p := reflect.PointerTo(typ); p.Implements(paramType) || p.Implements(reflect.TypeFor[paramFetch]()) {
			t.Errorf("*%s has initParam or fetchParam of its own: one copy per type", typ)
		}
		if !isParam(typ) {
			t.Errorf("%s is not a param", typ)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[Query1[*typedA]](), reflect.TypeFor[Query2[typedA, *typedB]]()} {
		if reflect.PointerTo(typ).Implements(reflect.TypeFor[paramFetch]()) {
			t.Errorf("*%s has a fetchParam, run every tick for nothing", typ)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[typedA](), reflect.TypeFor[struct{ A, B int }](), reflect.TypeFor[struct {
		X [0]*int
		Y int
	}]()} {
		if isTypedParam(typ) {
			t.Errorf("%s taken for a typed param", typ)
		}
	}
}
