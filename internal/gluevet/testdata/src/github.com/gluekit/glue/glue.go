// Package glue is a stand-in for github.com/gluekit/glue with the
// signatures gluevet knows, for the analyzer's tests.
package glue

import "iter"

type Entity uint64

type Entities struct{}

type System struct{ name string }

func (s *System) Named(name string) *System { s.name = name; return s }
func (s *System) With(...any) *System       { return s }
func (s *System) After(...any) *System      { return s }
func (s *System) Name() string              { return s.name }

type Stage int

const Update Stage = 1

type App struct{}

func (a *App) AddSystems(Stage, ...*System) *App { return a }
func (a *App) AddStartup(...*System) *App        { return a }

func Func[P any](fn func(P)) *System                       { return &System{} }
func Each1[A any](fn func(Entity, A)) *System              { return &System{} }
func Each1P[A, P any](fn func(Entity, A, P)) *System       { return &System{} }
func Each2[A, B any](fn func(Entity, A, B)) *System        { return &System{} }
func Each2P[A, B, P any](fn func(Entity, A, B, P)) *System { return &System{} }
func Each3[A, B, C any](fn func(Entity, A, B, C)) *System  { return &System{} }
func Batch1[A any](fn func(Entities, A)) *System           { return &System{} }
func Batch2[A, B any](fn func(Entities, A, B)) *System     { return &System{} }

type Query1[A any] struct{}

func (q Query1[A]) Each(fn func(Entity, A))          {}
func (q Query1[A]) Get(e Entity) (x0 A, ok bool)     { return }
func (q Query1[A]) First() (e Entity, x0 A, ok bool) { return }
func (q Query1[A]) All() iter.Seq2[Entity, A]        { return nil }

type Query2[A, B any] struct{}

func (q Query2[A, B]) Each(fn func(Entity, A, B))             {}
func (q Query2[A, B]) Get(e Entity) (x0 A, x1 B, ok bool)     { return }
func (q Query2[A, B]) First() (e Entity, x0 A, x1 B, ok bool) { return }
func (q Query2[A, B]) All() iter.Seq2[Entity, Row2[A, B]]     { return nil }

type Row2[A, B any] struct {
	A A
	B B
}

type Query3[A, B, C any] struct{}

func (q Query3[A, B, C]) All() iter.Seq2[Entity, Row3[A, B, C]] { return nil }

type Row3[A, B, C any] struct {
	A A
	B B
	C C
}

type View[T any] struct{ s []T }

func (v View[T]) Len() int   { return len(v.s) }
func (v View[T]) At(i int) T { return v.s[i] }

type Column[T any] struct{ s []T }

func (c Column[T]) At(i int) *T { return &c.s[i] }

type Res[T any] struct{ p *T }

func (r Res[T]) Get() *T { return r.p }

type ResMut[T any] struct{ p *T }

func (r ResMut[T]) Get() *T { return r.p }

type Opt[T any] struct{ p *T }

func (r Opt[T]) Get() *T { return r.p }

type Commands struct{}

type Local[T any] struct{ p *T }

func (l Local[T]) Get() *T { return l.p }

func Batch1P[A, P any](fn func(Entities, A, P)) *System { return &System{} }

type Disabled struct{}

type Type struct{ name string }

func TypeOf[T any]() Type { return Type{} }

func (c Commands) Enable(e Entity)  {}
func (c Commands) Disable(e Entity) {}

func (s *System) IncludeDisabled() *System { return s }

type AnyQuery interface{}

func RemoveAll[Q AnyQuery](cmds Commands, q Q, types ...Type) {}

func Func2[A, B any](fn func(A, B)) *System { return &System{} }

func SpawnBundle[B any](cmds Commands, b B) Entity                     { return 0 }
func InsertBundle[B any](cmds Commands, target Entity, b B)            {}
func SpawnBatch[B any](cmds Commands, n int, b B) Entities             { return Entities{} }
func SpawnBatchOf[B any](cmds Commands, bs []B) Entities               { return Entities{} }
func Spawn1[A any](cmds Commands, a A) Entity                          { return 0 }
func Spawn2[A, B any](cmds Commands, a A, b B) Entity                  { return 0 }
func Insert1[A any](cmds Commands, target Entity, a A)                 {}
func SpawnIn1[S comparable, A any](cmds Commands, state S, a A) Entity { return 0 }
func InsertAll[Q AnyQuery, T any](cmds Commands, q Q, v T)             {}

func (c Commands) Spawn(components ...any) Entity                { return 0 }
func (c Commands) Insert(e Entity, components ...any)            {}
func (c Commands) Modify(e Entity, remove []Type, insert ...any) {}
