//! `kifu completions SHELL` and `kifu man`: generated from the command
//! definition, they know every command `kifu --help` lists, and the
//! programs that read them (bash, man) take them.

use std::path::Path;
use std::process::Command;

use crate::{kifu, stderr};

/// The commands `kifu --help` lists (the real binary's help, not a list
/// kept here).
fn commands_in_help(dir: &Path) -> Vec<String> {
    let o = kifu(&["--help"], dir);
    let help = String::from_utf8(o.stdout).unwrap();
    let listed = help
        .split("Commands:\n")
        .nth(1)
        .expect("a list of commands");
    let names: Vec<String> = listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 12, "{help}");
    names
}

fn has(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok()
}

#[test]
fn every_shells_script_names_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let commands = commands_in_help(dir.path());
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = kifu(&["completions", shell], dir.path());
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        let script = String::from_utf8(o.stdout).unwrap();
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell}: {command}");
        }
    }
    let o = kifu(&["completions", "tcsh"], dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// The bash script, loaded as the README installs it, completes commands
/// and their options.
#[test]
fn bash_completes_commands_and_options() {
    if !has("bash") {
        eprintln!("bash is not installed: completion not tried");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let o = kifu(&["completions", "bash"], dir.path());
    std::fs::write(dir.path().join("kifu.bash"), &o.stdout).unwrap();
    let complete = |words: &str| -> String {
        let script = format!(
            "source ./kifu.bash; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             _kifu kifu \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"; echo \"${{COMPREPLY[@]}}\""
        );
        let o = Command::new("bash")
            .args(["-c", &script])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap().trim().to_owned()
    };
    assert_eq!(complete("kifu re"), "render");
    assert_eq!(complete("kifu render --pa"), "--page");
    assert_eq!(complete("kifu completions p"), "powershell");
    let commands = complete("kifu ''");
    for command in commands_in_help(dir.path()) {
        assert!(
            commands.split(' ').any(|c| c == command),
            "{command}: {commands}"
        );
    }
}

#[test]
fn the_manual_pages_are_one_per_command_and_man_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = kifu(&["man"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.contains("\n.TH kifu 1 "), "{page}");
    assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
    let o = kifu(&["man", "--out-dir", "man1"], d);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(d.join("man1/kifu.1")).unwrap(),
        page
    );
    let commands = commands_in_help(d);
    let mut written: Vec<String> = std::fs::read_dir(d.join("man1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    let mut expected: Vec<String> = commands.iter().map(|c| format!("kifu-{c}.1")).collect();
    expected.push("kifu.1".to_owned());
    expected.sort();
    assert_eq!(written, expected);

    if !has("man") {
        eprintln!("man is not installed: the pages were not rendered");
        return;
    }
    let render = |page: &str| -> String {
        let o = Command::new("man")
            .args(["-l", page])
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "100")
            .current_dir(d)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // Bold and underline are overstruck characters (`x\bx`).
        let text = String::from_utf8_lossy(&o.stdout);
        let mut plain = String::new();
        for c in text.chars() {
            if c == '\u{8}' {
                plain.pop();
            } else {
                plain.push(c);
            }
        }
        plain
    };
    let top = render("man1/kifu.1");
    for section in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "SUBCOMMANDS",
        "EXIT STATUS",
    ] {
        assert!(top.contains(&format!("\n{section}\n")), "{section}: {top}");
    }
    for command in &commands {
        assert!(
            top.contains(&format!("kifu-{command}(1)")),
            "{command}: {top}"
        );
    }
    // The formats' table keeps its lines.
    assert!(top.contains("\n         .gib           Tygem"), "{top}");
    let check = render("man1/kifu-check.1");
    assert!(check.contains("kifu check"), "{check}");
    assert!(check.contains("--deny <LEVEL>"), "{check}");
}
