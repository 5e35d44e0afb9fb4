//! What the cases must cover, read from the command itself: every subcommand `dxil --help`
//! lists (and theirs, down to the leaves) has a case that succeeds and one with a flag it does
//! not know (exit 2), and each argument it reads a file from (value name `FILE`) has a case for
//! every error path in [`ErrorPath::ALL`] (exit 1, the file named on standard error).
//!
//! A case covers an error path by the name of the input it passes, made by the case at run
//! time: `missing*` (never created), `%t` or `dir*` (a directory), `empty*`, `cut*` (a
//! container cut short), `random*` (bytes that are nothing), `words*` (a line of prose). The
//! exit status and standard error are the ones recorded in `<case>.out`, so a new subcommand,
//! or a new file argument, cannot land without cases, and a path that exits with the wrong
//! status fails here as well as in the cases. A line `# VALID: why` just before a `RUN:` line
//! says its input is one the command accepts (an empty file of root signature text is the
//! empty root signature): that line must exit 0. A line that exits 2 was refused as a usage
//! error before any input was read, and covers no input's path.
//!
//! A command whose positional is `<NAME_ARGS>...` (`dxil dxc <DXC_ARGS>...`) reads its own
//! arguments, as another tool's command line: clap does not parse them, so its flags are not
//! in its help. There an unknown flag is one the command refuses naming it in quotes
//! (`unsupported option '-foo'`, exit 1), and each word named for an error path is an input
//! of `<NAME_ARGS>` that must show every path.

use std::collections::BTreeSet;
use std::process::Command;

use super::{cases_dir, collect, Case};

/// An error path every file argument is tried with.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum ErrorPath {
    Missing,
    Directory,
    Empty,
    Truncated,
    Random,
    Text,
}

impl ErrorPath {
    const ALL: [ErrorPath; 6] = [
        ErrorPath::Missing,
        ErrorPath::Directory,
        ErrorPath::Empty,
        ErrorPath::Truncated,
        ErrorPath::Random,
        ErrorPath::Text,
    ];

    /// The path an input's name stands for, by the naming convention above.
    fn of(value: &str) -> Option<ErrorPath> {
        if value == "%t" {
            return Some(ErrorPath::Directory);
        }
        let name = value.rsplit('/').next().unwrap_or(value);
        [
            ("missing", ErrorPath::Missing),
            ("dir", ErrorPath::Directory),
            ("empty", ErrorPath::Empty),
            ("cut", ErrorPath::Truncated),
            ("random", ErrorPath::Random),
            ("words", ErrorPath::Text),
        ]
        .into_iter()
        .find_map(|(prefix, path)| name.starts_with(prefix).then_some(path))
    }

    fn describe(self) -> &'static str {
        match self {
            ErrorPath::Missing => "a missing file (an input named missing*)",
            ErrorPath::Directory => "a directory (%t, or an input named dir*)",
            ErrorPath::Empty => "an empty file (an input named empty*)",
            ErrorPath::Truncated => "a truncated container (an input named cut*)",
            ErrorPath::Random => "random bytes (an input named random*)",
            ErrorPath::Text => "text where something else is needed (an input named words*)",
        }
    }
}

/// One option of a subcommand, from its help.
struct Opt {
    short: Option<String>,
    long: String,
    /// The value's name (`FILE`, `OUT`); `None` for a switch.
    value: Option<String>,
}

/// One positional argument: its value's name and whether it repeats.
struct Positional {
    value: String,
    many: bool,
}

impl Positional {
    /// Another tool's command line, read by the command itself (`<DXC_ARGS>...`).
    fn raw(&self) -> bool {
        self.many && self.value.ends_with("_ARGS")
    }
}

/// A (sub)command as its `--help` describes it.
struct Cmd {
    /// The words after `dxil` that name it.
    path: Vec<String>,
    children: Vec<Cmd>,
    options: Vec<Opt>,
    positionals: Vec<Positional>,
}

impl Cmd {
    fn name(&self) -> String {
        self.path.join(" ")
    }

    /// The arguments it reads a file from: `<FILE>` positionals and `--x <FILE>` options,
    /// named as they are written in reports (`<FILE>`, `--binary`).
    fn file_arguments(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .positionals
            .iter()
            .filter(|p| p.value == "FILE" || p.raw())
            .map(|p| format!("<{}>", p.value))
            .collect();
        out.extend(
            self.options
                .iter()
                .filter(|o| o.value.as_deref() == Some("FILE"))
                .map(|o| o.long.clone()),
        );
        out
    }

    fn leaves<'a>(&'a self, out: &mut Vec<&'a Cmd>) {
        if self.children.is_empty() {
            out.push(self);
        }
        for child in &self.children {
            child.leaves(out);
        }
    }
}

fn help(path: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .args(path)
        .arg("--help")
        .output()
        .expect("run dxil --help");
    assert_eq!(
        out.status.code(),
        Some(0),
        "dxil {} --help failed",
        path.join(" ")
    );
    String::from_utf8(out.stdout).expect("help is UTF-8")
}

/// The items of one section (`Commands:`, `Arguments:`, `Options:`) of a help text: its
/// lines indented by at most six spaces (deeper ones continue a description).
fn section<'a>(help: &'a str, title: &str) -> Vec<&'a str> {
    let mut lines = help.lines().skip_while(|l| *l != title);
    if lines.next().is_none() {
        return Vec::new();
    }
    lines
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter(|l| {
            let indent = l.len() - l.trim_start().len();
            !l.trim().is_empty() && indent <= 6
        })
        .map(str::trim)
        .collect()
}

/// The command tree, read from `--help` one level at a time. clap's own `help` subcommand
/// is a leaf with no options (its `--help` is its parent's).
fn read_command(path: Vec<String>) -> Cmd {
    if path.last().is_some_and(|w| w == "help") {
        return Cmd {
            path,
            children: Vec::new(),
            options: Vec::new(),
            positionals: Vec::new(),
        };
    }
    let text = help(&path);
    let children = section(&text, "Commands:")
        .into_iter()
        .map(|item| {
            let name = item.split_whitespace().next().expect("command name");
            let mut child = path.clone();
            child.push(name.to_string());
            read_command(child)
        })
        .collect();
    let positionals = section(&text, "Arguments:")
        .into_iter()
        .map(|item| {
            let word = item.split_whitespace().next().expect("argument");
            let many = word.ends_with("...");
            let value = word
                .trim_end_matches("...")
                .trim_matches(['<', '>', '[', ']']);
            Positional {
                value: value.to_string(),
                many,
            }
        })
        .collect();
    let options = section(&text, "Options:")
        .into_iter()
        .filter(|item| item.starts_with('-'))
        .map(|item| {
            let mut rest = item;
            let mut short = None;
            if !rest.starts_with("--") {
                let (s, r) = rest.split_once(',').unwrap_or((rest, ""));
                short = Some(s.to_string());
                rest = r.trim_start();
            }
            let (long, r) = rest.split_once(' ').unwrap_or((rest, ""));
            let r = r.trim_start().trim_start_matches('[');
            let value = r
                .strip_prefix('<')
                .and_then(|v| v.split_once(|c: char| c == '>' || c.is_whitespace()))
                .map(|(v, _)| v.to_string());
            Opt {
                short,
                long: long.to_string(),
                value,
            }
        })
        .collect();
    Cmd {
        path,
        children,
        options,
        positionals,
    }
}

/// A command of a `RUN:` line: its words (quotes removed), the file on its standard input,
/// and the operator that joins it to the command before (`&&`, `||`, `|`, `;`).
#[derive(Default)]
struct Simple {
    words: Vec<String>,
    stdin: Option<String>,
    after: Option<String>,
}

/// Splits a bash command line into simple commands; enough of bash for `RUN:` lines (quotes,
/// backslashes, the list and pipe operators, redirections).
fn simple_commands(line: &str) -> Vec<Simple> {
    let mut out = vec![Simple::default()];
    let mut word: Option<String> = None;
    // The redirection whose target the next word is.
    let mut redirect: Option<char> = None;
    let mut chars = line.chars().peekable();
    let finish = |word: &mut Option<String>, redirect: &mut Option<char>, out: &mut Vec<Simple>| {
        if let Some(w) = word.take() {
            let last = out.last_mut().expect("a command");
            match redirect.take() {
                Some('<') => last.stdin = Some(w),
                Some(_) => {}
                None => last.words.push(w),
            }
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => finish(&mut word, &mut redirect, &mut out),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    w.push(q);
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => w.extend(chars.next()),
                        _ => w.push(q),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            '$' if chars.peek() == Some(&'\'') => {}
            '&' | '|' | ';' => {
                let mut op = c.to_string();
                if c != ';' && chars.peek() == Some(&c) {
                    op.push(chars.next().expect("peeked"));
                }
                finish(&mut word, &mut redirect, &mut out);
                out.push(Simple {
                    after: Some(op),
                    ..Simple::default()
                });
            }
            '<' | '>' => {
                // A file descriptor number before the operator is part of it.
                if word
                    .as_deref()
                    .is_some_and(|w| w.chars().all(|d| d.is_ascii_digit()))
                {
                    word = None;
                }
                finish(&mut word, &mut redirect, &mut out);
                if chars.peek() == Some(&'>') {
                    chars.next();
                }
                if chars.peek() == Some(&'&') {
                    // `2>&1`: a descriptor, not a file.
                    chars.next();
                    while chars.peek().is_some_and(char::is_ascii_digit) {
                        chars.next();
                    }
                } else {
                    redirect = Some(c);
                }
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    finish(&mut word, &mut redirect, &mut out);
    out
}

/// For each `RUN:` line of the case, whether the line before it is a `VALID:` tag: its
/// input, though named for an error path, is one the command accepts (an empty file of root
/// signature text is the empty root signature), and the line must exit 0.
fn marked_valid(case: &Case) -> Vec<bool> {
    let text = std::fs::read_to_string(&case.path).unwrap_or_default();
    let mut out = Vec::new();
    let mut tagged = false;
    for line in text.lines() {
        if line.contains("RUN:") {
            out.push(tagged);
        }
        tagged = line.contains("VALID:");
    }
    out
}

/// What one `RUN:` line did, from the case's `.out`.
struct Recorded {
    exit: i32,
    stderr: String,
}

/// The exit status and standard error of each `RUN:` line, in order, from the `.out` text;
/// `None` for a line with nothing recorded.
fn recorded(case: &Case, out: &str) -> Vec<Option<Recorded>> {
    let mut at = 0;
    let mut starts = Vec::new();
    for run in &case.runs {
        let header = format!("$ {run}\n");
        let found = out[at..]
            .match_indices(&header)
            .map(|(i, _)| at + i)
            .find(|&i| i == 0 || out.as_bytes()[i - 1] == b'\n');
        starts.push(found);
        if let Some(i) = found {
            at = i + header.len();
        }
    }
    (0..case.runs.len())
        .map(|i| {
            let start = starts[i]? + case.runs[i].len() + 3;
            let end = starts[i + 1..]
                .iter()
                .flatten()
                .next()
                .copied()
                .unwrap_or(out.len());
            let body = &out[start..end];
            let exit = body
                .lines()
                .next()?
                .strip_prefix("--- exit ")?
                .parse()
                .ok()?;
            let stderr = body
                .split_once("--- stderr\n")
                .map_or("", |(_, e)| e)
                .to_string();
            Some(Recorded { exit, stderr })
        })
        .collect()
}

/// What the cases showed of one leaf command.
#[derive(Default)]
struct Seen {
    success: bool,
    bad_flag: bool,
    /// (file argument, error path) pairs.
    paths: BTreeSet<(String, ErrorPath)>,
}

/// One leaf's invocation: which arguments it was given.
struct Invocation<'a> {
    leaf: &'a Cmd,
    /// (file argument, value) pairs.
    files: Vec<(String, String)>,
    unknown_flag: Option<String>,
    /// For a command that reads its own arguments: the words that look like flags.
    own_flags: Vec<String>,
}

fn invocation<'a>(root: &'a Cmd, words: &[String]) -> Option<Invocation<'a>> {
    let mut cmd = root;
    let mut rest = words;
    while let Some(child) = rest
        .first()
        .and_then(|w| cmd.children.iter().find(|c| c.path.last() == Some(w)))
    {
        cmd = child;
        rest = &rest[1..];
    }
    if !cmd.children.is_empty() {
        return None;
    }
    let mut files = Vec::new();
    let mut unknown_flag = None;
    if let Some(raw) = cmd.positionals.first().filter(|p| p.raw()) {
        let arg = format!("<{}>", raw.value);
        let mut own_flags = Vec::new();
        for w in rest {
            if w.starts_with('-') && w != "-" {
                own_flags.push(w.clone());
            } else if ErrorPath::of(w).is_some() {
                files.push((arg.clone(), w.clone()));
            }
        }
        return Some(Invocation {
            leaf: cmd,
            files,
            unknown_flag,
            own_flags,
        });
    }
    let mut positional = 0;
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        i += 1;
        if w.starts_with('-') && w != "-" {
            let (name, inline) = match w.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (w.as_str(), None),
            };
            let Some(opt) = cmd
                .options
                .iter()
                .find(|o| o.long == name || o.short.as_deref() == Some(name))
            else {
                unknown_flag.get_or_insert_with(|| w.clone());
                continue;
            };
            let Some(value_name) = &opt.value else {
                continue;
            };
            // clap takes no value that looks like a flag.
            let value = inline.or_else(|| {
                let next = rest.get(i).filter(|v| !v.starts_with('-') || *v == "-")?;
                i += 1;
                Some(next.clone())
            });
            if let (Some(value), "FILE") = (value, value_name.as_str()) {
                files.push((opt.long.clone(), value));
            }
            continue;
        }
        let Some(p) = cmd
            .positionals
            .get(positional)
            .or_else(|| cmd.positionals.last().filter(|p| p.many))
        else {
            continue;
        };
        positional = (positional + 1).min(cmd.positionals.len());
        if p.value == "FILE" {
            files.push((format!("<{}>", p.value), w.clone()));
        }
    }
    Some(Invocation {
        leaf: cmd,
        files,
        unknown_flag,
        own_flags: Vec::new(),
    })
}

/// Fails, naming each, when a leaf subcommand lacks a case for what the module's
/// documentation lists. Called by the cases' test once they have run, so that it reads the
/// `.out` files a `BLESS=1` run has just written.
pub(crate) fn every_subcommand_and_error_path_has_a_case() {
    let root = read_command(Vec::new());
    let mut leaves = Vec::new();
    root.leaves(&mut leaves);
    assert!(
        leaves.len() > 1,
        "dxil --help lists no subcommands:\n{}",
        help(&[])
    );
    let mut seen: Vec<Seen> = leaves.iter().map(|_| Seen::default()).collect();
    let index = |leaf: &Cmd| {
        leaves
            .iter()
            .position(|l| std::ptr::eq(*l, leaf))
            .expect("a leaf")
    };

    let dir = cases_dir();
    let mut cases = Vec::new();
    collect(&dir, &dir, &mut cases);
    let mut wrong = Vec::new();
    for case in &cases {
        let out_path = format!("{}.out", case.path.display());
        let out = std::fs::read_to_string(&out_path).unwrap_or_default();
        let valid = marked_valid(case);
        for (line, (run, rec)) in case.runs.iter().zip(recorded(case, &out)).enumerate() {
            let Some(rec) = rec else {
                wrong.push(format!(
                    "{}: `{run}` has nothing recorded in its .out (BLESS=1 writes it)",
                    case.name
                ));
                continue;
            };
            let commands = simple_commands(run);
            let ops: Vec<&str> = commands.iter().filter_map(|c| c.after.as_deref()).collect();
            let last = commands.len() - 1;
            for (at, simple) in commands.iter().enumerate() {
                if simple.words.first().map(String::as_str) != Some("dxil") {
                    continue;
                }
                let Some(inv) = invocation(&root, &simple.words[1..]) else {
                    continue;
                };
                let seen = &mut seen[index(inv.leaf)];
                // Exit 0 through `&&` and `pipefail` pipes: every command in it succeeded.
                if rec.exit == 0 && ops.iter().all(|o| *o == "&&" || *o == "|") {
                    seen.success = true;
                }
                // Only the line's last command, after `&&` alone, owns a failing status.
                if at != last || ops.iter().any(|o| *o != "&&") {
                    continue;
                }
                if let Some(flag) = &inv.unknown_flag {
                    if rec.exit == 2 {
                        seen.bad_flag = true;
                    } else {
                        wrong.push(format!(
                            "{}: `{run}`: the unknown flag {flag} exits {}, not 2",
                            case.name, rec.exit
                        ));
                    }
                    continue;
                }
                // A command that reads its own arguments refuses a flag it does not know by
                // name, exit 1.
                if rec.exit == 1
                    && inv
                        .own_flags
                        .iter()
                        .any(|f| rec.stderr.contains(&format!("'{f}'")))
                {
                    seen.bad_flag = true;
                    continue;
                }
                // A usage error (a bad value, flags that conflict) is found before any input
                // is read.
                if rec.exit == 2 {
                    continue;
                }
                for (arg, value) in &inv.files {
                    let Some(path) = ErrorPath::of(value) else {
                        continue;
                    };
                    if valid[line] {
                        if rec.exit == 0 {
                            seen.paths.insert((arg.clone(), path));
                        } else {
                            wrong.push(format!(
                                "{}: `{run}`: marked VALID, exits {}",
                                case.name, rec.exit
                            ));
                        }
                    } else if rec.exit != 1 {
                        wrong.push(format!(
                            "{}: `{run}`: {} exits {}, not 1",
                            case.name,
                            path.describe(),
                            rec.exit
                        ));
                    } else if !rec.stderr.contains(value.as_str()) {
                        wrong.push(format!(
                            "{}: `{run}`: the error does not name {value}:\n{}",
                            case.name, rec.stderr
                        ));
                    } else {
                        seen.paths.insert((arg.clone(), path));
                    }
                }
            }
        }
    }

    let mut missing = Vec::new();
    for (leaf, seen) in leaves.iter().zip(&seen) {
        let mut lacks = Vec::new();
        if !seen.success {
            lacks.push("a run that succeeds (exit 0)".to_string());
        }
        if !seen.bad_flag {
            lacks.push("a flag it does not know (exit 2)".to_string());
        }
        for arg in leaf.file_arguments() {
            for path in ErrorPath::ALL {
                if !seen.paths.contains(&(arg.clone(), path)) {
                    lacks.push(format!("{arg}: {} (exit 1)", path.describe()));
                }
            }
        }
        if !lacks.is_empty() {
            missing.push(format!(
                "dxil {}: no case with\n    {}",
                leaf.name(),
                lacks.join("\n    ")
            ));
        }
    }
    let mut report = String::new();
    if !missing.is_empty() {
        report += &format!("leave out:\n{}\n", missing.join("\n"));
    }
    if !wrong.is_empty() {
        report += &format!("record:\n{}\n", wrong.join("\n"));
    }
    assert!(
        report.is_empty(),
        "the cases under {} {report}",
        dir.display()
    );
}

#[test]
fn command_lines_split_as_bash_splits_them() {
    let c = simple_commands(
        r#"printf 'a b' > %t/x && dxil as "%t/q r" -o - 2>&1 | head -1; dxil info - < %t/e.dxil"#,
    );
    let words: Vec<Vec<&str>> = c
        .iter()
        .map(|s| s.words.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(
        words,
        [
            vec!["printf", "a b"],
            vec!["dxil", "as", "%t/q r", "-o", "-"],
            vec!["head", "-1"],
            vec!["dxil", "info", "-"],
        ]
    );
    let ops: Vec<Option<&str>> = c.iter().map(|s| s.after.as_deref()).collect();
    assert_eq!(ops, [None, Some("&&"), Some("|"), Some(";")]);
    assert_eq!(c[3].stdin.as_deref(), Some("%t/e.dxil"));
}

#[test]
fn inputs_are_named_for_their_error_path() {
    assert_eq!(ErrorPath::of("%t"), Some(ErrorPath::Directory));
    assert_eq!(ErrorPath::of("%t/dir.wgsl"), Some(ErrorPath::Directory));
    assert_eq!(ErrorPath::of("%t/missing.dxil"), Some(ErrorPath::Missing));
    assert_eq!(ErrorPath::of("%t/cut.dxil"), Some(ErrorPath::Truncated));
    assert_eq!(ErrorPath::of("%t/words.txt"), Some(ErrorPath::Text));
    assert_eq!(ErrorPath::of("%root/samples/compute.ll"), None);
    assert_eq!(ErrorPath::of("%t/no/such/dir/out.dxil"), None);
}
