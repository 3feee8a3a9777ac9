//! Checks of values: their count and type against the property table,
//! the forms of other file formats, and game information against its
//! FF\\[4\\] form.

use kifu_diag::Severity;

use super::codes;
use super::context::Context;
use super::report::{Findings, report};
use crate::props::{ValueShape, ValueType};

/// Forms that belong to another file format version.
pub(super) fn check_format_details(
    p: &crate::Property<'_, '_>,
    id: &str,
    table: Option<&crate::props::PropertyInfo>,
    cx: &Context,
    out: &mut Findings,
) {
    let first = || p.value_spans().next().unwrap_or(p.span());
    let raw = || p.raw_values().next().unwrap_or_default();
    match id {
        "KI" => report(
            out,
            codes::INTEGER_KOMI,
            Severity::Warning,
            p.span(),
            || "KI (integer komi) is not FF[4]: KM holds komi".into(),
        ),
        "B" | "W" if !cx.old_format && raw() == b"tt" && cx.tt_is_pass => {
            report(out, codes::TT_PASS, Severity::Note, first(), || {
                format!("{id}[tt]: a pass in the FF[3] form; FF[4] writes {id}[]")
            })
        }
        "B" | "W" if cx.old_format && raw().is_empty() => report(
            out,
            codes::EMPTY_PASS_IN_OLD,
            Severity::Warning,
            first(),
            || format!("{id}[]: a pass in the FF[4] form in an FF[1]-FF[3] file"),
        ),
        "SZ" => {
            let text = String::from_utf8_lossy(raw());
            let sides: Vec<u32> = text
                .split(':')
                .filter_map(|s| s.trim().parse().ok())
                .collect();
            let negative = text
                .split(':')
                .any(|s| s.trim().parse::<i64>().is_ok_and(|n| n < 1));
            if negative || sides.contains(&0) {
                report(out, codes::INVALID_VALUE, Severity::Error, first(), || {
                    format!("SZ[{text}]: a board side is at least 1 (read as 19x19)")
                });
            } else if sides.iter().any(|&n| n > 52) {
                report(out, codes::BOARD_TOO_BIG, Severity::Error, first(), || {
                    format!("SZ[{text}]: a board side is at most 52 (read as 19x19)")
                });
            } else if cx.old_format && sides.len() == 2 && sides[0] != sides[1] {
                report(
                    out,
                    codes::RECTANGLE_IN_OLD,
                    Severity::Warning,
                    first(),
                    || format!("SZ[{text}]: rectangular boards are FF[4] only"),
                );
            }
            if let Some((c, r)) = text.split_once(':')
                && c.trim() == r.trim()
            {
                report(
                    out,
                    codes::SQUARE_AS_RECTANGLE,
                    Severity::Warning,
                    first(),
                    || format!("SZ[{text}] is a square board: SZ[{}]", c.trim()),
                );
            }
        }
        _ => {
            let points = table.is_some_and(|i| {
                matches!(i.value, ValueShape::List(_) | ValueShape::EList(_))
                    && crate::props::carries_points(i)
            });
            if cx.old_format && points && p.raw_values().any(|v| v.contains(&b':')) {
                report(
                    out,
                    codes::COMPRESSED_LIST_IN_OLD,
                    Severity::Warning,
                    first(),
                    || format!("{id}: compressed point list in an FF[1]-FF[3] file (FF[4] only)"),
                );
            }
        }
    }
}

/// A game information value against its FF\[4\] form (see
/// [`normalize_game_info`](crate::info::normalize_info::normalize_game_info)).
pub(super) fn check_game_info(p: &crate::Property<'_, '_>, id: &str, ff: u8, out: &mut Findings) {
    use crate::info::normalize_info::{InfoFix, normalize_game_info};
    let (Some(span), Some(text)) = (p.value_spans().next(), p.decoded_values().next()) else {
        return;
    };
    // In UTF-8 whatever the file's charset, escaped again.
    let raw = crate::props::text::escape_text(&text, false);
    // Made for a finding only: most values are in their FF[4] form.
    let shown = || shorten(&raw);
    match normalize_game_info(id, &raw, ff) {
        // FF[1]-FF[3] put no form on DT, but a repaired file becomes FF[4]:
        // a date with no certain FF[4] reading is then kept as it is.
        InfoFix::Standard if id == "DT" && ff < 4 => {
            if let InfoFix::Invalid { reason } = normalize_game_info(id, &raw, 4) {
                report(out, codes::INVALID_GAME_INFO, Severity::Note, span, || {
                    format!(
                        "{id}[{}]: {reason}, and no certain reading: kept as written if the file becomes FF[4]",
                        shown()
                    )
                });
            }
        }
        InfoFix::Standard => {}
        InfoFix::Corrected {
            value,
            explanation,
            required: true,
        } => report(
            out,
            codes::NONSTANDARD_GAME_INFO,
            Severity::Warning,
            span,
            || {
                format!(
                    "{id}[{}]: written {value} in FF[4] ({explanation})",
                    shown()
                )
            },
        ),
        // Correct as written: what FF[4] recommends (ranks), or asks for
        // once the file is FF[4] (the dates of older files).
        InfoFix::Corrected {
            value, explanation, ..
        } => report(
            out,
            codes::NONSTANDARD_GAME_INFO,
            Severity::Note,
            span,
            || {
                if id == "DT" {
                    format!(
                        "{id}[{}]: {value} in FF[4] ({explanation}); written so when the file is repaired or normalized",
                        shown()
                    )
                } else {
                    format!(
                        "{id}[{}]: {value} is the form FF[4] recommends ({explanation}); written so by kifu fix --normalize",
                        shown()
                    )
                }
            },
        ),
        InfoFix::Invalid { reason } => report(
            out,
            codes::INVALID_GAME_INFO,
            if id == "HA" && raw.trim().parse::<u32>().is_ok() {
                Severity::Note
            } else {
                Severity::Warning
            },
            span,
            || format!("{id}[{}]: {reason}", shown()),
        ),
    }
}

/// A value for a message: at most 40 characters.
pub(super) fn shorten(raw: &str) -> String {
    let mut chars = raw.chars();
    let mut s: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        s.push('…');
    }
    s
}

/// Whether a property's values are one empty value (or only white space)
/// where its type needs a value: text (`PC[ ]`), a number, a board size, a
/// compose value, or a list, which holds at least one (`AW[]`). Such a
/// property says nothing, and [`repair`](crate::repair) removes it. Moves
/// (`B[]` is a pass), elists, None, Double and Color values are not
/// empty in this sense (the last two are corrected as invalid values).
pub(crate) fn is_empty_value(shape: ValueShape, raws: &[&[u8]]) -> bool {
    let [one] = raws else { return false };
    one.iter().all(|&b| crate::props::is_sgf_space(b))
        && match shape {
            ValueShape::Single(t) => matches!(
                t,
                ValueType::SimpleText
                    | ValueType::Text
                    | ValueType::Number
                    | ValueType::Real
                    | ValueType::Point
                    | ValueType::Stone
            ),
            ValueShape::Compose(..)
            | ValueShape::Size
            | ValueShape::List(_)
            | ValueShape::ListOfCompose(..) => true,
            ValueShape::EList(_) | ValueShape::Figure => false,
        }
}

/// Checks the values' count and type; returns whether the single value is
/// there and not empty (for the checks that look into it). With
/// `type_checked_elsewhere`, a value that does not read as its type is left
/// to them.
pub(super) fn check_values(
    p: &crate::Property<'_, '_>,
    id: &str,
    info: &crate::props::PropertyInfo,
    size: kifu_board::BoardSize,
    type_checked_elsewhere: bool,
    out: &mut Findings,
) -> bool {
    let shape = info.value;
    // Most properties: one value, not blank, that reads as its type (a
    // root's names, places, dates): nothing below has more to say.
    if let Some(one) = p.only_raw_value()
        && !one.iter().all(|&b| crate::props::is_sgf_space(b))
        && crate::props::reads_as_its_type(shape, one)
    {
        return !one.trim_ascii().is_empty();
    }
    let first = p.value_spans().next().unwrap_or(p.span());
    let single = matches!(
        shape,
        ValueShape::Single(_) | ValueShape::Compose(..) | ValueShape::Size | ValueShape::Figure
    );
    if single && p.value_count() > 1 {
        let second = p.value_spans().nth(1).unwrap_or(first);
        report(out, codes::TOO_MANY_VALUES, Severity::Error, second, || {
            format!("{id} takes one value, found {}", p.value_count())
        });
        return false;
    }
    // Empty values and white space in points need a look at every value;
    // most values (`B[pd]`) have neither, and are not copied for it.
    let blank = |v: &[u8]| v.is_empty() || v.iter().any(|&b| crate::props::is_sgf_space(b));
    let raws: Vec<&[u8]> = if p.raw_values().any(blank) {
        p.raw_values().collect()
    } else {
        Vec::new()
    };
    if is_empty_value(shape, &raws) {
        let message = if matches!(shape, ValueShape::List(_) | ValueShape::ListOfCompose(..)) {
            format!("{id} has an empty value: a list of at least one is needed")
        } else {
            format!("{id} has an empty value")
        };
        report(out, codes::EMPTY_VALUE, Severity::Warning, first, || {
            message
        });
        return false;
    }
    // Empty where the type allows it, or no value at all: nothing to look into.
    let filled = p
        .raw_values()
        .next()
        .is_some_and(|v| !v.trim_ascii().is_empty());
    // One text reads as text whatever it holds (its charset's findings are
    // the reader's), and a number of a few digits as a number: not read
    // here, where a root's dozen names, places and comments were a fifth
    // of the time of the checks of the nodes.
    if p.only_raw_value()
        .is_some_and(|one| crate::props::reads_as_its_type(shape, one))
    {
        return filled;
    }
    let value = match crate::props::without_space_in_point_values(info, &raws, size) {
        Some(values) => {
            let at = raws
                .iter()
                .zip(&values)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let span = p.value_spans().nth(at).unwrap_or(first);
            report(out, codes::SPACE_IN_POINT, Severity::Warning, span, || {
                format!(
                    "{id}[{}]: white space inside a point, which SGF says to remove: {id}[{}]",
                    shorten(&String::from_utf8_lossy(raws[at])).escape_debug(),
                    String::from_utf8_lossy(&values[at]).escape_debug()
                )
            });
            let texts: Vec<String> = values
                .iter()
                .map(|v| String::from_utf8_lossy(v).into_owned())
                .collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            crate::props::parse_value(info, &refs, size)
        }
        None => p.value(),
    };
    match value {
        Err(_) if type_checked_elsewhere && filled => {}
        // A bad move or stone changes the game; elsewhere the value is
        // kept as written and nothing depends on it.
        Err(e) => report(
            out,
            codes::INVALID_VALUE,
            if matches!(id, "B" | "W" | "AB" | "AW" | "AE" | "SZ") {
                Severity::Error
            } else {
                Severity::Warning
            },
            first,
            || format!("{id}: {e}"),
        ),
        Ok(crate::props::Value::List(items)) => {
            if crate::props::has_repeated_value(&items) {
                report(
                    out,
                    codes::DUPLICATE_POINT,
                    Severity::Warning,
                    first,
                    || format!("{id} lists the same point more than once"),
                );
            }
        }
        // `BL[34.]`, `WL[.5]`: a number, not written as SGF writes a Real.
        Ok(crate::props::Value::Real(_)) if !type_checked_elsewhere => {
            let raw = String::from_utf8_lossy(p.raw_values().next().unwrap_or_default());
            if let Some(canonical) = crate::props::canonical_real(&raw) {
                report(out, codes::INVALID_VALUE, Severity::Warning, first, || {
                    format!(
                        "{id}[{}]: not a Real as SGF writes it: {id}[{canonical}]",
                        shorten(&raw).escape_debug()
                    )
                });
            }
        }
        Ok(_) => {}
    }
    filled
}
