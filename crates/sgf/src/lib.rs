//! SGF (Smart Game Format, FF[1]-FF[4]): lossless, error-recovering reading
//! and writing, typed property values, game trees. (Work in progress.)

pub mod charset;
pub mod game_info;
pub mod props;
