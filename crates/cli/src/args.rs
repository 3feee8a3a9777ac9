//! Command line arguments.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::formats::{self, Format, Spec};

/// Check, repair, convert and publish Go game records and Go books.
#[derive(Debug, Parser)]
#[command(name = "kifu", version, max_term_width = 100,
          about = "Check, repair, convert and publish Go game records and Go books",
          long_about = overview(), after_long_help = footer())]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// What `kifu --help` says before the commands: what kifu is for, by
/// job, and every format it reads and writes (from the formats' table, so
/// a new format is listed where it is added).
fn overview() -> String {
    let mut text = String::from(
        "kifu reads Go (baduk, weiqi) game records and Go books, checks and repairs them, \
         converts them between formats, makes books from games, and publishes books and \
         games as an interactive web page, an EPUB e-book or a print-ready PDF.\n\n\
         By job (docs/README.md has a guide for each):\n\
         \x20 author          kifu book GAME.sgf -o BOOK.gobook; kifu check BOOK.gobook;\n\
         \x20                 kifu render BOOK.gobook -o BOOK.html|BOOK.epub|BOOK.pdf\n\
         \x20 archive keeper  kifu check DIR; kifu fix --out-dir FIXED DIR; kifu info --format csv FIXED;\n\
         \x20                 kifu split, kifu merge\n\
         \x20 player          kifu info GAME.gib; kifu convert GAME.gib -o GAME.sgf;\n\
         \x20                 kifu render GAME.gib -o GAME.html\n\n",
    );
    type Keep = fn(&Spec) -> bool;
    let sections: [(&str, Keep); 3] = [
        (
            "Reads (as the extension says, else as the content shows; `-` is stdin):",
            |s| s.read,
        ),
        (
            "Writes (`convert --to`, or the output's extension; `-` is stdout):",
            Spec::converted_to,
        ),
        (
            "Draws (`render -o FILE`, or `render --format`):",
            Spec::rendered,
        ),
    ];
    for (heading, keep) in sections {
        text.push_str(heading);
        text.push('\n');
        for spec in formats::rows(keep) {
            let extensions: Vec<String> = spec.extensions.iter().map(|e| format!(".{e}")).collect();
            text.push_str(&format!("  {:<14} {}\n", extensions.join(" "), spec.help));
        }
        text.push('\n');
    }
    text.truncate(text.trim_end().len());
    text
}

/// What every command's diagnostics and exit status look like.
pub(crate) const DIAGNOSTICS: &str = "Diagnostics go to stderr as `file:line:col: severity[code]: message` \
    (`--format human|short|json`); every code, its severity and its repair are in docs/codes.md.";
/// kifu's exit statuses, as every command returns them.
pub(crate) const EXIT_STATUS: &str = "0 clean, 1 errors found (or warnings or notes denied with \
    `--deny`), 2 usage or I/O failure.";
/// Where kifu writes, whatever the command.
pub(crate) const OUTPUTS: &str = "Outputs are written atomically (a temporary file, then a rename); \
    an input is overwritten only when named as the output or with `--in-place`.";

/// What `kifu --help` says after the commands.
fn footer() -> String {
    format!(
        "{DIAGNOSTICS}\n\nExit status: {EXIT_STATUS}\n\n{OUTPUTS}\n\n\
         Shell completions: `kifu completions bash|zsh|fish|powershell|elvish`; \
         manual pages: `kifu man` (README.md says where to install them)."
    )
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Report problems: syntax, charset, values, structure, Go rules, references, books.
    ///
    /// Reads SGF (.sgf, .mgt), Go XML (.xml), Go books (.gobook, .gobk) and the servers'
    /// records (.gib, .ngf, .ugf, .ugi): files, directories (searched for those extensions)
    /// and glob patterns, in parallel; `-` reads SGF on stdin one game at a time. With
    /// `--book`, a notes file (`::book notes=1`) has every `loc` checked against its book.
    ///
    /// Writes nothing but diagnostics on stderr, one per line, then a line per file with
    /// findings (`g.sgf: 1 error, 2 warnings (1 critical)`; `g.sgf: OK` when one file is
    /// checked) and, for a batch, the totals. Exit status 1 when errors are found.
    Check(CheckArgs),
    /// Convert games and books between formats or layouts (lossless by default).
    ///
    /// Reads SGF (.sgf, .mgt), Go XML (.xml), Go books (.gobook, .gobk) and the servers'
    /// records (.gib, .ngf, .ugf, .ugi; read only). Writes SGF, Go XML, JSON, .gobook or .gobk,
    /// as `--to` says, else as the output's extension says, else in the input's own format
    /// (a lossless copy: SGF byte for byte). A game converted to .gobook or .gobk is made a
    /// book as `kifu book` makes it; a book converted to SGF gives each chapter's Go data and
    /// diagrams as games (books are not written as Go XML). One input writes to `-o FILE` or stdout; several, directories and
    /// globs need `--out-dir DIR` or `--in-place`.
    Convert(ConvertArgs),
    /// Repair SGF files: the smallest edits that make them valid FF[4], everything else kept.
    ///
    /// Reads SGF (.sgf, .mgt; `-` is stdin): files, directories and glob patterns. Writes the
    /// repaired SGF to `-o FILE` or stdout, under `--out-dir DIR` (mirroring the tree), or in
    /// place (`--in-place`, `--backup SUFFIX`). Repairs that may lose information wait for
    /// `--force`; `--utf8` transcodes to UTF-8, `--normalize` also writes the canonical layout.
    Fix(FixArgs),
    /// Print one line per game (players, result, date, size, moves, variations) or per book.
    ///
    /// Reads SGF (.sgf, .mgt), Go XML (.xml), Go books (.gobook, .gobk) and the servers'
    /// records (.gib, .ngf, .ugf, .ugi): files, directories and glob patterns; `-` reads SGF
    /// on stdin one game at a time. Writes to stdout one line per game (a book: its title,
    /// chapters and diagrams), JSON Lines, or CSV with a header; `--where` keeps the games
    /// that match.
    Info(InfoArgs),
    /// Write each game of an SGF collection (or of a stream on stdin) to its own file.
    ///
    /// Reads one SGF file (.sgf, .mgt), or a stream of SGF games on stdin (`-`), one game at a
    /// time; a game record of another format (Go XML, .gib, .ngf, .ugf, by name or content) is
    /// converted to SGF first; a book is refused. Writes one SGF file per game, as it was
    /// written, into `--out-dir` (named by `--name`, from the game's information).
    Split(SplitArgs),
    /// Join the games of several SGF files into one collection.
    ///
    /// Reads SGF files (.sgf, .mgt), directories (searched for them) and glob patterns, in
    /// order; a named game record of another format (Go XML, .gib, .ngf, .ugf) is converted
    /// to SGF, a book refused. Writes one SGF collection to `-o FILE` (`-` for stdout), each
    /// game as it was written, or in the canonical layout with `--normalize`.
    Merge(MergeArgs),
    /// Print every Go data element and diagram of a Go book after resolution.
    ///
    /// Reads a book (.gobook, .gobk; `-` is stdin). Writes to stdout each diagram drawn in
    /// text with its caption, or one JSON array (`--format json`) of the stones, numbered
    /// moves, captions and gaps of each.
    Diagrams(DiagramsArgs),
    /// Extract the sample of a Go book (its `::c sample-start` / `sample-end` / `sample-only` marks).
    ///
    /// Reads a book (.gobook, .gobk; `-` is stdin). Writes the sample as .gobook text, or as a
    /// .gobk package with the images it uses, to `-o FILE` (`-` for stdout).
    Sample(SampleArgs),
    /// Draw games and books: a diagram or position as SVG, PNG or text; a whole book or game as
    /// an HTML page, an EPUB or a PDF.
    ///
    /// Reads a book (.gobook, .gobk) or a game record (.sgf, .mgt, .xml, .gib, .ngf, .ugf,
    /// .ugi; `-` is stdin). Writes, as the extension of `-o FILE` says (or `--format`):
    /// .svg, .png or .txt, one diagram of a book (`--diagram`) or one position of a game
    /// (`--move`, `--variation`, `--numbers`); .html, one self-contained interactive page;
    /// .epub, an EPUB 3 e-book; .pdf, a print-ready PDF typeset by Typst in process
    /// (`--page`, `--margin`, `--font-size`, `--font`, `--lang`), or .typ, its Typst source. With `--out-dir
    /// DIR`, the final position of every game of files, directories and globs.
    Render(Box<RenderArgs>),
    /// Make a Go book from SGF: annotated games become figures, diagrams and text; problem collections, problems and answers.
    ///
    /// Reads a game record (.sgf, .mgt, .xml, .gib, .ngf, .ugf, .ugi; `-` is stdin); a
    /// collection gives a chapter per game. Writes the book as .gobook text (stdout by
    /// default), a .gobk package, or the .html page to step through; `kifu render` makes
    /// the EPUB and the PDF. docs/creating-books.md says what the book holds.
    Book(BookArgs),
    /// Preview a Go book in the browser, updated on every save (loopback only).
    ///
    /// Serves the page `kifu render BOOK -o PAGE.html` writes on 127.0.0.1 and ::1, and
    /// on every save of the book, its includes, images or notes shows the new version in
    /// the open page where the reader is, with the book's errors over it. Alt-click on an
    /// element prints its place (`file:line:col`) on stdout. docs/preview.md says more.
    Serve(ServeArgs),
    /// A language server for Go books over stdin and stdout, for editors (docs/editors.md).
    ///
    /// Started by the editor, it shows every finding of `kifu check` as you type (the
    /// unsaved text, with the book's includes and images), draws a diagram when you hover
    /// its line, and completes, renames, navigates, outlines and formats `.gobook` files.
    Lsp(LspArgs),
    /// Print a shell completion script for kifu (bash, zsh, fish, powershell, elvish).
    ///
    /// Writes the script to stdout, generated from kifu's own definition of its commands:
    /// README.md says where each shell looks for it.
    Completions(CompletionsArgs),
    /// Write kifu's manual pages (roff): kifu(1), and kifu-COMMAND(1) with --out-dir.
    ///
    /// Writes kifu(1) to stdout (`kifu man | man -l -`), or with `--out-dir DIR` writes
    /// kifu.1 and one page per command (kifu-check.1 ...) into DIR, generated from the same
    /// definitions as `--help`.
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// Write kifu.1 and a page per command (kifu-check.1 ...) into this directory (created if
    /// needed), instead of kifu.1 on stdout.
    #[arg(long)]
    pub(crate) out_dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The book (`.gobook` or `.gobk`).
    pub(crate) input: PathBuf,
    /// The port on 127.0.0.1 and ::1 (default 8424, or a free one if that is taken; 0: a free one).
    #[arg(long)]
    pub(crate) port: Option<u16>,
    /// Open the page in the default browser.
    #[arg(long)]
    pub(crate) open: bool,
    /// The languages shown first (`en,ja`; the reader can change them in the page).
    #[arg(long, value_delimiter = ',')]
    pub(crate) lang: Vec<String>,
    /// A notes file (`::book notes=1`) to show with the book, each note in a box after the element its `loc` names.
    #[arg(long, value_name = "FILE")]
    pub(crate) notes: Option<PathBuf>,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct LspArgs {
    /// Talk over stdin and stdout (the only way; accepted because editors' clients pass it).
    #[arg(long)]
    pub(crate) stdio: bool,
}

#[derive(Debug, Args)]
pub(crate) struct BookArgs {
    /// The game record (`.sgf`, `.mgt`, `.xml`, `.gib`, `.ngf`, `.ugf`, `.ugi`; `-` for stdin); a collection gives a chapter per game.
    pub(crate) input: PathBuf,
    /// The file to write: `.gobook`, `.gobk`, or `.html` (the page to step through). Default: the `.gobook` text on stdout. Written atomically.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Read the games as problems: `::prb` with their correct and wrong lines, then a chapter of answers.
    #[arg(long)]
    pub(crate) problems: bool,
    /// Moves per figure where the SGF marks no figures (`FG`); a figure runs on to the end of a ko fight or capture race close by.
    #[arg(long, value_name = "N", default_value_t = kifu_book::create::DEFAULT_FIGURE_MOVES,
          value_parser = clap::value_parser!(u16).range(1..).map(usize::from))]
    pub(crate) figure_moves: usize,
    #[command(flatten)]
    pub(crate) diagnostics: DiagnosticArgs,
}

#[derive(Debug, Args)]
pub(crate) struct RenderArgs {
    /// A book (`.gobook`, `.gobk`) or a game record (`.sgf`, `.mgt`, `.xml`, `.gib`, `.ngf`, `.ugf`, `.ugi`; `-` for stdin);
    /// with --out-dir, game records, directories and globs.
    #[arg(required = true)]
    pub(crate) inputs: Vec<PathBuf>,
    /// The file to write: `.svg`, `.png`, `.txt`, `.html`, `.epub`, `.pdf`, `.typ` (`-` for stdout: SVG unless --format says). Written atomically.
    #[arg(short, long, conflicts_with = "out_dir")]
    pub(crate) output: Option<PathBuf>,
    /// Draw the final position of every game into this directory (one file per game, in parallel).
    #[arg(long)]
    pub(crate) out_dir: Option<PathBuf>,
    /// Output format (default: from the output's extension; SVG for stdout and --out-dir).
    #[arg(long = "format", value_parser = format_names(Spec::rendered))]
    pub(crate) format: Option<Format>,
    /// Books: the diagram, by ID or as CHAPTER:INDEX (as `kifu diagrams --format json` lists them).
    #[arg(long)]
    pub(crate) diagram: Option<String>,
    /// Games: the position after this move (default: the last, or the last numbered).
    #[arg(long = "move", value_name = "N")]
    pub(crate) move_number: Option<u32>,
    /// Games: number these moves on the stones (`FROM-TO`, or one move `N`).
    #[arg(long, value_name = "FROM-TO")]
    pub(crate) numbers: Option<String>,
    /// Games: the line to follow, the child to take at each branch (`1.0.2`; default the main line).
    #[arg(long, value_name = "PATH")]
    pub(crate) variation: Option<String>,
    /// Games: which game of a collection (from 1).
    #[arg(long, default_value_t = 1)]
    pub(crate) game: usize,
    /// `book` (print), `screen` (wood and shaded stones), or a style file (`.toml`).
    #[arg(long, default_value = "book")]
    pub(crate) style: String,
    /// PNG width in pixels.
    #[arg(long, default_value_t = 600)]
    pub(crate) width: u32,
    /// Languages: of a diagram's caption (the first; default `en`); of a page,
    /// those shown first; of an EPUB, the translations it holds (`en,ja`;
    /// default: all the book's); of a PDF, those it prints (default: the
    /// book's first; `all` for every one).
    #[arg(long, value_delimiter = ',')]
    pub(crate) lang: Vec<String>,
    /// Coordinates: `auto` (the diagram's `coord`; none for games), `none`, `standard`, `sgf`, `j1`, `j2`, `j3`.
    #[arg(long, default_value = "auto")]
    pub(crate) coord: String,
    /// An EPUB's kind: `interactive` (figures to step through, problems to answer, where the reader runs scripts) or `static`.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) epub: Option<EpubKind>,
    /// Books, as .html or .epub: a notes file (`::book notes=1`) to show with
    /// the book, each note in a box after the element its `loc` names.
    #[arg(long, value_name = "FILE")]
    pub(crate) notes: Option<PathBuf>,
    /// Print a summary on stderr (always printed with --out-dir and several files).
    #[arg(long)]
    pub(crate) stats: bool,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// PDF and Typst: the paper, `a5` (default), `b5`, `a4`, `letter`, or `WxH` (mm, or with a unit: `6inx9in`).
    #[arg(long, value_name = "SIZE")]
    pub(crate) page: Option<String>,
    /// PDF and Typst: the margins, one length or four (`top,outside,bottom,inside`; mm unless a unit is given).
    #[arg(long, value_name = "LENGTHS")]
    pub(crate) margin: Option<String>,
    /// PDF and Typst: the text size in points (default 10).
    #[arg(long, value_name = "PT")]
    pub(crate) font_size: Option<String>,
    /// PDF and Typst: a font for the text, a family the system has or a
    /// font file (`.ttf`, `.otf`, `.ttc`); repeat for more (tried in order,
    /// before the bundled Libertinus Serif and the system's CJK fonts).
    #[arg(long, value_name = "FILE|NAME")]
    pub(crate) font: Vec<String>,
}

#[derive(Debug, Args)]
pub(crate) struct DiagramsArgs {
    /// The book (`.gobook` or `.gobk`; `-` for stdin).
    pub(crate) input: PathBuf,
    /// A JSON array (chapter, index, kind, id, size, view, to_play, black,
    /// white, moves, caption, gaps, marks), or each diagram drawn as text.
    #[arg(long = "format", value_enum, default_value_t = ListFormat::Text)]
    pub(crate) format: ListFormat,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

/// `--epub`: which EPUB `kifu render` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum EpubKind {
    /// Scripted chapters; they read as the static ones where scripts do not run.
    #[default]
    Interactive,
    /// No script: figures with all numbers, answers in their own section.
    Static,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListFormat {
    /// Each diagram drawn with Unicode characters, with its caption.
    Text,
    /// One JSON array.
    Json,
}

#[derive(Debug, Args)]
pub(crate) struct SampleArgs {
    /// The book (`.gobook` or `.gobk`; `-` for stdin).
    pub(crate) input: PathBuf,
    /// The sample to write (`.gobook`, or `.gobk` with the images it uses; `-` for stdout). Written atomically.
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    #[command(flatten)]
    pub(crate) diagnostics: DiagnosticArgs,
}

#[derive(Debug, Args)]
pub(crate) struct SplitArgs {
    /// The collection (`-` reads a stream of games from stdin, one game at a time).
    pub(crate) input: PathBuf,
    /// Directory for the game files (created if needed).
    #[arg(short = 'o', long = "out-dir", default_value = ".")]
    pub(crate) out_dir: PathBuf,
    /// File name pattern: {N} (game number), {name} (input name), and any
    /// game-info property such as {DT}, {PB}, {PW}, {EV}, {RO}, {RE}.
    #[arg(long, default_value = "{name}-{N}")]
    pub(crate) name: String,
    /// Print nothing but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// Files, directories or globs whose games are joined, in order.
    #[arg(required = true)]
    pub(crate) inputs: Vec<PathBuf>,
    /// The collection to write (`-` for stdout). Written atomically.
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// Write every game in the canonical layout (FF[4], UTF-8) instead of as read.
    #[arg(long)]
    pub(crate) normalize: bool,
    /// Print nothing but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

#[derive(Clone, Debug, Args)]
pub(crate) struct DiagnosticArgs {
    /// How to print diagnostics on stderr (auto: human on a terminal, else short).
    #[arg(long, value_enum, default_value_t = DiagnosticFormat::Auto)]
    pub(crate) format: DiagnosticFormat,
    /// Print nothing but errors.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// Exit with status 1 on warnings too (`warnings`), or on notes too (`notes`).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub(crate) deny: Option<DenyLevel>,
    /// Neither report nor count this code, or the codes under a prefix
    /// (`sgf/unknown-property`, `charset/`); may be repeated.
    #[arg(long, value_name = "CODE")]
    pub(crate) allow: Vec<String>,
    /// Which files get a line that sums them up (set by `check`).
    #[arg(skip)]
    pub(crate) summary: FileSummary,
}

/// Which files get a line that sums up their diagnostics, as SGFC's
/// (`g.sgf: 1 error, 2 warnings (1 critical)`, `g.sgf: OK`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum FileSummary {
    /// None: commands whose diagnostics are a side note.
    #[default]
    None,
    /// The files with findings: a batch, whose closing line of totals
    /// stands for the clean files.
    Findings,
    /// Every file, `OK` when clean: a check of one file.
    Every,
}

impl DiagnosticArgs {
    /// The short form, for commands whose diagnostics are a side note.
    pub(crate) fn short(quiet: bool) -> Self {
        DiagnosticArgs {
            format: DiagnosticFormat::Short,
            quiet,
            deny: None,
            allow: Vec::new(),
            summary: FileSummary::None,
        }
    }

    /// Whether `--allow` silences `code`.
    pub(crate) fn allows(&self, code: kifu_diag::Code) -> bool {
        let code = code.as_str();
        self.allow.iter().any(|a| {
            code == a
                || (code.starts_with(a.as_str())
                    && (a.ends_with('/') || code.as_bytes().get(a.len()) == Some(&b'/')))
        })
    }

    /// Whether the diagnostics are shown in a form that says what `kifu
    /// fix` would do (JSON, and the human form), which costs a repair of a
    /// copy of each input with findings.
    pub(crate) fn wants_advice(&self) -> bool {
        use std::io::IsTerminal;
        match self.format {
            DiagnosticFormat::Json | DiagnosticFormat::Human => true,
            DiagnosticFormat::Auto => std::io::stderr().is_terminal(),
            DiagnosticFormat::Short => false,
        }
    }

    /// The least severity that fails the run.
    pub(crate) fn failing(&self) -> kifu_diag::Severity {
        match self.deny {
            None => kifu_diag::Severity::Error,
            Some(DenyLevel::Warnings) => kifu_diag::Severity::Warning,
            Some(DenyLevel::Notes) => kifu_diag::Severity::Note,
        }
    }
}

/// What `--deny` adds to the errors that fail a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DenyLevel {
    /// Warnings fail the run.
    Warnings,
    /// Warnings and notes fail the run.
    Notes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DiagnosticFormat {
    /// `human` when stderr is a terminal, `short` otherwise.
    Auto,
    /// The message, then the source line with the place marked.
    Human,
    /// `file:line:col: severity[code]: message`, one per line.
    Short,
    /// One JSON object per line.
    Json,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Files to check (`-` for stdin); directories are searched for .sgf, .mgt, .xml, .gobook, .gobk and the servers' .gib, .ngf, .ugf, .ugi files.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    /// For notes files (`::book notes=1`): the book the notes belong to, to check every `loc`.
    #[arg(long, value_name = "BOOK")]
    pub(crate) book: Option<PathBuf>,
    /// Print a summary on stderr: files, games, nodes, MB/s, games/s, errors, warnings.
    #[arg(long)]
    pub(crate) stats: bool,
    #[command(flatten)]
    pub(crate) diagnostics: DiagnosticArgs,
}

/// The parser of an option that names one of the formats `keep` selects
/// (`--to`, `render --format`): their names and help from the table.
fn format_names(keep: fn(&Spec) -> bool) -> impl TypedValueParser<Value = Format> {
    let names = formats::rows(keep).map(|s| PossibleValue::new(s.name).help(s.help));
    PossibleValuesParser::new(names)
        .map(|name| Format::named(&name).expect("the parser takes only names of the table"))
}

#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// Input files (`-` for stdin); several files, directories or globs need --out-dir or --in-place.
    #[arg(required = true)]
    pub(crate) inputs: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) out: OutputArgs,
    /// Output format (default: from the output's extension, else the input's format).
    #[arg(long, value_parser = format_names(Spec::converted_to))]
    pub(crate) to: Option<Format>,
    /// Rewrite in the canonical layout (SGF: FF[4], UTF-8, one style; XML: GoGui's form).
    #[arg(long)]
    pub(crate) normalize: bool,
    /// With --normalize, keep the input's charset instead of UTF-8.
    #[arg(long, requires = "normalize")]
    pub(crate) keep_charset: bool,
    #[command(flatten)]
    pub(crate) diagnostics: DiagnosticArgs,
}

/// Where `convert` and `fix` write.
#[derive(Debug, Args)]
pub(crate) struct OutputArgs {
    /// Output file (`-` for stdout, the default). Written atomically.
    #[arg(short, long, conflicts_with_all = ["out_dir", "in_place"])]
    pub(crate) output: Option<PathBuf>,
    /// Write each output under this directory, mirroring the input tree.
    #[arg(long, conflicts_with = "in_place")]
    pub(crate) out_dir: Option<PathBuf>,
    /// Replace each input by its output (atomically; only files that change).
    #[arg(long)]
    pub(crate) in_place: bool,
    /// With --in-place, keep each original as FILE + SUFFIX.
    #[arg(long, value_name = "SUFFIX", requires = "in_place")]
    pub(crate) backup: Option<String>,
    /// Print a summary on stderr (always printed for several files).
    #[arg(long)]
    pub(crate) stats: bool,
}

#[derive(Debug, Args)]
pub(crate) struct FixArgs {
    /// SGF files (`-` for stdin); several files, directories or globs need --out-dir or --in-place.
    #[arg(required = true)]
    pub(crate) inputs: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) out: OutputArgs,
    /// Also make the repairs that may lose information (critical ones).
    #[arg(long)]
    pub(crate) force: bool,
    /// Rewrite in the canonical form (FF[4], UTF-8, ranks as `9d`, the dates of old files in FF[4]'s form) after repairing.
    #[arg(long)]
    pub(crate) normalize: bool,
    /// Also transcode the text to UTF-8 and write CA[UTF-8], keeping the layout.
    #[arg(long)]
    pub(crate) utf8: bool,
    #[command(flatten)]
    pub(crate) diagnostics: DiagnosticArgs,
}

#[derive(Debug, Args)]
pub(crate) struct InfoArgs {
    /// Files to describe (`-` for stdin); directories and glob patterns are searched.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    /// Output: one line per game, JSON Lines, or CSV with a header.
    #[arg(long = "format", value_enum, default_value_t = InfoFormat::Line)]
    pub(crate) format: InfoFormat,
    /// Only games matching, e.g. 'PB~Lee and RE~^B' or 'moves>200 or HA>=2'.
    #[arg(long = "where", value_name = "EXPR")]
    pub(crate) filter: Option<String>,
    /// Print a summary on stderr: files, games, nodes, MB/s, errors, warnings.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Print nothing but errors on stderr.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum InfoFormat {
    /// `file: Black (rank) vs White (rank), result, date, size, moves, variations`.
    Line,
    /// One JSON object per game and line.
    Json,
    /// Comma-separated values with a header line.
    Csv,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn every_subcommand_is_well_formed() {
        super::Cli::command().debug_assert();
    }

    /// A format added to the table is named where `check --help` says what
    /// directories are searched for.
    #[test]
    fn check_help_names_every_format_read() {
        let cli = super::Cli::command();
        let check = cli.find_subcommand("check").unwrap();
        let files = check.get_arguments().find(|a| a.get_id() == "files");
        let help = files.and_then(|a| a.get_help()).unwrap().to_string();
        for ext in crate::formats::documents() {
            assert!(help.contains(&format!(".{ext}")), "{ext}: {help}");
        }
    }

    /// What `--help` says the commands that read every format read names
    /// each of them, as `kifu --help` (made from the table) does.
    #[test]
    fn what_commands_read_names_every_format_read() {
        let cli = super::Cli::command();
        let overview = cli.get_long_about().unwrap().to_string();
        for name in ["check", "convert", "info"] {
            let command = cli.find_subcommand(name).unwrap();
            let help = command.get_long_about().unwrap().to_string();
            for ext in crate::formats::documents() {
                assert!(help.contains(&format!(".{ext}")), "{name}: {ext}: {help}");
                assert!(overview.contains(&format!(".{ext}")), "{ext}: {overview}");
            }
        }
        let render = cli.find_subcommand("render").unwrap();
        let help = render.get_long_about().unwrap().to_string();
        for spec in crate::formats::rows(crate::formats::Spec::rendered) {
            assert!(
                help.contains(&format!(".{}", spec.extensions[0])),
                "{}: {help}",
                spec.name
            );
        }
    }
}
