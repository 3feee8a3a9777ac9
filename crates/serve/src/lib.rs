//! The live preview of a Go book: `kifu serve BOOK`.
//!
//! A [`Server`] serves one page, the book as `kifu render BOOK -o
//! PAGE.html` writes it, on the loopback addresses only, and pushes every
//! new rendering to each open page over server-sent events. The page is
//! patched in place: only the chapters that changed are sent and
//! replaced, the diagrams' data is swapped and only the diagrams whose
//! data changed are drawn again, so the reader keeps the scroll position,
//! the step of each diagram and the chosen languages. A rendering that
//! brings new errors leaves the page shown as it was and lists the errors
//! over it until they are fixed.
//!
//! The server itself knows nothing of books: the caller hands it
//! [`Rendering`]s (the page, the errors, where each element is written),
//! which [`BookPage`] makes from a book's text, and watches the files
//! ([`Watcher`]). `kifu serve` reads the book from disk; a language server
//! can publish the editor's unsaved text the same way.
//!
//! Source jumps go both ways through the caller:
//! - A click in the page (Alt or Ctrl/⌘ with the click, on an element or
//!   an error) asks for the element's [`SourcePlace`], which
//!   [`Server::bind`]'s channel receives: `kifu serve` prints it; a
//!   language server sends `window/showDocument`.
//! - [`Server::scroll_to`] scrolls every open page to the element written
//!   at a line: a language server calls it when the cursor moves; an
//!   editor without one can `POST /_kifu/scroll` `{"line": N}`.
//!
//! What the server refuses, and why, is in `SECURITY.md`: it binds
//! 127.0.0.1 and ::1 only, answers only requests whose `Host` and
//! `Origin` are its own, serves no file (only the page and its stream),
//! writes nothing, and sends the page under a content security policy
//! that lets only its own scripts run.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod book;
mod guard;
mod page;
mod server;
mod watch;

pub use book::BookPage;
pub use server::{Finding, Rendering, Server, SourcePlace};
pub use watch::Watcher;
