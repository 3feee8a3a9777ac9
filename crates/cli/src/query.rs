//! `kifu info --where`: a small filter language over game fields.
//!
//! ```text
//! EXPR   = ALT { " or " ALT }
//! ALT    = TEST { " and " TEST }
//! TEST   = ["not "] FIELD OP VALUE
//! OP     = "~" (regular expression, case-insensitive) | "=" | "!="
//!        | "<" | "<=" | ">" | ">=" (numbers)
//! ```
//!
//! `PB~Lee and RE~^B` finds Black wins by a player named Lee. Fields are
//! the names of [`Record`]'s columns (`PB`, `RE`, `moves`...), in any case.

use regex::{Regex, RegexBuilder};

/// The fields of one game, in output order.
pub(crate) const FIELDS: &[&str] = &[
    "file",
    "game",
    "PB",
    "BR",
    "PW",
    "WR",
    "RE",
    "DT",
    "KM",
    "HA",
    "SZ",
    "RU",
    "EV",
    "RO",
    "PC",
    "GN",
    "moves",
    "variations",
];

/// One game's fields as text, in [`FIELDS`] order.
pub(crate) struct Record(pub(crate) Vec<String>);

impl Record {
    pub(crate) fn get(&self, field: &str) -> Option<&str> {
        FIELDS
            .iter()
            .position(|f| f.eq_ignore_ascii_case(field))
            .map(|i| self.0[i].as_str())
    }
}

#[derive(Debug)]
enum Op {
    Matches(Regex),
    Equals(String),
    Differs(String),
    Compare(std::cmp::Ordering, bool, f64),
}

#[derive(Debug)]
struct Test {
    field: String,
    negated: bool,
    op: Op,
}

/// A parsed `--where` expression: alternatives of conjunctions.
#[derive(Debug)]
pub(crate) struct Filter(Vec<Vec<Test>>);

impl Filter {
    /// Parses an expression.
    ///
    /// # Errors
    /// A message naming the part that is not understood.
    pub(crate) fn parse(text: &str) -> Result<Filter, String> {
        let mut alternatives = Vec::new();
        for alt in text.split(" or ") {
            let mut tests = Vec::new();
            for test in alt.split(" and ") {
                tests.push(parse_test(test.trim())?);
            }
            alternatives.push(tests);
        }
        Ok(Filter(alternatives))
    }

    pub(crate) fn matches(&self, record: &Record) -> bool {
        self.0
            .iter()
            .any(|tests| tests.iter().all(|t| t.matches(record)))
    }
}

fn parse_test(text: &str) -> Result<Test, String> {
    let (negated, text) = match text.strip_prefix("not ") {
        Some(rest) => (true, rest.trim()),
        None => (false, text),
    };
    let at = text
        .find(['~', '=', '!', '<', '>'])
        .ok_or_else(|| format!("'{text}': expected FIELD~REGEX, FIELD=VALUE or FIELD>NUMBER"))?;
    let field = text[..at].trim().to_owned();
    if !FIELDS.iter().any(|f| f.eq_ignore_ascii_case(&field)) {
        return Err(format!(
            "unknown field '{field}' (known: {})",
            FIELDS.join(", ")
        ));
    }
    let rest = &text[at..];
    let (op, value) = ["!=", "<=", ">=", "~", "=", "<", ">"]
        .iter()
        .find_map(|op| rest.strip_prefix(op).map(|v| (*op, v.trim())))
        .ok_or_else(|| format!("'{text}': unknown operator"))?;
    let number = || {
        value
            .parse::<f64>()
            .map_err(|_| format!("'{text}': {op} needs a number"))
    };
    use std::cmp::Ordering::{Greater, Less};
    let op = match op {
        "~" => Op::Matches(
            RegexBuilder::new(value)
                .case_insensitive(true)
                .build()
                .map_err(|e| format!("'{value}': {e}"))?,
        ),
        "=" => Op::Equals(value.to_owned()),
        "!=" => Op::Differs(value.to_owned()),
        "<" => Op::Compare(Less, false, number()?),
        "<=" => Op::Compare(Less, true, number()?),
        ">" => Op::Compare(Greater, false, number()?),
        _ => Op::Compare(Greater, true, number()?),
    };
    Ok(Test { field, negated, op })
}

impl Test {
    fn matches(&self, record: &Record) -> bool {
        let value = record.get(&self.field).unwrap_or("");
        let result = match &self.op {
            Op::Matches(re) => re.is_match(value),
            Op::Equals(v) => value == v,
            Op::Differs(v) => value != v,
            Op::Compare(order, or_equal, n) => value
                .trim()
                .parse::<f64>()
                .ok()
                .and_then(|x| x.partial_cmp(n))
                .is_some_and(|o| o == *order || (*or_equal && o.is_eq())),
        };
        result != self.negated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(pb: &str, re: &str, moves: &str) -> Record {
        Record(
            FIELDS
                .iter()
                .map(|f| match *f {
                    "PB" => pb.to_owned(),
                    "RE" => re.to_owned(),
                    "moves" => moves.to_owned(),
                    _ => String::new(),
                })
                .collect(),
        )
    }

    #[test]
    fn filters_combine_tests() {
        let f = Filter::parse("PB~lee and RE~^B").unwrap();
        assert!(f.matches(&record("Lee Sedol", "B+R", "200")));
        assert!(!f.matches(&record("Lee Sedol", "W+R", "200")));
        assert!(!f.matches(&record("Cho", "B+R", "200")));
        let f = Filter::parse("moves>=250 or PB=Cho").unwrap();
        assert!(f.matches(&record("Cho", "", "10")));
        assert!(f.matches(&record("X", "", "250")));
        assert!(!f.matches(&record("X", "", "249")));
        let f = Filter::parse("not RE~\\+R$").unwrap();
        assert!(f.matches(&record("", "B+3.5", "1")));
        assert!(!f.matches(&record("", "W+R", "1")));
    }

    #[test]
    fn bad_filters_say_why() {
        assert!(Filter::parse("XX~a").unwrap_err().contains("unknown field"));
        assert!(
            Filter::parse("moves>many")
                .unwrap_err()
                .contains("needs a number")
        );
        assert!(Filter::parse("PB").unwrap_err().contains("expected"));
        assert!(Filter::parse("PB~(").is_err());
    }
}
