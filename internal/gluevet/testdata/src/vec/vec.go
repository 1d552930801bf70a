// Package vec is a component library in another package: its methods'
// facts (which change their receiver) cross the package boundary.
package vec

type Vec struct{ X, Y float64 }

// Add changes v.
func (v *Vec) Add(o Vec) { v.X += o.X; v.Y += o.Y }

// Scale changes v through Add's sibling.
func (v *Vec) Scale(k float64) { v.X *= k; v.Y *= k }

// Len reads v through a pointer receiver: not a write.
func (v *Vec) Len() float64 { return v.X*v.X + v.Y*v.Y }

// Plus returns a new Vec: a value receiver.
func (v Vec) Plus(o Vec) Vec { return Vec{v.X + o.X, v.Y + o.Y} }

// Body holds a Vec by value and a pointer to shared state.
type Body struct {
	Pos   Vec
	Trail *[]Vec
}

// Move changes b through a method of its field.
func (b *Body) Move(d Vec) { b.Pos.Add(d) }

// Push appends through a pointer b holds: b's own value is unchanged.
func (b *Body) Push(v Vec) { *b.Trail = append(*b.Trail, v) }
