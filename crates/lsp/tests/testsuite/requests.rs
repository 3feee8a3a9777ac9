//! Each request on the book with planted mistakes (`tests/books`).

use base64::Engine as _;
use serde_json::{Value, json};

use crate::client::{Client, books, uri_of};

fn planted() -> (String, String) {
    let path = books().join("planted.gobook");
    (uri_of(&path), std::fs::read_to_string(&path).unwrap())
}

fn opened(capabilities: Value) -> (Client, String, String) {
    let (uri, text) = planted();
    let client = Client::start(capabilities);
    client.open(&uri, &text);
    (client, uri, text)
}

fn codes_and_places(found: &[Value]) -> Vec<(String, u64, u64)> {
    found
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            (
                d["code"].as_str().unwrap().to_owned(),
                start["line"].as_u64().unwrap() + 1,
                start["character"].as_u64().unwrap() + 1,
            )
        })
        .collect()
}

/// What `kifu check tests/books/planted.gobook` prints, line and column
/// (its columns count characters; the server's UTF-16 columns are the
/// same here, as the book's CJK text is in the BMP).
const CHECK: &[(&str, u64, u64)] = &[
    ("book/attribute-spelling", 12, 1),
    ("book/duplicate-attribute", 16, 42),
    ("book/unknown-base", 18, 19),
    ("book/unknown-element", 20, 1),
    ("book/unknown-link", 22, 11),
    ("book/unknown-attribute", 24, 5),
    ("book/standard-text", 24, 14),
    ("book/missing-image", 28, 11),
    ("book/in-included-file", 30, 1),
    ("book/chapter-without-id", 34, 1),
    ("book/illegal-move", 39, 36),
];

#[test]
fn diagnostics_are_the_findings_of_kifu_check_at_its_places() {
    let (mut client, uri, _) = opened(json!({}));
    let found = client.diagnostics(&uri, 1);
    let expected: Vec<_> = CHECK
        .iter()
        .map(|(c, l, k)| ((*c).to_owned(), *l, *k))
        .collect();
    assert_eq!(codes_and_places(&found), expected);
    let link = &found[4];
    assert_eq!(link["severity"], 2);
    assert!(
        link["codeDescription"]["href"]
            .as_str()
            .unwrap()
            .contains("docs/codes.md")
    );
    let duplicate = &found[1];
    assert_eq!(
        duplicate["relatedInformation"][0]["message"],
        "first given here"
    );
}

#[test]
fn utf8_columns_count_bytes_when_the_client_offers_utf8() {
    let (mut client, uri, _) =
        opened(json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}}));
    let found = client.diagnostics(&uri, 1);
    let link = found
        .iter()
        .find(|d| d["code"] == "book/unknown-link")
        .unwrap();
    // `::p 黒番です。 ` is 4 + 5 * 3 + 1 bytes.
    assert_eq!(link["range"]["start"]["character"], 20);
}

#[test]
fn fixing_a_mistake_in_the_buffer_clears_it_without_saving() {
    let (mut client, uri, text) = opened(json!({}));
    client.diagnostics(&uri, 1);
    let line = text.lines().position(|l| l.contains("base=dia9")).unwrap() as u32;
    let column = text
        .lines()
        .nth(line as usize)
        .unwrap()
        .find("dia9")
        .unwrap() as u32;
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{
            "range": {"start": {"line": line, "character": column + 3}, "end": {"line": line, "character": column + 4}},
            "text": "2"}]}),
    );
    let found = client.diagnostics(&uri, 2);
    let codes: Vec<_> = codes_and_places(&found).into_iter().map(|c| c.0).collect();
    assert!(
        !codes.contains(&"book/unknown-base".to_owned()),
        "{codes:?}"
    );
    assert_eq!(codes.len(), CHECK.len() - 1);
}

fn hover_text(client: &mut Client, uri: &str, line: u32, character: u32) -> String {
    let hover = client.ask("textDocument/hover", Client::at(uri, line, character));
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn line_of(text: &str, needle: &str) -> u32 {
    text.lines().position(|l| l.contains(needle)).unwrap() as u32
}

#[test]
fn hovering_a_diagram_shows_it_as_svg_and_as_a_text_board() {
    let (mut client, uri, text) = opened(json!({}));
    let value = hover_text(&mut client, &uri, line_of(&text, "::dia(#dia2)"), 2);
    let data = value
        .split("data:image/svg+xml;base64,")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap();
    let svg = String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap(),
    )
    .unwrap();
    assert!(svg.starts_with("<svg"), "{svg:.80}");
    assert!(
        !svg.contains("foreignObject")
            && !svg.contains("http://www.w3.org/1999/xlink\" xlink:href=\"http")
    );
    assert!(!svg.contains("href=\"http") && !svg.contains("url(http"));
    // The text board: Dia. 2 plays F6 and H6 before move 2 of the game.
    assert!(value.contains("```text\nintro:3 dia #dia2\n"), "{value}");
    assert!(value.contains("   6  ·  ·  ·  ·  ·  1  ·  2"), "{value}");
    assert!(value.contains("\nDia. 2\n```"), "{value}");
    // A reference to it shows the same diagram.
    let inline = line_of(&text, "<dia base=dia2");
    let column = text.lines().nth(inline as usize).unwrap();
    let at = column[..column.find("base=dia2").unwrap() + 6]
        .chars()
        .count() as u32;
    let referenced = hover_text(&mut client, &uri, inline, at);
    assert!(referenced.contains("intro:3 dia #dia2"), "{referenced}");
}

#[test]
fn hovering_standard_texts_and_attributes_says_what_they_mean() {
    let (mut client, uri, text) = opened(json!({}));
    let h2 = line_of(&text, "#btp#");
    let at = text
        .lines()
        .nth(h2 as usize)
        .unwrap()
        .chars()
        .position(|c| c == '#')
        .unwrap() as u32;
    let value = hover_text(&mut client, &uri, h2, at + 1);
    assert!(value.contains("Black to play."), "{value}");
    let go = line_of(&text, "::go(#game)");
    let value = hover_text(&mut client, &uri, go, 13);
    assert!(
        value.contains("**`mv`**") && value.contains("alternating players"),
        "{value}"
    );
}

fn labels(result: &Value) -> Vec<String> {
    let items = result
        .as_array()
        .or_else(|| result["items"].as_array())
        .unwrap();
    items
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_owned())
        .collect()
}

fn complete_after(client: &mut Client, uri: &str, version: i64, line_text: &str) -> Vec<String> {
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "text": format!("{line_text}\n\n")}]}),
    );
    let column = line_text.encode_utf16().count() as u32;
    labels(&client.ask("textDocument/completion", Client::at(uri, 0, column)))
}

#[test]
fn completion_of_elements_attributes_values_and_standard_texts() {
    let uri = "untitled:completion.gobook";
    let mut client = Client::start(json!({}));
    client.open(uri, "::chapter(#c)\n\n::dia(#d1) sz=9\n");
    assert!(complete_after(&mut client, uri, 2, "::d").contains(&"dia".to_owned()));
    let attributes = complete_after(&mut client, uri, 3, "::dia m");
    assert!(
        attributes.contains(&"mv".to_owned()) && !attributes.contains(&"title".to_owned()),
        "{attributes:?}"
    );
    let texts = complete_after(&mut client, uri, 4, "::p #bt");
    assert!(texts.contains(&"#btp#".to_owned()), "{texts:?}");
    let ids = complete_after(&mut client, uri, 5, "::var base=");
    assert!(
        ids.contains(&"d1".to_owned()) && ids.contains(&"none".to_owned()),
        "{ids:?}"
    );
    let languages = complete_after(&mut client, uri, 6, "::p_");
    assert!(languages.contains(&"ja".to_owned()), "{languages:?}");
    // Column letters of the 9x9 board the element sets: A-J without I.
    let letters = complete_after(&mut client, uri, 7, "::dia sz=9 ab=\"C3 ");
    assert_eq!(letters, ["A", "B", "C", "D", "E", "F", "G", "H", "J"]);
}

#[test]
fn definition_references_and_rename_of_an_id() {
    let (mut client, uri, text) = opened(json!({}));
    let inline = line_of(&text, "<dia base=dia2");
    let line = text.lines().nth(inline as usize).unwrap();
    let at = line[..line.find("base=dia2").unwrap() + 6].chars().count() as u32;
    let definition = client.ask("textDocument/definition", Client::at(&uri, inline, at));
    assert_eq!(
        definition["range"]["start"]["line"],
        line_of(&text, "::dia(#dia2)")
    );
    let mut params = Client::at(&uri, inline, at);
    params["context"] = json!({"includeDeclaration": true});
    let references = client.ask("textDocument/references", params);
    assert_eq!(references.as_array().unwrap().len(), 2, "{references}");
    let prepared = client.ask("textDocument/prepareRename", Client::at(&uri, inline, at));
    assert_eq!(prepared["start"]["line"], inline);
    let mut params = Client::at(&uri, inline, at);
    params["newName"] = json!("dia-two");
    let edit = client.ask("textDocument/rename", params);
    let edits = edit["changes"][&uri].as_array().unwrap();
    assert_eq!(edits.len(), 2);
    assert!(edits.iter().all(|e| e["newText"] == "dia-two"));
    let mut bad = Client::at(&uri, inline, at);
    bad["newName"] = json!("no spaces");
    assert!(client.request("textDocument/rename", bad).error.is_some());
}

#[test]
fn includes_lead_to_their_file() {
    let (mut client, uri, text) = opened(json!({}));
    let include = line_of(&text, "::include");
    let definition = client.ask("textDocument/definition", Client::at(&uri, include, 15));
    assert!(
        definition["uri"]
            .as_str()
            .unwrap()
            .ends_with("/part.gobook"),
        "{definition}"
    );
    let links = client.ask(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": uri}}),
    );
    let targets: Vec<_> = links
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["target"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        targets.iter().any(|t| t.ends_with("/part.gobook")),
        "{targets:?}"
    );
    // The image is missing: no link to it.
    assert!(!targets.iter().any(|t| t.ends_with("missing.png")));
}

#[test]
fn symbols_and_folding_follow_chapters_and_headings() {
    let (mut client, uri, text) = opened(json!({}));
    let symbols = client.ask(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<_> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["chapter intro", "chapter (no ID)"]);
    let heading = &symbols[0]["children"][0];
    assert_eq!(heading["name"], "黒番の問題 #btp#");
    let inside: Vec<_> = heading["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        inside.contains(&"dia #dia2 Dia. 2") && inside.contains(&"prb #p1"),
        "{inside:?}"
    );
    let folds = client.ask(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    let first = &folds[0];
    assert_eq!(first["startLine"], line_of(&text, "::chapter(#intro)"));
    assert_eq!(first["endLine"], line_of(&text, "::include"));
}

#[test]
fn formatting_sends_the_lines_that_normalize_changes() {
    let uri = "untitled:format.gobook";
    let text = "::book(#b) title=\"T\"\n\n::chapter(#c)\n\n::dia ab=c3\n\nText.\n";
    let mut client = Client::start(json!({}));
    client.open(uri, text);
    let edits = client.ask(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = edits.as_array().unwrap();
    assert!(!edits.is_empty() && edits.len() <= 3, "{edits:?}");
    // Applied, they give `--normalize`'s text (edits are sorted, apply from the end).
    let mut out: Vec<String> = text.split_inclusive('\n').map(str::to_owned).collect();
    for e in edits.iter().rev() {
        let (s, t) = (
            e["range"]["start"]["line"].as_u64().unwrap() as usize,
            e["range"]["end"]["line"].as_u64().unwrap() as usize,
        );
        out.splice(s..t, [e["newText"].as_str().unwrap().to_owned()]);
    }
    let normalized = kifu_book::normalize(&kifu_book::parse(text).value);
    assert_eq!(out.concat(), normalized);
    assert!(normalized.contains("ab=C3"));
}

#[test]
fn code_actions_fix_what_the_findings_say() {
    let (mut client, uri, _) = opened(json!({}));
    let found = client.diagnostics(&uri, 1);
    let mut fixes = Vec::new();
    for d in &found {
        let actions = client.ask(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
        for a in actions.as_array().unwrap() {
            let edit = &a["edit"]["changes"][&uri][0];
            fixes.push((
                d["code"].as_str().unwrap().to_owned(),
                edit["newText"].as_str().unwrap().to_owned(),
            ));
        }
    }
    let fix = |code: &str| {
        fixes
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, t)| t.as_str())
    };
    assert_eq!(fix("book/attribute-spelling"), Some("wp"));
    assert_eq!(fix("book/duplicate-attribute"), Some(""));
    assert_eq!(fix("book/unknown-base"), Some("dia2"));
    assert_eq!(fix("book/unknown-element"), Some("dia"));
    assert_eq!(fix("book/unknown-link"), Some("intro"));
    assert_eq!(fix("book/chapter-without-id"), Some("(#ch2)"));
}

#[test]
fn an_included_file_open_in_the_editor_counts_with_its_unsaved_text() {
    let (mut client, uri, _) = opened(json!({}));
    let found = client.diagnostics(&uri, 1);
    assert!(found.iter().any(|d| d["code"] == "book/in-included-file"));
    let part = books().join("part.gobook");
    let part_uri = uri_of(&part);
    let text = std::fs::read_to_string(&part).unwrap();
    client.open(&part_uri, &text);
    // Fix the bad `ref` in the included file, unsaved: the book's finding
    // at its include goes.
    let line = text
        .lines()
        .position(|l| l.contains("nothing-here"))
        .unwrap() as u32;
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": part_uri, "version": 2}, "contentChanges": [{
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line + 1, "character": 0}},
            "text": "::p Included text without a ref.\n"}]}),
    );
    loop {
        let again = client.diagnostics(&uri, 1);
        if !again.iter().any(|d| d["code"] == "book/in-included-file") {
            assert_eq!(again.len(), CHECK.len() - 1);
            break;
        }
    }
    assert_eq!(
        std::fs::read_to_string(&part).unwrap(),
        text,
        "nothing was saved"
    );
}
