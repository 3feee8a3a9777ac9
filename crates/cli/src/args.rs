//! Command line arguments.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::formats::{self, Format, Spec};

/// Read, check, repair and convert Go game records (SGF) and Go books.
#[derive(Debug, Parser)]
#[command(name = "kifu", version, about, max_term_width = 100)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Report problems in files (syntax, charset, values).
    Check(CheckArgs),
    /// Convert a file to another format or layout (lossless by default).
    Convert(ConvertArgs),
    /// Repair SGF files: the smallest edits that make them valid FF[4], everything else kept.
    Fix(FixArgs),
    /// Print one line per game: players, result, date, size, moves, variations.
    Info(InfoArgs),
    /// Write each game of a collection (or of a stream on stdin) to its own file.
    Split(SplitArgs),
    /// Join the games of several files into one collection.
    Merge(MergeArgs),
    /// List every Go data element and diagram of a Go book after resolution.
    Diagrams(DiagramsArgs),
    /// Extract the sample of a Go book (its `::c sample-start` / `sample-end` / `sample-only` marks).
    Sample(SampleArgs),
    /// Draw a diagram of a Go book, or a position of a game, as SVG, PNG or text.
    Render(RenderArgs),
    /// Make a Go book from SGF: annotated games become figures, diagrams and text; problem collections, problems and answers.
    Book(BookArgs),
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
    /// default: all the book's).
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
}
