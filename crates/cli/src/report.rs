//! Rendering diagnostics: `file:line:col: severity[code]: message`, or one
//! JSON object per line for machines. Rendered to text first so that a
//! parallel batch prints each file's lines together and in input order.

use std::fmt::Write as _;
use std::io::IsTerminal;

use annotate_snippets::{Level, Renderer, Snippet};

use kifu_diag::{Diagnostic, LineIndex, Severity};

use crate::args::{DiagnosticArgs, DiagnosticFormat};

/// What `kifu fix` would do about one diagnostic, and whether information
/// may be lost.
#[derive(Clone, Debug, Default)]
pub(crate) struct Advice {
    pub(crate) fix: Option<String>,
    pub(crate) critical: bool,
}

/// The advice for each of `diagnostics` of an SGF input: the repair that
/// `kifu fix --force` makes for it (found by running it on a copy), else
/// what the table of codes says.
pub(crate) fn advise(input: &[u8], diagnostics: &[Diagnostic]) -> Vec<Advice> {
    let fixed = kifu_sgf::fix::fix(input, &kifu_sgf::repair::Options { force: true });
    let repairs = &fixed.report.made;
    diagnostics
        .iter()
        .map(|d| {
            let overlaps = |r: &&kifu_sgf::repair::Repair| {
                r.code == d.code
                    && (r.span.start == d.span.start
                        || (r.span.start < d.span.end.max(d.span.start + 1)
                            && d.span.start < r.span.end.max(r.span.start + 1)))
            };
            match repairs.iter().find(overlaps) {
                Some(r) => Advice {
                    fix: Some(r.message.clone()),
                    critical: r.critical,
                },
                None => {
                    let info = kifu_sgf::codes::info(d.code);
                    Advice {
                        fix: info.map(|i| i.fix.to_owned()),
                        critical: info.is_some_and(|i| i.critical) && d.is_error(),
                    }
                }
            }
        })
        .collect()
}

/// The advice of the table of codes alone: no fix text, and critical for
/// errors whose code may be critical (the short form's summary).
pub(crate) fn advice_from_table(diagnostics: &[Diagnostic]) -> Vec<Advice> {
    diagnostics
        .iter()
        .map(|d| Advice {
            fix: None,
            critical: d.is_error() && kifu_sgf::codes::info(d.code).is_some_and(|i| i.critical),
        })
        .collect()
}

/// Renders the diagnostics of one input into `out`.
pub(crate) fn render(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    let quiet = DiagnosticArgs {
        format: args.format,
        quiet: args.quiet,
        deny: args.deny,
        allow: args.allow.clone(),
        no_summary: true,
    };
    render_advised(name, source, encoding, diagnostics, &[], &quiet, out);
}

/// [`render`] with the advice of [`advise`] (or none: `&[]`), then a line
/// that sums the file up, as SGFC does (`file: 2 errors, 1 warning (1
/// critical)`; `file: OK` on a terminal).
pub(crate) fn render_advised(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    diagnostics: &[Diagnostic],
    advice: &[Advice],
    args: &DiagnosticArgs,
    out: &mut String,
) {
    let format = match args.format {
        DiagnosticFormat::Auto if std::io::stderr().is_terminal() => DiagnosticFormat::Human,
        DiagnosticFormat::Auto => DiagnosticFormat::Short,
        f => f,
    };
    let reported: Vec<(&Diagnostic, Advice)> = diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| !args.allows(d.code))
        .filter(|(_, d)| !args.quiet || d.severity >= Severity::Error)
        .map(|(i, d)| (d, advice.get(i).cloned().unwrap_or_default()))
        .collect();
    if reported.is_empty() {
        if format == DiagnosticFormat::Human && !args.quiet && !args.no_summary {
            let _ = writeln!(out, "{name}: OK");
        }
        return;
    }
    render_reported(name, source, encoding, &reported, format, out);
    if format != DiagnosticFormat::Json && !args.no_summary {
        let _ = writeln!(out, "{}", summary_line(name, &reported));
    }
}

/// `file: 2 errors, 1 warning, 3 notes (1 critical)`.
fn summary_line(name: &str, reported: &[(&Diagnostic, Advice)]) -> String {
    let count = |s: Severity| reported.iter().filter(|(d, _)| d.severity == s).count();
    let mut parts = Vec::new();
    for (n, one, many) in [
        (count(Severity::Error), "error", "errors"),
        (count(Severity::Warning), "warning", "warnings"),
        (count(Severity::Note), "note", "notes"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {}", if n == 1 { one } else { many }));
        }
    }
    let critical = reported.iter().filter(|(_, a)| a.critical).count();
    let critical = if critical > 0 {
        format!(" ({critical} critical)")
    } else {
        String::new()
    };
    format!("{name}: {}{critical}", parts.join(", "))
}

fn render_reported(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    reported: &[(&Diagnostic, Advice)],
    format: DiagnosticFormat,
    out: &mut String,
) {
    let index = LineIndex::new(source);
    // On a terminal, messages that repeat are shown a few times, then counted.
    let mut shown: Vec<(&str, usize)> = Vec::new();
    for (d, advice) in reported {
        let d = *d;
        if format == DiagnosticFormat::Human {
            let code = d.code.as_str();
            let seen = match shown.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    shown.push((code, 1));
                    1
                }
            };
            if seen > REPEATS_SHOWN {
                continue;
            }
        }
        let (line, column) = position(&index, source, encoding, d.span.start);
        let _ = match format {
            DiagnosticFormat::Human => {
                human(
                    name,
                    source,
                    encoding,
                    &index,
                    d,
                    advice.fix.as_deref(),
                    out,
                );
                Ok(())
            }
            DiagnosticFormat::Short | DiagnosticFormat::Auto => writeln!(
                out,
                "{name}:{line}:{column}: {}[{}]: {}",
                d.severity, d.code, d.message
            ),
            DiagnosticFormat::Json => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "file": name,
                    "line": line,
                    "column": column,
                    "severity": d.severity.as_str(),
                    "code": d.code.as_str(),
                    "message": d.message,
                    "span": {"offset": d.span.start, "length": d.span.len()},
                    "sgfc": kifu_sgf::codes::info(d.code).map_or(&[][..], |i| i.sgfc),
                    "critical": advice.critical,
                    "fix": advice.fix,
                })
            ),
        };
    }
    for (code, count) in shown {
        if count > REPEATS_SHOWN {
            let _ = writeln!(
                out,
                "{name}: {} more [{code}] not shown (--format short shows all)\n",
                count - REPEATS_SHOWN
            );
        }
    }
}

/// How many diagnostics of one code the human form shows per file.
const REPEATS_SHOWN: usize = 3;

/// 1-based line and column in characters of the input's charset.
pub(crate) fn position(
    index: &LineIndex,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    offset: u32,
) -> (usize, usize) {
    if encoding == encoding_rs::UTF_8 {
        return index.position(source, offset);
    }
    let offset = offset.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let column = kifu_sgf::charset::char_count(encoding, &source[start..offset as usize]);
    (line + 1, column + 1)
}

/// The rich form: the message, then the line of the input with the place
/// marked (the line decoded from the input's charset).
fn human(
    name: &str,
    source: &[u8],
    encoding: &'static encoding_rs::Encoding,
    index: &LineIndex,
    d: &Diagnostic,
    fix: Option<&str>,
    out: &mut String,
) {
    let offset = d.span.start.min(source.len() as u32);
    let line = index.line_of(offset);
    let start = index.line_start(line) as usize;
    let end = if line + 1 < index.line_count() {
        index.line_start(line + 1) as usize
    } else {
        source.len()
    };
    let raw = &source[start..end];
    let text = kifu_sgf::charset::decode(encoding, raw);
    let text = text.trim_end_matches(['\n', '\r']);
    // Long lines (a whole game on one line) are cut around the place.
    let column =
        kifu_sgf::charset::decode(encoding, &raw[..(offset as usize - start).min(raw.len())])
            .len()
            .min(text.len());
    let (shown, at) = window(text, column, 100);
    let width = (d.span.len() as usize).clamp(1, shown.len().saturating_sub(at).max(1));
    let level = match d.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        _ => Level::Note,
    };
    let message = level.title(&d.message).id(d.code.as_str()).snippet(
        Snippet::source(shown)
            .line_start(line + 1)
            .origin(name)
            .annotation(level.span(at..(at + width).min(shown.len().max(at)))),
    );
    let fix = fix.map(|f| format!("kifu fix: {f}"));
    let message = match &fix {
        Some(f) => message.footer(Level::Help.title(f)),
        None => message,
    };
    let renderer = if std::io::stderr().is_terminal() {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let _ = writeln!(out, "{}", renderer.render(message));
}

/// At most `max` bytes of `text` around byte `at` (on char boundaries), and
/// where `at` falls in them.
fn window(text: &str, at: usize, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, at);
    }
    let mut start = at.saturating_sub(max / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + max).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[start..end], at - start)
}
