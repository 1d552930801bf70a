package net

import "iter"

// Input is one message a client sent with [SendInput],
// [SendPeriodically] or [Predict]: the sender and the decoded value, whose
// type is one of the registered types.
type Input struct {
	Client ClientID
	Value  any
	// Tick is the client's tick of an input a [Predict] system sent (a
	// stamped input), 0 for others. The server hands a client's stamped
	// inputs over one per tick, in order, and never more: a burst waits
	// (the newest 8 of it), so that no client steers faster than one
	// input per server tick. It tells the client the last one handed
	// over with each state: the game must apply each in the tick it gets
	// it, as the client did, or the client's prediction is corrected.
	Tick uint64
}

// Inputs is the resource in which a [Server] hands the game what its
// clients sent since the previous tick. [ServerPlugin] inserts it and
// refills it at the start of every tick (in the core stage glue.PreUpdate,
// [BeginTickSystem]); game systems read it with glue.Res[net.Inputs].
type Inputs struct {
	// Joined lists the clients that connected since the previous tick.
	Joined []ClientID
	// Left lists the clients that disconnected since the previous tick.
	// A client's Left always comes in a later tick than its last inputs,
	// so a game may forget a client on Left whether it reads Left before
	// or after the inputs.
	Left []ClientID

	list []Input
}

// All returns every input of this tick, in the order they arrived. The
// slice is reused next tick: do not keep it.
func (in *Inputs) All() []Input { return in.list }

// InputsOf iterates over this tick's inputs of type T, in the order they
// arrived, with their senders:
//
//	for client, dir := range net.InputsOf[PaddleInput](inputs.Get()) { … }
func InputsOf[T any](in *Inputs) iter.Seq2[ClientID, T] {
	return func(yield func(ClientID, T) bool) {
		for _, x := range in.list {
			if v, ok := x.Value.(T); ok {
				if !yield(x.Client, v) {
					return
				}
			}
		}
	}
}

// Put replaces this tick's inputs with list, for code that hands a game
// inputs without a server: a test's or a replay's record of what players
// sent. The game sees them in All and InputsOf as if a server had handed
// them over.
func (in *Inputs) Put(list ...Input) {
	clear(in.list)
	in.list = append(in.list[:0], list...)
}
