//! The README against the code, so that neither can drift: its command
//! list names exactly the commands of clap's definition (what `kifu
//! --help`, the completions and the manual pages are made from), every
//! option a line shows is one of its command's, and its table of crates
//! names every crate of the workspace. A new command needs its README
//! line, and nothing here.

use std::collections::BTreeSet;
use std::path::Path;

use clap::CommandFactory;

use crate::args::Cli;

fn repository() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn readme() -> String {
    std::fs::read_to_string(repository().join("README.md")).expect("README.md")
}

/// The lines of the first code block under `## The command line` that
/// show a command: each command's name and the options the line shows.
fn command_lines(readme: &str) -> Vec<(String, Vec<String>)> {
    let section = readme
        .split("\n## The command line\n")
        .nth(1)
        .expect("the section");
    let block = section.split("```").nth(1).expect("a code block");
    block
        .lines()
        .filter_map(|line| line.strip_prefix("kifu "))
        .map(|line| {
            let name = line
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned();
            let options = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .filter(|word| word.starts_with("--") && word.len() > 2)
                .map(str::to_owned)
                .collect();
            (name, options)
        })
        .collect()
}

fn difference(a: &BTreeSet<String>, b: &BTreeSet<String>) -> Vec<String> {
    a.difference(b).cloned().collect()
}

#[test]
fn the_readmes_command_list_is_the_clis() {
    let readme = readme();
    let lines = command_lines(&readme);
    let listed: BTreeSet<String> = lines.iter().map(|(name, _)| name.clone()).collect();
    let cli = Cli::command();
    let defined: BTreeSet<String> = cli
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_owned())
        .collect();
    assert!(defined.len() >= 12, "{defined:?}");
    assert_eq!(
        listed,
        defined,
        "README.md's command list (## The command line) against the CLI: only in the README \
         {:?}, only in the CLI {:?}: give each command a line `kifu NAME ...`",
        difference(&listed, &defined),
        difference(&defined, &listed),
    );
    for (name, options) in &lines {
        let command = cli.find_subcommand(name).expect("listed");
        for option in options {
            let long = &option[2..];
            assert!(
                command.get_arguments().any(|a| a.get_long() == Some(long)),
                "README.md shows `kifu {name} {option}`, which `kifu {name} --help` does not have"
            );
        }
    }
}

#[test]
fn the_readmes_crate_table_names_every_crate() {
    let readme = readme();
    let in_table: BTreeSet<String> = readme
        .split("\n## The crates\n")
        .nth(1)
        .expect("the section")
        .lines()
        .filter_map(|line| line.strip_prefix("| `")?.split('`').next())
        .map(str::to_owned)
        .collect();
    let mut in_workspace = BTreeSet::new();
    for entry in std::fs::read_dir(repository().join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .expect("a package name");
        in_workspace.insert(name.to_owned());
    }
    assert!(in_workspace.contains("kifu-cli"), "{in_workspace:?}");
    assert_eq!(
        in_table,
        in_workspace,
        "README.md's crate table against crates/*: only in the README {:?}, only in the \
         workspace {:?}",
        difference(&in_table, &in_workspace),
        difference(&in_workspace, &in_table),
    );
}

/// The reading of the command list is what the tests above rely on.
#[test]
fn a_command_line_gives_its_name_and_options() {
    let readme = "x\n## The command line\n\n```\nkifu fix IN [-o OUT | --out-dir DIR] [--force]   repairs\n  more\n```\n";
    assert_eq!(
        command_lines(readme),
        vec![(
            "fix".to_owned(),
            vec!["--out-dir".to_owned(), "--force".to_owned()]
        )]
    );
}
