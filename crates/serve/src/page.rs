//! The book's page in parts, and what changed between two versions.
//!
//! `kifu render` writes the page as a head (styles, title), a toolbar, a
//! `<main>` whose children are the title page, the contents and one
//! `<section>` per chapter, the diagrams' data, then the scripts. An
//! update sends the head's style and the toolbar only when they changed,
//! each of `<main>`'s children either as the index of an unchanged child
//! of the version the browser has or as new HTML, and the data whole (the
//! browser redraws only the diagrams whose data changed). An edit of one
//! diagram then sends one chapter and the data, not the book.

use serde_json::{Value, json};

/// The parts of a page that an update may change.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Page {
    /// Everything before `</style>` of the head: the page's style sheet.
    style: String,
    title: String,
    toolbar: String,
    /// The `class` of `<main>` (`big` on a page of many diagrams).
    main_class: String,
    /// `<main>`'s children, as written.
    parts: Vec<String>,
    /// The diagrams' data (JSON, as the page's data script holds it).
    data: String,
    /// The page as written, for the first load.
    whole: String,
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<(usize, &'a str)> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some((from, &text[from..from + len]))
}

const MAIN: &str = "<main id=\"kifu-book\"";
const DATA: &str = "</main>\n<script type=\"application/json\" id=\"kifu-data\">";

impl Page {
    /// The parts of a page `kifu render` wrote; `None` for anything else.
    pub(crate) fn parse(html: &str) -> Option<Page> {
        let (_, style) = between(html, "<style>", "</style>")?;
        let (_, title) = between(html, "<title>", "</title>")?;
        let (_, toolbar) = between(html, "<header class=\"toolbar\"", "</header>")?;
        let main_at = html.find(MAIN)?;
        let (_, attrs) = between(&html[main_at..], MAIN, ">\n")?;
        let main_class = attrs
            .trim()
            .strip_prefix("class=\"")
            .and_then(|c| c.strip_suffix('"'))
            .unwrap_or("");
        let body_start = main_at + html[main_at..].find(">\n")? + 2;
        let body_end = html.find(DATA)?;
        let (_, data) = between(&html[body_end..], DATA, "</script>")?;
        Some(Page {
            style: style.to_owned(),
            title: title.to_owned(),
            toolbar: toolbar.to_owned(),
            main_class: main_class.to_owned(),
            parts: split_children(html.get(body_start..body_end)?),
            data: data.to_owned(),
            whole: html.to_owned(),
        })
    }

    /// The page as `kifu render` wrote it.
    pub(crate) fn html(&self) -> &str {
        &self.whole
    }

    /// The update that turns `from` (the page a browser shows; `None`:
    /// unknown) into this page, as JSON.
    pub(crate) fn update_from(&self, from: Option<&Page>, version: u64) -> Value {
        let changed = |old: Option<&str>, new: &str| -> Value {
            if old == Some(new) {
                Value::Null
            } else {
                json!(new)
            }
        };
        let parts: Vec<Value> = self
            .parts
            .iter()
            .map(|part| {
                let kept = from.and_then(|f| f.parts.iter().position(|p| p == part));
                kept.map_or_else(|| json!(part), |k| json!(k))
            })
            .collect();
        json!({
            "version": version,
            "style": changed(from.map(|f| f.style.as_str()), &self.style),
            "title": self.title,
            "toolbar": changed(from.map(|f| f.toolbar.as_str()), &self.toolbar),
            "mainClass": self.main_class,
            "parts": parts,
            "data": self.data,
        })
    }
}

/// `<main>`'s children: the writer starts each on a line of its own with
/// `<section ` or `<nav ` (the book's text is escaped, so it never does).
fn split_children(body: &str) -> Vec<String> {
    let mut starts = vec![0];
    let mut at = 0;
    while let Some(k) = body[at..].find("\n<") {
        let start = at + k + 1;
        let rest = &body[start..];
        if rest.starts_with("<section ") || rest.starts_with("<nav ") {
            starts.push(start);
        }
        at = start;
    }
    starts.push(body.len());
    starts.dedup();
    starts
        .windows(2)
        .map(|w| body[w[0]..w[1]].to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(chapters: &[&str], data: &str) -> String {
        let mut body = String::from(
            "<section class=\"title-page\" id=\"kifu-title\">\n</section>\n<nav class=\"toc\" id=\"kifu-toc\">\n<ol>\n</ol>\n</nav>\n",
        );
        for c in chapters {
            body.push_str(&format!(
                "<section class=\"chapter\" id=\"{c}\">\n<div class=\"el\">{c}</div>\n</section>\n"
            ));
        }
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>T</title>\n<style>\nbody{{}}</style>\n</head>\n<body>\n\
             <header class=\"toolbar\" id=\"kifu-toolbar\"><span></span></header>\n<main id=\"kifu-book\">\n{body}\
             </main>\n<script type=\"application/json\" id=\"kifu-data\">{data}</script>\n<script>\n</script>\n</body>\n</html>\n"
        )
    }

    #[test]
    fn a_page_is_cut_into_the_children_of_main() {
        let p = Page::parse(&page(&["a", "b"], "{}")).unwrap();
        assert_eq!(p.parts.len(), 4);
        assert!(p.parts[0].starts_with("<section class=\"title-page\""));
        assert!(p.parts[1].starts_with("<nav "));
        assert!(p.parts[3].contains("id=\"b\""));
        assert!(
            p.parts
                .iter()
                .all(|p| p.ends_with("</section>\n") || p.ends_with("</nav>\n"))
        );
        assert_eq!(p.data, "{}");
        assert_eq!(p.main_class, "");
    }

    #[test]
    fn an_update_sends_only_the_chapters_that_changed() {
        let old = Page::parse(&page(&["a", "b", "c"], "{\"x\":1}")).unwrap();
        let new = Page::parse(&page(&["a", "B", "c"], "{\"x\":2}")).unwrap();
        let update = new.update_from(Some(&old), 7);
        let parts = update["parts"].as_array().unwrap();
        assert_eq!(parts[0], json!(0));
        assert_eq!(parts[2], json!(2));
        assert!(parts[3].as_str().unwrap().contains("id=\"B\""));
        assert_eq!(parts[4], json!(4));
        assert_eq!(update["style"], Value::Null);
        assert_eq!(update["toolbar"], Value::Null);
        assert_eq!(update["data"], json!("{\"x\":2}"));
        assert_eq!(update["version"], json!(7));
    }

    #[test]
    fn an_update_for_an_unknown_page_sends_everything() {
        let new = Page::parse(&page(&["a"], "{}")).unwrap();
        let update = new.update_from(None, 1);
        assert!(
            update["parts"]
                .as_array()
                .unwrap()
                .iter()
                .all(Value::is_string)
        );
        assert!(update["style"].is_string());
    }

    #[test]
    fn other_html_is_not_a_page() {
        assert_eq!(Page::parse("<html><body>hi</body></html>"), None);
    }
}
