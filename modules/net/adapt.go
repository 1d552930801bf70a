package net

import (
	"math"
	"time"
)

// The input delay and the prediction window follow the round trip
// during the match (issue #34, item 5; docs/net.md, "Input delay"), and
// the two sides' clocks are kept even by waiting a frame now and then.
//
// A side's input delay is its own: it decides at which tick its own
// samples take effect, and the other side only ever sees the result, its
// inputs tick by tick. So the delay may change during the match without
// the sides agreeing on anything: each change is part of the stream of
// inputs both games are fed. A side that raises its delay by one stamps
// the sample of that tick for two ticks (the tick of the old delay and
// that of the new), so no tick is without an input; one that lowers it
// by one drops a sample, which it does only when the sample equals the
// input already stamped for that tick, so no key is lost. Both games
// see the same inputs in the same ticks, whatever either side's delay:
// the digests agree.

// rttTick is a tick at 60 ticks a second.
const rttTick = time.Second / 60

// delaySpare is the ticks of spare the targets keep between the other
// player's inputs as they come and the end of the prediction window: a
// frame on each side and the rounding to ticks.
const delaySpare = 3

// sampleRTT notes a round trip measured (timeAck): its spread, as TCP
// keeps one (RFC 6298), widens the margin of the targets on a link that
// jitters.
func (s *session[I]) sampleRTT(rtt time.Duration) {
	dev := rtt - s.st.RoundTrip
	if dev < 0 {
		dev = -dev
	}
	if s.rttVar == 0 {
		s.rttVar = rtt / 2
		return
	}
	s.rttVar += (dev - s.rttVar) / 4
}

// targets returns the input delay and the prediction window the
// measured round trip asks for: the other's inputs of a tick come before
// this side has run past them by the prediction window, with
// delaySpare ticks to spare. The delay takes what the configured
// prediction cannot (at most maxAdaptiveDelay), the prediction the rest
// (at most maxAdaptivePrediction); neither goes below the configured
// values.
func (s *session[I]) targets() (delay, prediction int) {
	oneWay := s.st.RoundTrip/2 + s.rttVar
	need := int((oneWay+rttTick-1)/rttTick) + delaySpare
	delay = min(max(s.delayFloor, need-s.predFloor), max(s.delayFloor, maxAdaptiveDelay))
	prediction = min(max(s.predFloor, need-delay), max(s.predFloor, maxAdaptivePrediction))
	return delay, prediction
}

// stamp keeps the local player's sample v of tick t (its first run) for
// tick t plus the input delay; flushInputs sends it at the frame's end. Unless Config.FixedDelay is
// set, the delay first moves by at most one tick toward what the round
// trip asks for (targets): up at once, down only when the link has been
// faster for half a second of ticks and v equals the input already stamped
// for the tick it would take effect in.
func (s *session[I]) stamp(t uint64, v I) {
	d := uint64(s.cfg.InputDelay)
	if !s.cfg.FixedDelay && s.started && s.st.RoundTrip > 0 && s.lastAt == t-1+d {
		want, pred := s.targets()
		s.cfg.MaxPrediction = pred
		switch {
		case want > int(d):
			s.slower = 0
			s.local[(t+d)%rbRing] = tickIn[I]{tick: t + d, v: v} // the tick of the old delay
			d++
			s.changeDelay(d)
		case want < int(d):
			if s.slower++; s.slower >= 30 && s.local[(t+d-1)%rbRing].v == v {
				s.slower = 0
				d--
				s.changeDelay(d)
				return // tick t+d is stamped already, with v, and lastAt is it
			}
		default:
			s.slower = 0
		}
	}
	at := t + d
	s.local[at%rbRing] = tickIn[I]{tick: at, v: v}
	s.lastAt = at // sent at the frame's end (flushInputs)
}

// changeDelay sets the input delay in use (stamp).
func (s *session[I]) changeDelay(d uint64) {
	s.cfg.Logger.Debug("net: rollback: input delay follows the round trip", "rtt", s.st.RoundTrip, "delay", d, "from", s.cfg.InputDelay)
	s.cfg.InputDelay = int(d)
	s.delayChanges++
}

// evenOut reports whether this frame waits, running no tick, so that the
// other players' clocks catch up with this one's (frame, each frame that
// could run one). The lead — half of how much further this side runs
// past another player's inputs than that player past this side's, the
// most of any player still in the game (rawLead) — is smoothed over
// about 16 frames, so that the jitter of one message does not make a
// side wait; a side waits a frame when its lead is a tick or more, and
// then no sooner than a round trip later (less for a bigger lead), when
// the other sides' figures show the wait.
func (s *session[I]) evenOut() bool {
	x := float64(s.rawLead()) / 2
	if !s.leadSet {
		s.lead, s.leadSet = x, true
	} else {
		s.lead += (x - s.lead) / 16
	}
	s.sinceWait++
	if s.lead < 1 || s.simulated == 0 {
		return false
	}
	gap := max(2, int(s.st.RoundTrip/rttTick)/int(math.Ceil(s.lead)))
	if s.sinceWait < gap {
		return false
	}
	s.recommendWait(int(math.Round(s.lead)))
	s.sinceWait = 0
	s.lead-- // what the wait does, before the other side's figures show it
	return true
}
