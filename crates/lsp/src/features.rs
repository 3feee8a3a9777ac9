//! The requests the server answers, what it tells the client it answers,
//! and what every answer shares: the document, its analysis, positions.

use lsp_server::ErrorCode;
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentLinkRequest, DocumentSymbolRequest, FoldingRangeRequest,
    Formatting, GotoDefinition, HoverRequest, PrepareRenameRequest, References, Rename,
    Request as _,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    DocumentLinkOptions, FoldingRangeProviderCapability, HoverProviderCapability, OneOf,
    RenameOptions, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
};
use serde_json::Value;

use crate::context::Context;
use crate::context::Failure;
use crate::position::Encoding;
use crate::{actions, complete, format, hover, navigate};

/// What the server answers, for `initialize`.
pub(crate) fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(
                [":", "#", "=", "_", " ", "\""]
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect(),
            ),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: Default::default(),
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        ..ServerCapabilities::default()
    }
}

/// The document a request is about (`textDocument.uri`).
pub(crate) fn request_uri(params: &Value) -> Option<String> {
    params
        .get("textDocument")?
        .get("uri")?
        .as_str()
        .map(str::to_owned)
}

fn parse<P: serde::de::DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value)
        .map_err(|e| Failure::new(ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

fn json<T: serde::Serialize>(value: T) -> Result<Value, Failure> {
    serde_json::to_value(value).map_err(|e| Failure::new(ErrorCode::InternalError, e.to_string()))
}

/// Answers `method` about the context's document.
pub(crate) fn answer(cx: &Context<'_>, method: &str, params: Value) -> Result<Value, Failure> {
    if let Some(why) = crate::package::refusal(cx.uri, method) {
        return Err(Failure::new(ErrorCode::RequestFailed, why));
    }
    match method {
        HoverRequest::METHOD => {
            let p: lsp_types::HoverParams = parse(params)?;
            json(hover::hover(
                cx,
                cx.offset(p.text_document_position_params.position),
            ))
        }
        Completion::METHOD => {
            let p: lsp_types::CompletionParams = parse(params)?;
            json(complete::complete(
                cx,
                cx.offset(p.text_document_position.position),
            ))
        }
        GotoDefinition::METHOD => {
            let p: lsp_types::GotoDefinitionParams = parse(params)?;
            json(navigate::definition(
                cx,
                cx.offset(p.text_document_position_params.position),
            ))
        }
        References::METHOD => {
            let p: lsp_types::ReferenceParams = parse(params)?;
            let offset = cx.offset(p.text_document_position.position);
            json(navigate::references(
                cx,
                offset,
                p.context.include_declaration,
            ))
        }
        PrepareRenameRequest::METHOD => {
            let p: lsp_types::TextDocumentPositionParams = parse(params)?;
            json(navigate::prepare_rename(cx, cx.offset(p.position)))
        }
        Rename::METHOD => {
            let p: lsp_types::RenameParams = parse(params)?;
            let offset = cx.offset(p.text_document_position.position);
            navigate::rename(cx, offset, &p.new_name).and_then(json)
        }
        DocumentSymbolRequest::METHOD => json(navigate::symbols(cx)),
        FoldingRangeRequest::METHOD => json(navigate::folding(cx)),
        DocumentLinkRequest::METHOD => json(navigate::links(cx)),
        Formatting::METHOD => json(format::format(cx)),
        CodeActionRequest::METHOD => {
            let p: lsp_types::CodeActionParams = parse(params)?;
            json(actions::actions(cx, &p.context.diagnostics))
        }
        _ => Err(Failure::new(
            ErrorCode::MethodNotFound,
            format!("kifu does not answer {method}"),
        )),
    }
}
