// Package tiledzstd decompresses zstd-compressed Tiled layers for
// modules/tiled, with github.com/klauspost/compress's zstd decoder. It is
// a package of its own so that games whose maps use gzip, zlib or no
// compression do not link the decoder (about 0.6 MB of a WebAssembly
// file): set tiled.Plugin.Zstd (or tiled.LoadOptions.Zstd) to
// [Decompress] to read zstd maps.
package tiledzstd

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// decoder is made on first use; its DecodeAll may be called
// concurrently.
var decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
})

// Decompress returns the zstd-compressed data src decompressed. It is
// concurrent-safe.
func Decompress(src []byte) ([]byte, error) {
	d, err := decoder()
	if err != nil {
		return nil, err
	}
	return d.DecodeAll(src, nil)
}
