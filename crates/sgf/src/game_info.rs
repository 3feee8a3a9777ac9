//! Game information (stub, being written).
