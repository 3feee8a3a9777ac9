//! `kifu.Diagnostic`: one finding with its place in lines and columns.

use kifu_diag::{Diagnostic, LineIndex};
use pyo3::prelude::*;

/// One finding: code, severity, message and place.
#[pyclass(frozen, module = "kifu._kifu", name = "Diagnostic", get_all)]
pub struct PyDiagnostic {
    /// The code, e.g. `sgf/unknown-property`.
    code: String,
    /// "error", "warning" or "note".
    severity: String,
    /// What was found.
    message: String,
    /// The file (or `<bytes>`).
    file: String,
    /// 1-based line.
    line: usize,
    /// 1-based column (characters).
    column: usize,
    /// Byte offset of the start.
    start: u32,
    /// Byte offset of the end.
    end: u32,
}

#[pymethods]
impl PyDiagnostic {
    /// `file:line:col: severity[code]: message`.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file, self.line, self.column, self.severity, self.code, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<kifu.Diagnostic {}>", self.__str__())
    }
}

pub(crate) fn diagnostic_objects(
    name: &str,
    source: &[u8],
    list: &[Diagnostic],
) -> Vec<PyDiagnostic> {
    let index = LineIndex::new(source);
    list.iter()
        .map(|d| {
            let (line, column) = index.position(source, d.span.start);
            PyDiagnostic {
                code: d.code.as_str().to_string(),
                severity: d.severity.as_str().to_string(),
                message: d.message.to_string(),
                file: name.to_string(),
                line,
                column,
                start: d.span.start,
                end: d.span.end,
            }
        })
        .collect()
}
