//! The `dxil` command as data: every file under `tests/cli/` with `RUN:` lines is a case, and
//! `<case>.out` beside it holds what each command printed and how it exited.
//!
//! A `RUN:` line is a bash command line (run with `bash -o pipefail -c` in the case's own
//! scratch directory, `dxil` being the binary under test), with these substitutions:
//!
//! | text | becomes |
//! |---|---|
//! | `%s` | the case file |
//! | `%S` | the case file's directory (inputs beside it) |
//! | `%t` | the case's scratch directory, emptied first (also the working directory) |
//! | `%shared` | the reference data, `../shared` beside the checkout |
//! | `%root` | the repository root |
//!
//! A case with a `REQUIRES: shared` line needs `../shared`: it is skipped, and named and
//! counted on standard error, when that is absent, and fails when reference data is required
//! (`CI=true`, `DXIL_REQUIRE_SHARED=1`).
//!
//! `BLESS=1` writes the expectations from what the commands print; `CLI_CASE=text` runs only
//! the cases whose path contains `text`. In the expectations the paths above are written back
//! as their placeholders, and standard output that is not text shows as its length.
//!
//! Once the cases pass, the test checks that they cover every subcommand and, for each file
//! it reads, every error path (`coverage.rs` says how a case shows which).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod coverage;

/// A command that runs longer than this is killed and reported.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// One case file and its commands.
struct Case {
    path: PathBuf,
    /// The path from `tests/cli/`, with `/` separators (the name in reports and filters).
    name: String,
    runs: Vec<String>,
    needs_shared: bool,
}

enum Outcome {
    Passed,
    Blessed,
    Skipped,
    Failed(String),
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli")
}

fn collect(dir: &Path, root: &Path, out: &mut Vec<Case>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
            continue;
        }
        if path.extension().is_some_and(|x| x == "out") {
            continue;
        }
        // Inputs beside the cases may be binary: only text files can hold RUN lines.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let runs: Vec<String> = text
            .lines()
            .filter_map(|l| l.split_once("RUN:").map(|(_, cmd)| cmd.trim().to_string()))
            .collect();
        if runs.is_empty() {
            continue;
        }
        let name = path
            .strip_prefix(root)
            .expect("case under tests/cli")
            .to_string_lossy()
            .replace('\\', "/");
        out.push(Case {
            needs_shared: text.lines().any(|l| l.contains("REQUIRES: shared")),
            path,
            name,
            runs,
        });
    }
}

/// The placeholders and the absolute paths they stand for.
struct Places {
    case_file: String,
    case_dir: String,
    scratch: String,
    shared: String,
    root: String,
}

impl Places {
    fn substitute(&self, cmd: &str) -> String {
        let mut out = String::with_capacity(cmd.len() + 64);
        let mut rest = cmd;
        while let Some(at) = rest.find('%') {
            out.push_str(&rest[..at]);
            let tail = &rest[at..];
            let (with, len) = if tail.starts_with("%shared") {
                (self.shared.as_str(), 7)
            } else if tail.starts_with("%root") {
                (self.root.as_str(), 5)
            } else if tail.starts_with("%s") {
                (self.case_file.as_str(), 2)
            } else if tail.starts_with("%S") {
                (self.case_dir.as_str(), 2)
            } else if tail.starts_with("%t") {
                (self.scratch.as_str(), 2)
            } else {
                ("%", 1)
            };
            out.push_str(with);
            rest = &tail[len..];
        }
        out.push_str(rest);
        out
    }

    /// Absolute paths written back as placeholders, the longest first so that a path inside
    /// another is not half replaced.
    fn normalize(&self, text: &str) -> String {
        let mut pairs = [
            (self.case_file.as_str(), "%s"),
            (self.case_dir.as_str(), "%S"),
            (self.scratch.as_str(), "%t"),
            (self.shared.as_str(), "%shared"),
            (self.root.as_str(), "%root"),
        ];
        pairs.sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
        let mut text = text.to_string();
        for (path, placeholder) in pairs {
            if !path.is_empty() {
                text = text.replace(path, placeholder);
            }
        }
        text
    }
}

fn canonical(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

/// Runs one command line; returns (exit code, stdout, stderr).
fn run_line(cmd: &str, cwd: &Path, bin_dir: &Path) -> Result<(i32, Vec<u8>, Vec<u8>), String> {
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs = vec![bin_dir.to_path_buf()];
            dirs.extend(std::env::split_paths(&p));
            std::env::join_paths(dirs).map_err(|e| e.to_string())?
        }
        None => bin_dir.as_os_str().to_owned(),
    };
    let mut command = Command::new("bash");
    command
        .args(["-o", "pipefail", "-c", cmd])
        .current_dir(cwd)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("BLESS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|e| format!("running bash: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > COMMAND_TIMEOUT {
            // The whole process group: bash and whatever it started.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            return Err(format!("timed out after {COMMAND_TIMEOUT:?}: {cmd}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let out = out_reader.join().expect("stdout reader");
    let err = err_reader.join().expect("stderr reader");
    Ok((status.code().unwrap_or(-1), out, err))
}

fn section(out: &mut String, title: &str, body: &str) {
    if body.is_empty() {
        return;
    }
    out.push_str("--- ");
    out.push_str(title);
    out.push('\n');
    out.push_str(body);
    if !body.ends_with('\n') {
        out.push_str("\n--- (no newline at end)\n");
    }
}

fn run_case(case: &Case, shared: Option<&Path>, bin_dir: &Path, bless: bool) -> Outcome {
    if case.needs_shared && shared.is_none() {
        return Outcome::Skipped;
    }
    let scratch_root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cases");
    let scratch = scratch_root.join(case.name.replace('/', "__"));
    let _ = std::fs::remove_dir_all(&scratch);
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        return Outcome::Failed(format!("creating {}: {e}", scratch.display()));
    }
    let places = Places {
        case_file: canonical(&case.path),
        case_dir: canonical(case.path.parent().expect("case directory")),
        scratch: canonical(&scratch),
        shared: shared.map(canonical).unwrap_or_default(),
        root: canonical(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")),
    };
    let mut actual = String::new();
    for cmd in &case.runs {
        let (code, stdout, stderr) = match run_line(&places.substitute(cmd), &scratch, bin_dir) {
            Ok(r) => r,
            Err(e) => return Outcome::Failed(e),
        };
        actual.push_str("$ ");
        actual.push_str(cmd);
        actual.push('\n');
        actual.push_str(&format!("--- exit {code}\n"));
        let stdout = match String::from_utf8(stdout) {
            Ok(text) if !text.contains('\0') => places.normalize(&text),
            Ok(text) => format!("<{} bytes of binary output>\n", text.len()),
            Err(e) => format!("<{} bytes of binary output>\n", e.as_bytes().len()),
        };
        section(&mut actual, "stdout", &stdout);
        let stderr = places.normalize(&String::from_utf8_lossy(&stderr));
        section(&mut actual, "stderr", &stderr);
    }
    let expected_path = PathBuf::from(format!("{}.out", case.path.display()));
    let expected = std::fs::read_to_string(&expected_path).ok();
    if expected.as_deref() == Some(actual.as_str()) {
        return Outcome::Passed;
    }
    if bless {
        return match std::fs::write(&expected_path, &actual) {
            Ok(()) => Outcome::Blessed,
            Err(e) => Outcome::Failed(format!("writing {}: {e}", expected_path.display())),
        };
    }
    let Some(expected) = expected else {
        return Outcome::Failed(format!(
            "{} is missing (write it with BLESS=1); the commands printed:\n{actual}",
            expected_path.display()
        ));
    };
    Outcome::Failed(difference(&expected, &actual))
}

/// The first differing line, with the lines around it on both sides.
fn difference(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let at = e.iter().zip(&a).take_while(|(x, y)| x == y).count();
    let from = at.saturating_sub(3);
    let show = |lines: &[&str]| -> String {
        lines[from.min(lines.len())..(at + 4).min(lines.len())]
            .iter()
            .map(|l| format!("    {l}\n"))
            .collect()
    };
    format!(
        "first difference at line {} (BLESS=1 accepts the new output)\n  expected:\n{}  actual:\n{}",
        at + 1,
        show(&e),
        show(&a)
    )
}

#[test]
fn cli_cases() {
    let root = cases_dir();
    let mut cases = Vec::new();
    collect(&root, &root, &mut cases);
    assert!(!cases.is_empty(), "no cases under {}", root.display());
    if let Ok(filter) = std::env::var("CLI_CASE") {
        cases.retain(|c| c.name.contains(&filter));
    }
    let shared = if cases.iter().any(|c| c.needs_shared) {
        dxil_test_support::shared_dir()
    } else {
        None
    };
    let bless = std::env::var_os("BLESS").is_some_and(|v| v != "0");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_dxil"));
    let bin_dir = bin.parent().expect("binary directory").to_path_buf();

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let outcome = run_case(case, shared.as_deref(), &bin_dir, bless);
                results.lock().expect("results").push((i, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|(i, _)| *i);

    let (mut passed, mut blessed, mut skipped, mut failures) = (0, 0, Vec::new(), Vec::new());
    for (i, outcome) in results {
        match outcome {
            Outcome::Passed => passed += 1,
            Outcome::Blessed => blessed += 1,
            Outcome::Skipped => skipped.push(cases[i].name.as_str()),
            Outcome::Failed(why) => failures.push(format!("{}: {why}", cases[i].name)),
        }
    }
    // Straight to the process's standard error: libtest captures only the print macros, and
    // a skip must be seen without --nocapture.
    let mut summary = format!(
        "cli cases: {passed} passed, {blessed} blessed, {} failed, {} skipped\n",
        failures.len(),
        skipped.len()
    );
    for name in &skipped {
        summary.push_str(&format!("  skipped (needs ../shared, absent): {name}\n"));
    }
    let _ = std::io::stderr().write_all(summary.as_bytes());
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
    coverage::every_subcommand_and_error_path_has_a_case();
}
