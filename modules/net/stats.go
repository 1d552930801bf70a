package net

import (
	"strconv"
	"time"

	"github.com/gluekit/glue"
)

// Stats is the resource of a [Rollback] session's network figures,
// refreshed after every frame (App.Update) without allocating: what to
// look at to tune a match (docs/net.md, "Tuning, and the stats to look
// at"). It is this machine's ([glue.MachineLocal]): no checkpoint
// restores or compares it, and a game must not let it change its state.
// A diagnostics overlay (modules/diag) shows it in two lines while a
// session runs ([Stats.OverlayLines]).
type Stats struct {
	// Running is set once every player is connected and the game runs.
	Running bool
	// Player is this side's player (RollbackConfig.Player), of Players.
	Player  Player
	Players int
	// Tick is the last tick run; Confirmed the last tick of which every
	// other player's input is known (that of the slowest player).
	Tick, Confirmed uint64
	// RoundTrip is the time from sending an input to its
	// acknowledgement by every other player still in the game, smoothed:
	// the longest round trip over the players (that of the slowest),
	// through the relay plus up to a frame on the other side. It is
	// what the input delay follows.
	RoundTrip time.Duration
	// Ahead is how many ticks this side runs past the last input it has
	// of the slowest player: the ticks it predicts. Near Prediction, the
	// session waits.
	Ahead int
	// Lead is how many ticks this side's clock runs ahead of another
	// player's, smoothed, the most of any player (negative: behind all):
	// the session waits a frame now and then while it is 1 or more.
	Lead float64
	// InputDelay is the input delay in use now, in ticks; Prediction the
	// prediction window (RollbackConfig.MaxPrediction, as adapted).
	InputDelay, Prediction int
	// Rollbacks counts the restores of a checkpoint, Resimulated the
	// ticks run again; RollbacksPerSecond is the rate over the last
	// whole second.
	Rollbacks, Resimulated uint64
	RollbacksPerSecond     float64
	// Stalls counts the frames that ran no tick to wait for another
	// player (or to let the others catch up).
	Stalls uint64
	// BytesSent and BytesReceived count the session's payloads each way
	// (the WebSocket and relay headers add about 10 bytes to each
	// message); SentPerSecond and ReceivedPerSecond are the rates over
	// the last whole second.
	BytesSent, BytesReceived         uint64
	SentPerSecond, ReceivedPerSecond float64
	// Resends counts the messages of inputs sent again by the timer
	// (resendEvery) because another player had not acknowledged them:
	// many means messages are lost or a side is stalled.
	Resends uint64
	// DelayChanges counts the changes of the input delay during the
	// match (RollbackConfig.FixedDelay: none).
	DelayChanges uint64
}

// MachineLocal marks Stats as this machine's (glue.MachineLocal).
func (Stats) MachineLocal() {}

// ProvidedBy returns "net.Rollback", the plugin that inserts Stats.
func (Stats) ProvidedBy() string { return "net.Rollback" }

// OverlayLines appends the overlay's lines for the stats to dst: none
// before the session runs. modules/diag calls it on every resource that
// has it, a few times a second while its overlay is shown.
func (st Stats) OverlayLines(dst []string) []string {
	if !st.Running {
		return dst
	}
	b := make([]byte, 0, 96)
	b = append(b, "net rtt "...)
	b = strconv.AppendInt(b, st.RoundTrip.Milliseconds(), 10)
	b = append(b, "ms  delay "...)
	b = strconv.AppendInt(b, int64(st.InputDelay), 10)
	b = append(b, "  ahead "...)
	b = strconv.AppendInt(b, int64(st.Ahead), 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(st.Prediction), 10)
	b = append(b, "  lead "...)
	b = strconv.AppendFloat(b, st.Lead, 'f', 1, 64)
	dst = append(dst, string(b))
	b = append(b[:0], "rollbacks "...)
	b = strconv.AppendFloat(b, st.RollbacksPerSecond, 'f', 1, 64)
	b = append(b, "/s ("...)
	b = strconv.AppendUint(b, st.Resimulated, 10)
	b = append(b, " ticks)  stalls "...)
	b = strconv.AppendUint(b, st.Stalls, 10)
	b = append(b, "  resends "...)
	b = strconv.AppendUint(b, st.Resends, 10)
	b = append(b, "  B/s "...)
	b = strconv.AppendFloat(b, st.SentPerSecond, 'f', 0, 64)
	b = append(b, " up "...)
	b = strconv.AppendFloat(b, st.ReceivedPerSecond, 'f', 0, 64)
	b = append(b, " down"...)
	return append(dst, string(b))
}

// netRate measures the bytes each way per second, as rate does the
// rollbacks (once a second).
type netRate struct {
	at             time.Time
	sent, received uint64
}

// publish copies the session's figures into the Stats resource (after
// every frame).
func (s *session[I]) publish() {
	p := glue.Resource[Stats](s.app)
	if p == nil {
		return
	}
	st := s.stats()
	now := s.clock()
	if s.byteRate.at.IsZero() {
		s.byteRate = netRate{at: now, sent: st.BytesSent, received: st.BytesReceived}
	} else if d := now.Sub(s.byteRate.at); d >= time.Second {
		p.SentPerSecond = float64(st.BytesSent-s.byteRate.sent) / d.Seconds()
		p.ReceivedPerSecond = float64(st.BytesReceived-s.byteRate.received) / d.Seconds()
		s.byteRate = netRate{at: now, sent: st.BytesSent, received: st.BytesReceived}
	}
	p.Running, p.Player, p.Players, p.Tick, p.Confirmed = st.Started, st.Player, st.Players, st.Tick, st.Confirmed
	p.RoundTrip, p.Ahead, p.Lead = st.RoundTrip, st.Ahead, s.lead
	p.InputDelay, p.Prediction = s.cfg.InputDelay, s.cfg.MaxPrediction
	p.Rollbacks, p.Resimulated, p.RollbacksPerSecond = st.Rollbacks, st.Resimulated, st.RollbacksPerSecond
	p.Stalls, p.Resends = st.Stalls, st.Resends
	p.BytesSent, p.BytesReceived = st.BytesSent, st.BytesReceived
	p.DelayChanges = s.delayChanges
}

// driveAndPublish is the app's driver: a frame of the session, then its
// figures in Stats.
func (s *session[I]) driveAndPublish(tick func() error) error {
	err := s.drive(tick)
	s.publish()
	return err
}

// tuning is the session's state for Stats and the adaptive delay
// (adapt.go).
type tuning struct {
	lead         float64 // Stats.Lead
	leadSet      bool    // lead has its first value
	sinceWait    int     // frames since evenOut last waited
	delayChanges uint64  // Stats.DelayChanges
	byteRate     netRate
	rttVar       time.Duration // the round trip's mean deviation (sampleRTT)
	slower       int           // ticks stamped in a row with the targets below the delay
	// delayFloor and predFloor are the configured InputDelay and
	// MaxPrediction, below which the targets never go; delay0 is the
	// delay of the start, agreed by both sides (the ticks before
	// 2+delay0 have nobody's input).
	delayFloor, predFloor int
	delay0                uint64
}
