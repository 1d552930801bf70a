package physics

// What a glue.Checkpoint needs of physics (rollback netcode restores
// past ticks): Space and StepSystem's record of touching pairs keep
// state behind pointers, so they copy themselves (glue.Copier).

// savedRecord is a checkpoint's copy of one collider's state.
type savedRecord struct {
	r                            *record // the record, kept to re-add it
	pos, delta                   Vec
	stamp, kinematicAt, bouncyAt uint64
	charAt                       uint64
	seq                          int
	sensor, oneWay               bool
}

// CopyFrom implements glue.Copier: the Space is made the state of src
// (a *Space) for a checkpoint. A checkpoint's Space holds only the
// colliders' states (saved); restoring one into the app's Space puts
// back the colliders removed since, removes those added since, and
// moves every shape to its saved position, and gives the grid back the
// area it had (the grid only grows: a restore across a growth rebuilds
// it). It allocates only for colliders to put back, for a grid rebuilt
// and when its buffers grow.
func (s *Space) CopyFrom(src any) {
	o := src.(*Space)
	s.tick, s.stamp, s.seq = o.tick, o.stamp, o.seq
	if o.records != nil && s.records == nil {
		// Saving into a checkpoint: keep the colliders' states only.
		s.cell, s.area = o.cell, o.area
		s.saved = s.saved[:0]
		for _, r := range o.records {
			s.saved = append(s.saved, savedRecord{r: r, pos: r.pos, delta: r.delta, stamp: r.stamp,
				kinematicAt: r.kinematicAt, bouncyAt: r.bouncyAt, charAt: r.charAt, seq: r.seq, sensor: r.sensor, oneWay: r.oneWay})
		}
		clear(s.saved[len(s.saved):cap(s.saved)])
		return
	}
	// Restoring into the app's Space.
	s.restores++
	for i := range o.saved {
		o.saved[i].r.restored = s.restores
	}
	s.removed = s.removed[:0]
	for e, r := range s.records {
		if r.restored != s.restores {
			s.removed = append(s.removed, e)
		}
	}
	s.remove(s.removed)
	s.added = s.added[:0]
	for i := range o.saved {
		sr := &o.saved[i]
		r := sr.r
		r.pos, r.delta, r.stamp = sr.pos, sr.delta, sr.stamp
		r.kinematicAt, r.bouncyAt, r.charAt, r.seq = sr.kinematicAt, sr.bouncyAt, sr.charAt, sr.seq
		r.sensor, r.oneWay = sr.sensor, sr.oneWay
		if s.records[r.e] != r {
			s.records[r.e] = r
			s.added = append(s.added, r)
			continue
		}
		if s.rs != nil {
			r.shape.SetPosition(r.pos.X-s.area.Min.X, r.pos.Y-s.area.Min.Y)
		}
	}
	if err := s.add(s.added); err != nil {
		panic("physics: internal error: restoring a checkpoint: " + err.Error())
	}
	clear(s.added)
	s.added = s.added[:0]
	if s.area != o.area && !o.area.Empty() {
		// The grid grew since the checkpoint (a collider added out of
		// it): make it the checkpoint's again, so that the ticks run
		// again grow it when the first run did, and the Space's digest
		// (which covers the area) is the first run's. It allocates a
		// new grid, as growing it did.
		s.rebuild(o.area)
	}
}

// CopyFrom implements glue.Copier for StepSystem's Local.
func (t *touching) CopyFrom(src any) {
	o := src.(*touching)
	t.prev = append(t.prev[:0], o.prev...)
	t.cur = append(t.cur[:0], o.cur...)
}

// CopyFrom implements glue.Copier for Contacts: a checkpoint keeps a list
// of its own, and a restore copies it into the app's, whose memory stays
// (the next step reuses it). By assignment, the two shared one list, which
// the steps after a Save overwrote.
func (c *Contacts) CopyFrom(src any) {
	c.List = append(c.List[:0], src.(*Contacts).List...)
}
