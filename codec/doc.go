// Package codec is glue's binary encoding of component, resource and
// input values, shared by modules/net (values sent over the network) and
// modules/save (values written to save files).
//
// A game lists the types it encodes in a [Registry], one line per type:
//
//	reg := codec.NewRegistry()
//	codec.Register[Ball](reg)         // derived from Ball's fields
//	codec.Register[physics.Body](reg) // glue's own components register alike
//
// [Register] derives a codec from the type's structure once, with
// reflection, into a plan of field offsets and kinds; encoding and
// decoding walk that plan, with no reflection and no allocation per value
// (decoding a slice allocates it). A type whose pointer has the methods
// Encode(*Writer) and Decode(*Reader) error is encoded by them instead
// (render.Image, breakout's random stream), and [RegisterFunc] takes an
// encoder and a decoder written by hand (compact forms). Options shape a
// derived codec ([Only], [Skip], [Float32]), name a type ([Name]), and
// keep old save files loading ([Version], [Renamed], [Default],
// [Migrate]). [Range] bounds a number field of every decoded value, and a
// Validate() error method on the type checks every decoded value. Nothing is decoded into a type that is not registered.
//
// Types are known by stable names, fields by their Go names: a derived
// codec's [Schema] (field names and kinds) goes into every save file, so
// that [Codec.Adapt] reads values written before fields were added,
// removed, reordered or renamed. The wire numbers types by their place in
// name order and checks a hash of each schema.
//
// The encoding is plain: fixed-size numbers little-endian, varints,
// length-prefixed text and bytes, and entity references
// ([Writer.Entity]), which a reader may translate ([Reader.MapEntities]).
// A [Reader] never panics on bad input: reads past the end and lengths or
// counts larger than what is left record an error ([ErrTruncated]) and
// return zero values, and the first error sticks, so a decoder checks
// once, at its end. The error says what was read and where (a
// [*TruncatedError]: "uint32 needs 4 bytes at offset 12, 2 left"), and
// [Codec.Decode] adds the type and a derived codec the field:
//
//	codec: decoding game.Ship: field Path[1].Y: data truncated: float64 needs 8 bytes at offset 47, 3 left
//
// Those details are made only when a read fails: reading costs nothing
// more.
package codec
