package input

// taking is what [State.TakePointer] restores: the pointer and the
// pointer-driven sticks as the game last saw them.
type taking struct {
	seen         Pointer          // the pointer the game saw at the last tick
	seenSticks   [MaxSticks]Point // the sticks the game saw at the last tick
	pointerStick [MaxSticks]bool  // this tick's value came from the pointer
	taken        bool             // TakePointer was called this tick
	real         Pointer          // the pointer before TakePointer hid it
}

// begin keeps what the game saw at the last tick, before update changes
// it, and gives prev the pointer's real place if it was taken: moves
// are counted from where the pointer was, not from where it was shown.
func (t *taking) begin(s *State, prev *Pointer) {
	t.seen, t.seenSticks = s.Pointer, s.sticks
	if t.taken {
		prev.X, prev.Y, prev.Touch = t.real.X, t.real.Y, t.real.Touch
	}
	t.taken = false
}

// note finds the sticks whose value this tick comes from the pointer:
// those that read it and would be elsewhere without it.
func (t *taking) note(s *State, d *Devices, b *Bindings, o *Origins) {
	for i := range b.Sticks {
		t.pointerStick[i] = false
		if !b.Sticks[i].Pointer {
			continue
		}
		sb := b.Sticks[i]
		sb.Pointer = false
		t.pointerStick[i] = sb.value(d, o.Points[i], &s.Pointer) != s.sticks[i]
	}
}

// TakePointer hides the whole pointer from the systems that read the
// state after it, for this tick: what a modal menu does, so that nothing
// behind it moves. Pointer keeps the position the game saw at the last
// tick and reports no move; its button is consumed as by
// [State.ConsumePointer] (hidden until released, with the pointer
// actions it alone holds); a stick driven by the pointer ([StickBinding]
// Pointer) keeps the value the game saw at the last tick. The next tick
// shows the pointer again where it then is, and Moved says whether it
// moved since the last tick, taken or not. Call it every
// tick the pointer is to stay taken, after reading the pointer
// yourself.
func (s *State) TakePointer() {
	t := &s.take
	s.ConsumePointer()
	p := &s.Pointer
	if !t.taken {
		t.real = *p
	}
	p.X, p.Y, p.Touch, p.Moved = t.seen.X, t.seen.Y, t.seen.Touch, false
	for i := range s.sticks {
		if t.pointerStick[i] {
			s.sticks[i] = t.seenSticks[i]
			s.dirs.restick(i, s.sticks[i])
		}
	}
	t.taken = true
}

// PointerTaken reports whether [State.TakePointer] was called this tick:
// a modal menu is open over the game.
func (s *State) PointerTaken() bool { return s.take.taken }
