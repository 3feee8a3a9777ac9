//! The GIB, NGF and UGF readers and the format sniffer on any bytes (see
//! `common/servers.rs` for what is asserted). `gib_read`, `ngf_read` and
//! `ugf_read` run one reader each, so that the fuzzer's coverage guidance
//! follows that reader alone.
#![no_main]

use kifu_servers::Format;
use libfuzzer_sys::fuzz_target;

#[path = "common/servers.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let _ = Format::sniff(data);
    for format in [Format::Gib, Format::Ngf, Format::Ugf] {
        common::check(data, format);
    }
});
