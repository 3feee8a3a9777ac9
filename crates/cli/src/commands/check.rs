//! `kifu check FILE...`

use crate::args::CheckArgs;
use crate::commands::{CliError, report_encoding, status};
use crate::{input, report};

pub(crate) fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let mut errors = false;
    let mut failed = false;
    for path in &args.files {
        let input = match input::read(path) {
            Ok(input) => input,
            Err(e) => {
                // One unreadable file does not stop the others.
                eprintln!("kifu: {e}");
                failed = true;
                continue;
            }
        };
        let parsed = kifu_sgf::parse(&input.bytes);
        errors |= report::emit(
            &input.name,
            &input.bytes,
            report_encoding(&parsed.value),
            &parsed.diagnostics,
            &args.diagnostics,
        );
    }
    Ok(if failed {
        crate::EXIT_FAILURE
    } else {
        status(errors)
    })
}
