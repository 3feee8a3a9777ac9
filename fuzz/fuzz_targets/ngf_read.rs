//! The WBaduk NGF reader alone on any bytes (see `common/servers.rs` for what
//! is asserted).
#![no_main]

use kifu_servers::Format;
use libfuzzer_sys::fuzz_target;

#[path = "common/servers.rs"]
mod common;

fuzz_target!(|data: &[u8]| common::check(data, Format::Ngf));
