package diag

import (
	"runtime/metrics"
	"time"
)

// memReader reads the heap and GC figures from runtime/metrics into
// samples it keeps, so that a refresh allocates little; the overlay reads
// it a few times a second while shown, never per frame.
type memReader struct {
	samples []metrics.Sample
	// pauses is the last reading of the GC pause histogram's counts.
	pauses []uint64
}

// The metrics read; a name the running Go does not know reads as
// metrics.KindBad and is left at zero.
const (
	metricHeap   = "/memory/classes/heap/objects:bytes"
	metricCycles = "/gc/cycles/total:gc-cycles"
	metricPauses = "/sched/pauses/total/gc:seconds"
	metricLive   = "/gc/heap/live:bytes"
)

// read fills f's heap and GC figures; GCPauses and GCPauseMax cover the
// time since the previous read.
func (m *memReader) read(f *Figures) {
	if m.samples == nil {
		m.samples = []metrics.Sample{{Name: metricHeap}, {Name: metricCycles}, {Name: metricPauses}, {Name: metricLive}}
	}
	metrics.Read(m.samples)
	if v := m.samples[0].Value; v.Kind() == metrics.KindUint64 {
		f.HeapInUse = v.Uint64()
	}
	if v := m.samples[1].Value; v.Kind() == metrics.KindUint64 {
		f.GCCycles = v.Uint64()
	}
	if v := m.samples[3].Value; v.Kind() == metrics.KindUint64 {
		f.HeapLive = v.Uint64()
	}
	f.GCPauses, f.GCPauseMax = 0, 0
	if v := m.samples[2].Value; v.Kind() == metrics.KindFloat64Histogram {
		h := v.Float64Histogram()
		first := m.pauses == nil
		if len(m.pauses) != len(h.Counts) {
			m.pauses = make([]uint64, len(h.Counts))
		}
		for i, c := range h.Counts {
			if d := c - m.pauses[i]; d > 0 && !first {
				f.GCPauses += d
				f.GCPauseMax = bucketTop(h.Buckets, i)
			}
			m.pauses[i] = c
		}
	}
}

// bucketTop returns the upper bound of histogram bucket i as a duration.
func bucketTop(buckets []float64, i int) time.Duration {
	top := buckets[i+1]
	if top > 1e6 { // +Inf: the bucket's lower bound is all that is known
		top = buckets[i]
	}
	return time.Duration(top * float64(time.Second))
}
