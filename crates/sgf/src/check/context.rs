//! What the checks of a node know of its place and its game.

/// What a node's checks need to know about its place and its game.
pub(super) struct Context {
    pub(super) is_root: bool,
    pub(super) go: bool,
    pub(super) info_above: bool,
    /// FF\[1\]-FF\[3\].
    pub(super) old_format: bool,
    /// The file format, 1 to 4 (4 when `FF` is not 1 to 4).
    pub(super) ff: u8,
    pub(super) tt_is_pass: bool,
    pub(super) size: kifu_board::BoardSize,
}
