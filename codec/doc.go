// Package codec is glue's binary encoding of component, resource and
// input values, shared by modules/net (values sent over the network) and
// modules/save (values written to save files).
//
// A game lists the types it encodes in a [Registry], each with a wire id,
// a version and a codec: an encoder that writes the value's fields to a
// [Writer] and a decoder that reads them back, in the same order, from a
// [Reader] ([Register]), or the type's own Encode and Decode methods
// ([RegisterBinary], [IBinary]), or nothing for a tag ([RegisterTag]).
// Nothing is decoded into a type that is not registered.
//
// The encoding is plain: fixed-size numbers little-endian, varints,
// length-prefixed text and bytes, and entity references
// ([Writer.Entity]), which a reader may translate ([Reader.MapEntities]).
// A [Reader] never panics on bad input: reads past the end and lengths or
// counts larger than what is left record an error ([ErrTruncated]) and
// return zero values, and the first error sticks, so a decoder checks
// once, at its end.
package codec
