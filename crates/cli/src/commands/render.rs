//! `kifu render BOOK --diagram ID|CHAPTER:INDEX -o OUT.svg|.png|.txt`,
//! `kifu render GAME.sgf [--move N] [--numbers FROM-TO] [--variation PATH] -o OUT`,
//! `kifu render DIR... --out-dir OUT` (the final position of every game).

use std::path::{Path, PathBuf};

use kifu_render::epub::{EpubMode, EpubOptions};
use kifu_render::flow::{Flow, FlowOptions};
use kifu_render::html::HtmlOptions;
use kifu_render::print::{Page, PrintOptions};
use kifu_render::style::Style;
use kifu_render::svg::{Coordinates, DiagramView, SgfPosition};

use crate::args::{EpubKind, RenderArgs};
use crate::batch;
use crate::document::Document;
use crate::error::CliError;
use crate::formats::{self, Format, Spec};
use crate::input::{self, Job};
use crate::outcome::Outcome;
use crate::output;

pub(crate) fn run(args: &RenderArgs) -> Result<u8, CliError> {
    let style = style(&args.style)?;
    if let Some(dir) = &args.out_dir {
        return render_dir(args, dir, &style);
    }
    let [path] = args.inputs.as_slice() else {
        return Err(CliError::usage(
            "several inputs: give --out-dir DIR to draw every game",
        ));
    };
    let format = output_format(args)?;
    if args.epub.is_some() && format != Format::Epub {
        return Err(CliError::usage("--epub is for an .epub output"));
    }
    if (args.page.is_some()
        || args.margin.is_some()
        || args.font_size.is_some()
        || !args.font.is_empty())
        && !matches!(format, Format::Pdf | Format::Typ)
    {
        return Err(CliError::usage(
            "--page, --margin, --font-size and --font are for .pdf and .typ",
        ));
    }
    if matches!(
        format,
        Format::Html | Format::Epub | Format::Pdf | Format::Typ
    ) {
        return render_whole(args, path, format, &style);
    }
    if args.notes.is_some() {
        return Err(CliError::usage(
            "--notes shows notes with a whole book: write .html or .epub",
        ));
    }
    let input = input::read(path)?;
    let (view, status) = if formats::of_input(path, &input.bytes).is_book() {
        book_view(args, &input, path)?
    } else {
        (game_view(args, &input, path)?, crate::error::EXIT_CLEAN)
    };
    let bytes = draw(&view, &style, format, args.width).map_err(CliError::usage)?;
    output::write(args.output.as_deref(), &bytes)?;
    Ok(status)
}

/// `kifu render BOOK|GAME -o OUT.html|OUT.epub`: a whole book, or a game
/// as a book, through its flow to the interactive page or the e-book.
fn render_whole(
    args: &RenderArgs,
    path: &Path,
    format: Format,
    style: &Style,
) -> Result<u8, CliError> {
    if args.diagram.is_some() || args.move_number.is_some() || args.numbers.is_some() {
        return Err(CliError::usage(format!(
            "{} shows a whole book or game: --diagram, --move and --numbers are for .svg, .png and .txt",
            format.name()
        )));
    }
    let input = input::read(path)?;
    let from = formats::of_input(path, &input.bytes);
    // A page shows every language, the chosen ones first; an e-book holds
    // the chosen translations only (all by default); a printed book the
    // chosen ones, its first language by default.
    let print = matches!(format, Format::Pdf | Format::Typ);
    let print_options = if print {
        Some(print_options(args, format)?)
    } else {
        None
    };
    let langs = chosen_languages(&args.lang);
    let flow_options = |book: &kifu_book::Book, game: bool| {
        if print {
            return kifu_render::print::flow_options(book, &args.lang);
        }
        FlowOptions {
            languages: if format == Format::Epub && !game {
                langs.clone()
            } else {
                Vec::new()
            },
            preferred: langs.clone(),
        }
    };
    let write = |flow: &Flow<'_>, shared_positions: bool| -> Result<Vec<u8>, CliError> {
        if let Some(options) = &print_options {
            return print_book(flow, options, format, &input.name, args.quiet);
        }
        if format == Format::Epub {
            let options = EpubOptions {
                languages: langs.clone(),
                modified: modified(path),
                style: style.clone(),
                mode: match args.epub.unwrap_or_default() {
                    EpubKind::Interactive => EpubMode::Interactive,
                    EpubKind::Static => EpubMode::Static,
                },
            };
            kifu_render::epub::flow_to_epub(flow, &options)
                .map_err(|e| CliError::usage(format!("{}: {e}", input.name)))
        } else {
            let options = HtmlOptions {
                languages: langs.clone(),
                title: None,
                shared_positions,
            };
            Ok(kifu_render::html::flow_to_html(flow, &options).into_bytes())
        }
    };
    let (bytes, status) = if from.is_book() {
        let book = crate::book::read(&input, path, from).map_err(CliError::usage)?;
        let diagnostics_args = crate::args::DiagnosticArgs::short(args.quiet);
        // Reading problems and the files the book names (refused, missing,
        // not images, includes) are shown; the output is written anyway.
        let (expanded, mut found) = book.file_diagnostics();
        found.extend(book.diagnostics.iter().cloned());
        found.sort_by_key(|d| d.span.start);
        let outcome = book.outcome(&found, &diagnostics_args);
        crate::stdio::eprint(&outcome.stderr);
        // Past the include limits the book is as large as the limits:
        // rendering it would take as long as the blow-up was meant to.
        if expanded
            .diagnostics
            .iter()
            .any(|d| d.code == kifu_book::include::codes::INCLUDE_LIMIT)
        {
            return Err(CliError::usage(format!(
                "{}: no {} written: the includes pass kifu's limits",
                book.name,
                match format {
                    Format::Epub => "e-book",
                    Format::Pdf | Format::Typ => "print book",
                    _ => "page",
                }
            )));
        }
        let with_notes = match &args.notes {
            Some(notes_path) => {
                let notes = input::read(notes_path)?;
                let shown =
                    kifu_book::notes::insert(&kifu_book::read(&notes.bytes).value, &expanded.value);
                if !args.quiet {
                    for d in &shown.diagnostics {
                        crate::stdio::eprintln(format_args!(
                            "{}: {}[{}]: {}",
                            notes.name,
                            d.severity,
                            d.code.as_str(),
                            d.message
                        ));
                    }
                }
                Some(shown.value)
            }
            None => None,
        };
        let shown = with_notes.as_ref().unwrap_or(&expanded.value);
        let flow = Flow::new(
            shown,
            &|name| book.load_image(name),
            &flow_options(shown, false),
        );
        (write(&flow, false)?, outcome.stats.status())
    } else {
        if args.notes.is_some() {
            return Err(CliError::usage(format!(
                "{}: --notes is for books, not games",
                input.name
            )));
        }
        let (document, _) = Document::read(&input.bytes, from);
        let mut collection = document.to_collection().into_owned();
        let index = args.game.saturating_sub(1);
        if collection.game(index).is_none() {
            return Err(CliError::usage(format!(
                "{}: there is no game {}",
                input.name, args.game
            )));
        }
        // The game asked for, as `kifu book` makes the book of a file of
        // one game (the others removed from the last, so that the index
        // holds).
        for k in (0..collection.len()).rev().filter(|&k| k != index) {
            collection
                .remove_game(k)
                .map_err(|e| CliError::usage(format!("{}: {e}", input.name)))?;
        }
        let made = crate::commands::create::make(&collection, path);
        if !args.quiet {
            let mut stderr = String::new();
            crate::report::render(
                &input.name,
                &input.bytes,
                document.encoding(),
                &made.notes,
                &[],
                &crate::args::DiagnosticArgs::short(false),
                &mut stderr,
            );
            crate::stdio::eprint(&stderr);
        }
        // Every variation starts from the main line: each position once.
        let flow = Flow::new(&made.book, &|_| None, &flow_options(&made.book, true));
        (write(&flow, true)?, crate::error::EXIT_CLEAN)
    };
    output::write(args.output.as_deref(), &bytes)?;
    Ok(status)
}

/// The languages `--lang` chooses: `all` is every one (as none is, but
/// for print).
fn chosen_languages(lang: &[String]) -> Vec<String> {
    match lang {
        [all] if all == kifu_render::print::ALL_LANGUAGES => Vec::new(),
        list => list.to_vec(),
    }
}

/// The page, margins, text size and diagram style of a printed book.
/// The style file's `[page]` table gives what the options do not.
fn print_options(args: &RenderArgs, format: Format) -> Result<PrintOptions, CliError> {
    let style = style(&args.style)?;
    let table = style.page.clone().unwrap_or_default();
    let size = args.page.clone().or(table.size);
    let mut page = match &size {
        Some(p) => Page::parse(p).map_err(CliError::usage)?,
        None => Page::default(),
    };
    if let Some(m) = args.margin.clone().or(table.margin) {
        page.set_margins(&m).map_err(CliError::usage)?;
    }
    let font_size = args
        .font_size
        .clone()
        .or(table.font_size.map(|f| f.to_string()));
    if let Some(f) = font_size {
        page.set_font_size(&f).map_err(CliError::usage)?;
    }
    let fonts = print_fonts(args, &style)?;
    Ok(PrintOptions {
        languages: args.lang.clone(),
        page,
        style,
        // A `.typ` stands alone: its images are in it.
        embed_images: format == Format::Typ,
        fonts,
    })
}

/// The fonts `--font` and the style file's `[fonts]` name: families the
/// machine has, or font files (read here: the author chose them, not the
/// book).
#[cfg(feature = "pdf")]
fn print_fonts(args: &RenderArgs, style: &Style) -> Result<kifu_render::print::Fonts, CliError> {
    use kifu_render::print::fonts;
    let table = style.fonts.clone().unwrap_or_default();
    let style_dir = Path::new(&args.style).parent().unwrap_or(Path::new(""));
    let mut out = kifu_render::print::Fonts::default();
    // The families of one name: a file's, or the name when a font has it.
    let mut families = |name: &str, dir: &Path| -> Result<Vec<String>, CliError> {
        let file = dir.join(name);
        let is_file_name = Path::new(name).extension().is_some_and(|e| {
            ["ttf", "otf", "ttc", "otc"]
                .iter()
                .any(|x| e.eq_ignore_ascii_case(x))
        });
        if is_file_name || file.is_file() {
            let bytes =
                std::fs::read(&file).map_err(|e| CliError::io(&file.display().to_string(), e))?;
            let names = fonts::file_families(&bytes);
            if names.is_empty() {
                return Err(CliError::usage(format!(
                    "--font {name}: not a font file (give a .ttf, .otf or .ttc)"
                )));
            }
            out.files.push(bytes);
            return Ok(names);
        }
        if !fonts::family_exists(name) {
            return Err(CliError::usage(format!(
                "--font {name}: no font of that family here (`fc-list : family` lists the system's), and no such file"
            )));
        }
        Ok(vec![name.to_owned()])
    };
    let mut text = Vec::new();
    for name in &args.font {
        text.extend(families(name, Path::new(""))?);
    }
    for name in &table.text {
        text.extend(families(name, style_dir)?);
    }
    let mut by_language = Vec::new();
    for (code, name) in table.by_language() {
        by_language.push((code.to_owned(), families(name, style_dir)?));
    }
    out.text = text;
    out.by_language = by_language;
    Ok(out)
}

/// Without the Typst compiler, fonts are named as given (a `.typ` compiled
/// elsewhere finds them there).
#[cfg(not(feature = "pdf"))]
fn print_fonts(args: &RenderArgs, style: &Style) -> Result<kifu_render::print::Fonts, CliError> {
    let table = style.fonts.clone().unwrap_or_default();
    Ok(kifu_render::print::Fonts {
        text: args.font.iter().chain(&table.text).cloned().collect(),
        by_language: table
            .by_language()
            .into_iter()
            .map(|(code, name)| (code.to_owned(), vec![name.to_owned()]))
            .collect(),
        files: Vec::new(),
    })
}

/// A flow as Typst markup, or compiled to a PDF.
fn print_book(
    flow: &Flow<'_>,
    options: &PrintOptions,
    format: Format,
    name: &str,
    quiet: bool,
) -> Result<Vec<u8>, CliError> {
    #[cfg(feature = "pdf")]
    let options = &{
        let mut options = options.clone();
        kifu_render::print::with_cjk_fonts(flow, &mut options.fonts);
        options
    };
    let typ = kifu_render::print::flow_to_typst(flow, options);
    if format == Format::Typ {
        return Ok(typ.source.into_bytes());
    }
    compile_pdf(&typ, name, quiet)
}

#[cfg(feature = "pdf")]
fn compile_pdf(
    typ: &kifu_render::print::TypstBook,
    name: &str,
    quiet: bool,
) -> Result<Vec<u8>, CliError> {
    let pdf = kifu_render::print::typst_to_pdf(typ)
        .map_err(|e| CliError::usage(format!("{name}: no PDF written: Typst says:\n{e}")))?;
    if !quiet {
        for w in &pdf.warnings {
            crate::stdio::eprintln(format_args!("kifu: {name}: typst: {w}"));
        }
        if let Some(first) = pdf.missing_glyphs.first() {
            crate::stdio::eprintln(format_args!(
                "kifu: {name}: warning: no font here has the {} character(s) of the text such as '{first}' (U+{:04X}): they print as boxes; install fonts that have them (Chinese, Japanese, Korean: {}) or name one with --font",
                pdf.missing_glyphs.len(),
                u32::from(*first),
                kifu_render::print::fonts::CJK_FONT_PACKAGE,
            ));
        }
        for d in &pdf.split_diagrams {
            crate::stdio::eprintln(format_args!(
                "kifu: {name}: diagram {d} is taller than the page: it is split across pages"
            ));
        }
    }
    Ok(pdf.bytes)
}

#[cfg(not(feature = "pdf"))]
fn compile_pdf(
    _typ: &kifu_render::print::TypstBook,
    name: &str,
    _quiet: bool,
) -> Result<Vec<u8>, CliError> {
    Err(CliError::usage(format!(
        "{name}: this kifu was built without PDF support (the `pdf` feature): write a .typ and compile it with `typst compile`"
    )))
}

/// The e-book's modification date: `SOURCE_DATE_EPOCH` when set (for
/// reproducible builds), else the input's modification time, else now.
fn modified(path: &Path) -> String {
    let time = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map(|s| std::time::UNIX_EPOCH + std::time::Duration::from_secs(s))
        .or_else(|| std::fs::metadata(path).and_then(|m| m.modified()).ok())
        .unwrap_or_else(std::time::SystemTime::now);
    kifu_render::epub::timestamp(time)
}

/// The output format: `--format`, else the output's extension, else SVG.
fn output_format(args: &RenderArgs) -> Result<Format, CliError> {
    if let Some(f) = args.format {
        return Ok(f);
    }
    let Some(out) = args.output.as_deref().filter(|o| !input::is_stdio(o)) else {
        return Ok(Format::Svg);
    };
    formats::by_extension(out)
        .filter(|f| f.spec().rendered())
        .ok_or_else(|| {
            let drawn: Vec<String> = formats::rows(Spec::rendered)
                .map(|s| format!(".{}", s.extensions[0]))
                .collect();
            let (last, others) = drawn.split_last().expect("render draws some formats");
            CliError::usage(format!(
                "cannot tell the output format from '{}': use {} or {last}, or give --format",
                out.display(),
                others.join(", "),
            ))
        })
}

/// `--style`: a built-in style or a TOML file.
fn style(name: &str) -> Result<Style, CliError> {
    if let Some(s) = Style::builtin(name) {
        return Ok(s);
    }
    let path = Path::new(name);
    if path
        .extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("toml"))
    {
        return Err(CliError::usage(format!(
            "--style {name}: give book, screen, or a style file (.toml)"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| CliError::io(name, e))?;
    Style::from_toml(&text).map_err(|e| CliError::usage(format!("{name}: {e}")))
}

fn draw(view: &DiagramView, style: &Style, format: Format, width: u32) -> Result<Vec<u8>, String> {
    match format {
        Format::Svg => Ok(kifu_render::svg::to_svg(view, style).into_bytes()),
        Format::Txt => Ok(kifu_render::text::to_text(view).into_bytes()),
        Format::Png => {
            let svg = kifu_render::svg::to_svg(view, style);
            kifu_render::png::to_png(&svg, width).map_err(|e| e.to_string())
        }
        Format::Html | Format::Epub | Format::Pdf | Format::Typ => Err(format!(
            "{} shows a whole book or game, not one diagram",
            format.name()
        )),
        // Not renderings: `--format` and the output's name take none.
        Format::Sgf
        | Format::Json
        | Format::Xml
        | Format::Gib
        | Format::Ngf
        | Format::Ugf
        | Format::Gobook
        | Format::Gobk => Err(format!("{} is not a picture", format.name())),
    }
}

/// Applies `--coord` (`auto` keeps what the view has).
fn coordinates(view: &mut DiagramView, coord: &str) -> Result<(), CliError> {
    match coord {
        "auto" => {}
        "none" => view.coordinates = Coordinates::None,
        other => {
            let c = Coordinates::from_attribute(other);
            if c == Coordinates::None {
                return Err(CliError::usage(format!(
                    "--coord {other}: give auto, none, standard, sgf, j1, j2 or j3"
                )));
            }
            view.coordinates = c;
        }
    }
    Ok(())
}

/// The diagram of a book that `--diagram` names, with the exit status of
/// what reading the book found.
fn book_view(
    args: &RenderArgs,
    input: &input::Input,
    path: &Path,
) -> Result<(DiagramView, u8), CliError> {
    let Some(wanted) = args.diagram.as_deref() else {
        return Err(CliError::usage(format!(
            "{}: give --diagram ID or CHAPTER:INDEX (`kifu diagrams` lists them)",
            input.name
        )));
    };
    if args.move_number.is_some() || args.numbers.is_some() || args.variation.is_some() {
        return Err(CliError::usage(
            "--move, --numbers and --variation are for game records",
        ));
    }
    let format = formats::of_input(path, &input.bytes);
    let book = crate::book::read(input, path, format).map_err(CliError::usage)?;
    let resolution = kifu_book::resolve::resolve(&book.book);
    let mut found = book.diagnostics.clone();
    found.extend(resolution.diagnostics.iter().cloned());
    found.sort_by_key(|d| d.span.start);
    let diagnostics_args = crate::args::DiagnosticArgs::short(true);
    let outcome = book.outcome(&found, &diagnostics_args);
    if !args.quiet {
        crate::stdio::eprint(&outcome.stderr);
    }
    let item = find_item(&book.book, &resolution, wanted).ok_or_else(|| {
        CliError::usage(format!(
            "{}: no diagram '{wanted}' (give an ID or CHAPTER:INDEX as `kifu diagrams` lists them)",
            input.name
        ))
    })?;
    let mut view = DiagramView::of_book_item(
        &book.book,
        &resolution.items[item],
        chosen_languages(&args.lang)
            .first()
            .map_or("en", String::as_str),
    );
    coordinates(&mut view, &args.coord)?;
    Ok((view, outcome.stats.status()))
}

/// The item `--diagram` names: `CHAPTER:INDEX` as `kifu diagrams` lists
/// items (a chapter without ID is `-`), else an ID (diagrams before other
/// Go data).
fn find_item(
    book: &kifu_book::Book,
    resolution: &kifu_book::resolve::Resolution,
    wanted: &str,
) -> Option<usize> {
    if let Some((chapter, index)) = wanted.rsplit_once(':') {
        let index: u64 = index.parse().ok()?;
        let listing = kifu_book::listing::to_json(book, resolution);
        let entries = listing.as_array()?;
        return entries.iter().position(|e| {
            let c = e["chapter"].as_str().unwrap_or("-");
            c == chapter && e["index"].as_u64() == Some(index)
        });
    }
    let with_id = |i: &usize| resolution.items[*i].id.as_deref() == Some(wanted);
    let all = 0..resolution.items.len();
    all.clone()
        .filter(with_id)
        .find(|&i| resolution.items[i].kind != kifu_book::resolve::ItemKind::Go)
        .or_else(|| all.clone().find(with_id))
}

fn parse_numbers(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || CliError::usage(format!("--numbers {text}: give FROM-TO (as 1-50) or N"));
    let (from, to) = text.split_once('-').unwrap_or((text, text));
    let from: u32 = from.trim().parse().map_err(|_| bad())?;
    let to: u32 = to.trim().parse().map_err(|_| bad())?;
    if from == 0 || from > to {
        return Err(bad());
    }
    Ok((from, to))
}

fn parse_variation(text: &str) -> Result<Vec<usize>, CliError> {
    text.split('.')
        .map(|part| {
            part.trim().parse().map_err(|_| {
                CliError::usage(format!(
                    "--variation {text}: give child indices separated by dots (as 1.0.2)"
                ))
            })
        })
        .collect()
}

/// The position of a game that `--move`, `--numbers` and `--variation` name.
fn game_view(
    args: &RenderArgs,
    input: &input::Input,
    path: &Path,
) -> Result<DiagramView, CliError> {
    if args.diagram.is_some() {
        return Err(CliError::usage(format!(
            "{}: --diagram is for Go books; give --move N for a game",
            input.name
        )));
    }
    let position = SgfPosition {
        variation: args
            .variation
            .as_deref()
            .map(parse_variation)
            .transpose()?
            .unwrap_or_default(),
        move_number: args.move_number,
        numbers: args.numbers.as_deref().map(parse_numbers).transpose()?,
    };
    let format = formats::of_input(path, &input.bytes);
    let (document, diagnostics) = Document::read(&input.bytes, format);
    if let Some(d) = diagnostics.iter().find(|d| d.is_error())
        && !args.quiet
    {
        crate::stdio::eprintln(format_args!("kifu: {}: {}", input.name, d.message));
    }
    let collection = document.to_collection();
    let count = collection.len();
    let game = args
        .game
        .checked_sub(1)
        .and_then(|i| collection.game(i))
        .ok_or_else(|| {
            CliError::usage(format!(
                "{}: no game {} (the file holds {count})",
                input.name, args.game
            ))
        })?;
    let mut view = DiagramView::from_sgf_game(game, &position)
        .map_err(|e| CliError::usage(format!("{}: {e}", input.name)))?;
    coordinates(&mut view, &args.coord)?;
    Ok(view)
}

/// `--out-dir`: the final position of every game of every input.
fn render_dir(args: &RenderArgs, dir: &Path, style: &Style) -> Result<u8, CliError> {
    let format = args.format.unwrap_or(Format::Svg);
    if matches!(
        format,
        Format::Html | Format::Epub | Format::Pdf | Format::Typ
    ) {
        return Err(CliError::usage(format!(
            "--out-dir draws positions: {} is not supported there; use --format svg, png or txt",
            format.name()
        )));
    }
    if args.diagram.is_some() || args.variation.is_some() || args.numbers.is_some() {
        return Err(CliError::usage(
            "--out-dir draws the final position of every game: --diagram, --numbers and --variation do not apply",
        ));
    }
    // Check --coord once, not per game.
    coordinates(
        &mut DiagramView::empty(kifu_board::BoardSize::STANDARD),
        &args.coord,
    )?;
    let inputs = batch::Inputs::new(&args.inputs, &formats::game_records(), args.quiet);
    if inputs.names_stdin() {
        return Err(CliError::usage("stdin cannot be drawn with --out-dir"));
    }
    let summary = args.stats || (inputs.is_batch() && !args.quiet);
    // Two inputs of one name (`x.sgf`, `x.xml`) would draw to one file:
    // the second is refused, in input order.
    let ext = |_: &Path| format.extension();
    let target = output::BatchTarget {
        in_place: false,
        backup: None,
        out_dir: Some(dir),
        extension: Some(&ext),
        keeps_damage: true,
    };
    let stats = batch::run_writing(&inputs, args.quiet, summary, &target, |job| {
        render_job(job, args, dir, style, format)
    });
    Ok(stats.status())
}

/// Draws every game of one file under `dir`: `NAME.svg` for a single
/// game, `NAME-1.svg`, `NAME-2.svg`... for a collection.
fn render_job(job: &Job, args: &RenderArgs, dir: &Path, style: &Style, format: Format) -> Outcome {
    if let Some(Err(why)) = &job.output {
        return Outcome::failed(why.clone());
    }
    let input = match input::read(&job.path) {
        Ok(input) => input,
        Err(e) => return Outcome::failed(e.to_string()),
    };
    let (document, _) = Document::read(&input.bytes, formats::of_input(&job.path, &input.bytes));
    let collection = document.to_collection();
    let mut outcome = Outcome::of_games(&input.bytes, &collection);
    let relative = job.relative();
    let stem = relative
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let parent = dir.join(relative.parent().unwrap_or(Path::new("")));
    if let Err(e) = std::fs::create_dir_all(&parent) {
        return Outcome::failed(format!("{}: {e}", parent.display()));
    }
    let position = SgfPosition {
        move_number: args.move_number,
        ..SgfPosition::default()
    };
    let several = collection.len() > 1;
    for (i, game) in collection.games().enumerate() {
        let name = if several {
            format!("{stem}-{}.{}", i + 1, format.extension())
        } else {
            format!("{stem}.{}", format.extension())
        };
        let target: PathBuf = parent.join(name);
        let result = DiagramView::from_sgf_game(game, &position)
            .map_err(|e| e.to_string())
            .and_then(|mut view| {
                coordinates(&mut view, &args.coord).map_err(|e| e.to_string())?;
                draw(&view, style, format, args.width)
            });
        let written = result
            .map_err(|e| format!("{}: game {}: {e}", input.name, i + 1))
            .and_then(|bytes| output::write(Some(&target), &bytes).map_err(|e| e.to_string()));
        if let Err(e) = written {
            outcome.stderr.push_str(&format!("kifu: {e}\n"));
            outcome.stats.failed += 1;
        }
    }
    outcome
}
