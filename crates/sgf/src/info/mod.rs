//! Game information: its typed values ([`game_info`]) and their FF\[4\]
//! forms ([`normalize_info`]).

pub mod game_info;
pub mod normalize_info;
