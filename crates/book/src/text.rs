//! Rich text in paragraphs and captions (in progress).
