//! Go: what Go data asks of its position (`ab`, `aw` and `ae` not on one
//! point, `mv` and `to` not together), and a paragraph's text against the
//! diagram and Go data it describes: coordinates without a letter, number
//! or symbol there, and standard texts (`#pb#`) with the game information
//! of its Go data through their bases. The resolver's own findings
//! (`crate::resolve::codes`) are added by [`super::check`].

use std::collections::HashSet;

use kifu_diag::{Severity, Span};

use crate::document::Element;
use crate::document::language;
use crate::document::spans::{header_span, value_span, value_start};
use crate::meaning::coords;
use crate::meaning::model::ElementKind;

use super::checker::Checker;
use super::codes;

impl Checker<'_> {
    pub(super) fn go_data(&mut self, e: &Element, size: kifu_board::BoardSize) {
        if let (Some(mv), Some(_)) = (e.attribute("mv"), e.get("to")) {
            self.push(
                codes::MOVES_AND_RANGE,
                Severity::Error,
                "`mv` and `to` exclude each other: give the moves or a range of the base's moves"
                    .into(),
                mv.span(),
            );
        }
        let points = |name: &str| {
            e.get(name)
                .and_then(|v| coords::parse_points(v, size).ok())
                .unwrap_or_default()
        };
        let black: HashSet<_> = points("ab").into_iter().collect();
        let white: HashSet<_> = points("aw").into_iter().collect();
        let empty: HashSet<_> = points("ae").into_iter().collect();
        let mut both: Vec<_> = black.intersection(&white).collect();
        both.sort_by_key(|p| (p.y, p.x));
        if let (Some(first), Some(aw)) = (both.first(), e.attribute("aw")) {
            self.push(
                codes::OVERLAPPING_STONES,
                Severity::Warning,
                format!(
                    "`ab` and `aw` both put a stone on {}",
                    first.to_standard(size)
                ),
                aw.span(),
            );
        }
        let mut cleared: Vec<_> = empty
            .iter()
            .filter(|p| black.contains(p) || white.contains(p))
            .collect();
        cleared.sort_by_key(|p| (p.y, p.x));
        if let (Some(first), Some(ae)) = (cleared.first(), e.attribute("ae")) {
            self.push(
                codes::OVERLAPPING_STONES,
                Severity::Warning,
                format!(
                    "`ae` removes the stone that `ab`/`aw` add on {}",
                    first.to_standard(size)
                ),
                ae.span(),
            );
        }
    }

    /// Coordinates without a mark, and standard texts.
    pub(super) fn rich_text(
        &mut self,
        index: usize,
        e: &Element,
        at: &dyn Fn(std::ops::Range<usize>) -> Span,
    ) {
        if !e.value().contains('#') && !e.value().bytes().any(|b| b.is_ascii_digit()) {
            return;
        }
        let rich = crate::text::parse(e.value());
        // The diagram the paragraph describes (Go data shows nothing).
        let diagram = self
            .index
            .ref_of(index)
            .filter(|&r| self.book.elements()[r].is_diagram())
            .and_then(|r| self.resolution.item_of_element(r))
            // A diagram on a range error: its marks are a guess.
            .filter(|&k| !self.resolution.is_broken(k))
            .map(|k| &self.resolution.items[k]);
        if let Some(item) = diagram {
            let figure = crate::go::figure::Figure::of(item);
            // On a copy: substitution changes the texts, and the standard
            // text ranges below must stay those of the value.
            let unknown = rich.clone().substitute_coordinates(|c| {
                kifu_board::Point::from_standard(c, item.size)
                    .ok()
                    .and_then(|p| crate::go::figure::mark_at(item, &figure, p))
            });
            for r in unknown {
                let c = e.value().get(r.clone()).unwrap_or_default().to_owned();
                self.push(
                    codes::COORDINATE_WITHOUT_MARK,
                    Severity::Warning,
                    format!("{c} is named in the text, but the diagram has no letter, number or symbol there"),
                    at(r),
                );
            }
        }
        if !e.value().contains('#') {
            return;
        }
        let fields = self.text_fields(index);
        let langs = self.text_languages(index);
        let mut notes = Vec::new();
        for lang in &langs {
            let mut copy = rich.clone();
            notes.extend(copy.expand_standard_texts(lang, &fields));
        }
        self.standard_text_notes(notes, at);
    }

    /// The languages an element's standard texts are expanded in: its own,
    /// else `ui` (the reader's).
    fn text_languages(&self, index: usize) -> Vec<String> {
        if self.languages[index].is_empty() {
            vec!["ui".to_owned()]
        } else {
            self.languages[index].clone()
        }
    }

    /// Standard texts in what a diagram shows: a problem's text (its
    /// value), its captions (`ca`, `ca_de`...) and the texts of its
    /// `correct` and `wrong` moves, expanded in each of its languages with
    /// the player to move for `^` (as the reader does).
    pub(super) fn diagram_texts(&mut self, index: usize, e: &Element) {
        let langs = self.text_languages(index);
        let fields = crate::text::Fields {
            player: self.resolution.of_element(index).map(|item| item.to_play),
            ..crate::text::Fields::default()
        };
        if e.kind() == ElementKind::Diagram(crate::meaning::model::DiagramKind::Prb)
            && e.value().contains('#')
        {
            // Book fields and game information, as in a paragraph.
            let fields = crate::text::Fields {
                player: fields.player,
                ..self.text_fields(index)
            };
            let start = value_start(e).filter(|_| e.value_repr.is_none());
            let at = |r: std::ops::Range<usize>| match start {
                Some(s) => Span::new(s + r.start as u32, s + r.end as u32),
                None => header_span(e),
            };
            let notes = langs
                .iter()
                .flat_map(|lang| crate::text::expand_standard_texts(e.value(), lang, &fields).1)
                .collect();
            self.standard_text_notes(notes, &at);
        }
        for a in e.attributes() {
            let own_langs: Vec<String> = match a.base_name() {
                "ca" if a.languages().next().is_some() => {
                    a.languages().map(str::to_owned).collect()
                }
                "ca" | "correct" | "wrong" => langs.clone(),
                _ => continue,
            };
            if !a.value().contains('#') {
                continue;
            }
            let at = |r: std::ops::Range<usize>| value_span(a, Some(r));
            let notes = own_langs
                .iter()
                .flat_map(|lang| crate::text::expand_standard_texts(a.value(), lang, &fields).1)
                .collect();
            self.standard_text_notes(notes, &at);
        }
    }

    /// Reports what expanding standard texts found, in one or more
    /// languages: an unknown code, a resource string or a missing value
    /// once (the same in every language), English for want of a
    /// translation once per language.
    fn standard_text_notes(
        &mut self,
        notes: Vec<crate::text::StandardTextNote>,
        at: &dyn Fn(std::ops::Range<usize>) -> Span,
    ) {
        let mut said = HashSet::new();
        for note in notes {
            let code = &note.code;
            let key = match &note.kind {
                crate::text::NoteKind::Fallback { requested } => requested.clone(),
                _ => String::new(),
            };
            if !said.insert((note.range.start, key)) {
                continue;
            }
            let (code_id, severity, message) = match &note.kind {
                crate::text::NoteKind::Fallback { requested } => (
                    codes::STANDARD_TEXT,
                    Severity::Note,
                    format!(
                        "kifu has no {} text for `#{code}#`; English is shown",
                        language::name(requested).unwrap_or(requested)
                    ),
                ),
                crate::text::NoteKind::Unknown => (
                    codes::STANDARD_TEXT,
                    Severity::Warning,
                    format!("`#{code}#` is not a standard text: the reader sees it as written"),
                ),
                crate::text::NoteKind::ResourceString => (
                    codes::STANDARD_TEXT,
                    Severity::Note,
                    format!(
                        "`#{code}#` is a SmartGo resource string, gone in the 2026 revision; kept as written"
                    ),
                ),
                crate::text::NoteKind::Missing => (
                    codes::MISSING_STANDARD_TEXT,
                    Severity::Warning,
                    format!(
                        "`#{code}#` has no value here (the book or the paragraph's Go data lacks it)"
                    ),
                ),
            };
            self.push(code_id, severity, message, at(note.range));
        }
    }

    /// The book fields and the game information a paragraph's standard
    /// texts may name.
    fn text_fields(&self, index: usize) -> crate::text::Fields {
        crate::text::Fields {
            book: self.book_fields.clone(),
            game: self
                .index
                .ref_of(index)
                .map(|i| (*self.game_info[i]).clone())
                .unwrap_or_default(),
            player: None,
        }
    }
}
