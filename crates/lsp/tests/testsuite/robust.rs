//! What a client may send that makes no sense: the server answers with an
//! error and keeps running.

use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::json;

use crate::client::Client;

#[test]
fn garbage_unknown_documents_and_huge_files_get_errors_and_the_server_goes_on() {
    let mut client = Client::start(json!({}));
    // Parameters of the wrong shape, for every method.
    for method in [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/references",
        "textDocument/rename",
        "textDocument/prepareRename",
        "textDocument/documentSymbol",
        "textDocument/foldingRange",
        "textDocument/documentLink",
        "textDocument/formatting",
        "textDocument/codeAction",
        "workspace/symbol",
        "no/such/method",
    ] {
        for params in [
            json!(null),
            json!(42),
            json!({"textDocument": {"uri": 7}}),
            json!({"textDocument": {"uri": "file:///nowhere.gobook"}, "position": {"line": -1}}),
        ] {
            let r = client.request(method, params);
            assert!(r.error.is_some(), "{method}: {r:?}");
        }
    }
    // Notifications of the wrong shape are ignored.
    client
        .send(Notification::new("textDocument/didOpen".into(), json!({"textDocument": 1})).into());
    client.send(Notification::new("textDocument/didChange".into(), json!([1, 2])).into());
    // A position far past the end, in a document of odd text.
    let uri = "untitled:odd.gobook";
    client.open(
        uri,
        "::dia(#\u{0}\u{10ffff} ab=\"\n::\n\u{feff}<dia base=><a href=\"",
    );
    for (line, character) in [(0, 0), (0, 3), (1, 2), (2, 9), (999, 999)] {
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
            "textDocument/prepareRename",
        ] {
            let r = client.request(method, Client::at(uri, line, character));
            assert!(r.error.is_none(), "{method} {line}:{character}: {r:?}");
        }
    }
    // A file larger than kifu reads is refused with a message.
    let huge = "x".repeat(kifu_lsp::MAX_DOCUMENT_SIZE + 1);
    client.open("untitled:huge.gobook", &huge);
    let r = client.request(
        "textDocument/hover",
        Client::at("untitled:huge.gobook", 0, 0),
    );
    assert!(r.error.is_some());
    assert!(
        client
            .notifications
            .iter()
            .any(|n| n.method == "window/showMessage")
    );
    // A request with an ID kind the protocol allows (a string) still works.
    client.send(
        Request::new(
            RequestId::from("s".to_owned()),
            "textDocument/documentSymbol".into(),
            json!({"textDocument": {"uri": uri}}),
        )
        .into(),
    );
    let _ = Message::Response;
    // And the server still answers.
    let r = client.request("textDocument/hover", Client::at(uri, 0, 2));
    assert!(r.error.is_none(), "{r:?}");
}

/// A package that is not there, or is no zip: the book inside is checked
/// without its files (each one refused, saying why), and answered.
#[test]
fn a_package_that_cannot_be_read_still_gets_its_findings() {
    let mut client = Client::start(json!({}));
    let dir = tempfile::tempdir().unwrap();
    let not_zip = dir.path().join("not-a-zip.gobk");
    std::fs::write(&not_zip, "no zip here").unwrap();
    for package in [dir.path().join("missing.gobk"), not_zip] {
        let uri = format!("zipfile://{}::book.gobook", package.display());
        client.open(
            &uri,
            "::book(#b)\n\n::chapter(#c)\n\n::include url=\"part.gobook\"\n",
        );
        let found = client.diagnostics(&uri, 1);
        let include = found
            .iter()
            .find(|d| d["code"] == "book/refused-file")
            .unwrap_or_else(|| panic!("{found:?}"));
        assert!(
            include["message"].as_str().unwrap().contains("the package"),
            "{include}"
        );
        let r = client.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        );
        assert!(r.error.is_none(), "{r:?}");
    }
}
