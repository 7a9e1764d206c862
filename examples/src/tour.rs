//! A tour of the envelope: prints what a few errors look like on the wire.

fn main() {}
