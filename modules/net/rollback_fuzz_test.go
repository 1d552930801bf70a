//go:build !js

package net

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// FuzzRollbackMessage feeds a rollback session relayed payloads of any
// bytes: it never panics, and takes in only what decodes.
func FuzzRollbackMessage(f *testing.F) {
	reg := rbRegistry()
	if err := reg.Seal(); err != nil {
		f.Fatal(err)
	}
	cd, enc, _ := codec.Of[rbPad](reg)
	w := codec.NewWriter(nil)
	w.Uint8(rbInput)
	w.Uvarint(1)
	w.Uvarint(5)
	w.Uvarint(0)
	w.Uvarint(2)
	for _, in := range []rbPad{{Axis: 1}, {Axis: -1}} {
		var p codec.Writer
		enc(&in, &p)
		writeComp(w, cd, p.Data())
	}
	f.Add(w.Data())
	f.Add([]byte{rbHello, 1})
	f.Add([]byte{rbStart, 1, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{rbDigest, 1, 60, 1, 3, 'a', 'b', 'c', 1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &session[rbPad]{cfg: RollbackConfig{Registry: reg, DigestEvery: 60, MaxPrediction: 8, Logger: quiet(),
			OnDesync: func(Desync) {}}, app: glue.NewApp(), started: true, link: newClient(ClientConfig{Registry: reg})}
		s.confirmed = 1
		s.received(7, 1, data)
		s.poll()
	})
}
