//! Typed property layer (stub, being written).
