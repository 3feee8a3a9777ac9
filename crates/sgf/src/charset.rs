//! Charsets (stub, being written).
