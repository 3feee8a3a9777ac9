//! In-process tests of every request, through `lsp-server`'s in-memory
//! connection (the end-to-end tests with real clients are in
//! `crates/lsp/tests/e2e`, run by `crates/lsp/run-e2e`).

mod client;
mod preview;
mod requests;
mod robust;
