//! Integration tests of kifu-board, one test binary for the crate:
//! - `coord_props`: the coordinate systems, as property tests.
//! - `rules`: captures, ko and suicide, against a reference board.

mod coord_props;
mod rules;
