//! The argument sets every subcommand flattens (inputs, output, JSON) and the reading and
//! writing they share: `-` is standard input or output, binary output is refused on a
//! terminal, files that are changed are replaced whole (a temporary file, then a rename).

use std::fmt;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// A CLI error: printed as `error: <message>`, exit status 1.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// How a subcommand fails; the process exits with status 1 either way.
#[derive(Debug)]
pub enum Failure {
    /// An error not reported yet: `main` prints it as `error: <message>`.
    Error(CliError),
    /// Failures already reported (on standard error or in the output): nothing more is
    /// printed.
    Reported,
}

impl From<CliError> for Failure {
    fn from(e: CliError) -> Self {
        Failure::Error(e)
    }
}

impl<E: std::error::Error> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure::Error(CliError::from(e))
    }
}

/// The result of a subcommand.
pub type CmdResult = Result<(), Failure>;

/// A command line that clap's own constraints cannot refuse (a rule over several
/// arguments' values, such as `-o` with several inputs), found before any input is read:
/// `main` prints it as clap prints its usage errors, with the subcommand's usage line, and
/// exits 2.
#[derive(Debug)]
pub struct UsageError(pub String);

/// The result of a subcommand's usage check.
pub type UsageResult = Result<(), UsageError>;

/// `n` and the noun, singular for one: `1 part`, `7 parts`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The error for an `--entry` that names no entry point: it lists the ones there are, so
/// the user can pick (`no entry point `nope` (entry points: main, helper)`).
pub fn no_entry<'a>(wanted: &str, entries: impl IntoIterator<Item = &'a str>) -> CliError {
    let names: Vec<&str> = entries.into_iter().collect();
    let have = if names.is_empty() {
        "there are none".to_string()
    } else {
        format!("entry points: {}", names.join(", "))
    };
    CliError(format!("no entry point `{wanted}` ({have})"))
}

/// How an input is named in messages: its path, or `<stdin>`.
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Prefixes an error with the input's name.
pub fn in_file(path: &Path) -> impl Fn(CliError) -> CliError + '_ {
    move |e| CliError(format!("{}: {}", display_name(path), e.0))
}

/// One input file.
#[derive(clap::Args, Debug)]
pub struct InputArg {
    /// Input file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: PathBuf,
}

impl InputArg {
    /// The input's bytes.
    pub fn read(&self) -> Result<Vec<u8>, CliError> {
        read_input(&self.input)
    }

    /// The input's name in messages.
    pub fn name(&self) -> String {
        display_name(&self.input)
    }
}

/// One or more input files.
#[derive(clap::Args, Debug)]
pub struct InputsArg {
    /// Input files (`-` for standard input).
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Where text or binary output goes.
#[derive(clap::Args, Debug)]
pub struct OutputArg {
    /// Output file (`-` or absent: standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

impl OutputArg {
    /// Writes text.
    pub fn text(&self, text: &str) -> Result<(), CliError> {
        write_text(self.output.as_deref(), text)
    }

    /// Writes binary output (refused on a terminal).
    pub fn binary(&self, bytes: &[u8]) -> Result<(), CliError> {
        write_binary(self.output.as_deref(), bytes)
    }

    /// Whether output goes to standard output.
    pub fn is_stdout(&self) -> bool {
        self.output.as_ref().is_none_or(|p| p.as_os_str() == "-")
    }
}

/// `--json`: structured output instead of text.
#[derive(clap::Args, Debug)]
pub struct JsonArg {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The largest input read, file or standard input: far past any shader, and it keeps a
/// device like `/dev/zero` from taking all memory.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Reads a whole input file; `-` reads standard input. Errors name the file.
pub fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    read_unnamed(path).map_err(|reason| CliError(format!("{}: {reason}", display_name(path))))
}

/// Reads a whole input file as [`read_input`] does; the error is the reason alone, for
/// callers that name the input in their own report.
pub fn read_unnamed(path: &Path) -> Result<Vec<u8>, String> {
    read_at_most(path, MAX_INPUT_BYTES)?.ok_or_else(|| {
        format!(
            "larger than {} MiB, the most an input may hold",
            MAX_INPUT_BYTES >> 20
        )
    })
}

/// Reads a file (`-`: standard input) when it holds at most `limit` bytes, reading no more
/// than one byte past it; `None` when it holds more. The error is the reason alone.
pub fn read_at_most(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, String> {
    let mut buf = Vec::new();
    let past = limit.saturating_add(1);
    let read = if path.as_os_str() == "-" {
        std::io::stdin().lock().take(past).read_to_end(&mut buf)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(past).read_to_end(&mut buf))
    };
    read.map_err(|e| io_reason(&e))?;
    Ok((buf.len() as u64 <= limit).then_some(buf))
}

/// An I/O error in words, without the OS's error number.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::IsADirectory => "is a directory, not a file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => format!("cannot read it: {}", without_os_code(e)),
    }
}

/// An I/O error met writing a file (or creating a directory), in words: what is wrong with
/// the path, without the OS's error number.
pub fn write_reason(e: &std::io::Error) -> String {
    match e.kind() {
        // Creating a file fails this way only when its directory is missing.
        std::io::ErrorKind::NotFound => "its directory does not exist".into(),
        std::io::ErrorKind::IsADirectory => "is a directory, not a file".into(),
        std::io::ErrorKind::NotADirectory => "a part of its path is a file, not a directory".into(),
        std::io::ErrorKind::AlreadyExists => "exists and is not a directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => format!("cannot write it: {}", without_os_code(e)),
    }
}

/// The error's text without the ` (os error N)` the standard library appends.
fn without_os_code(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Writes binary output; `-` (or no path) writes standard output, refused on a terminal.
pub fn write_binary(path: Option<&Path>, bytes: &[u8]) -> Result<(), CliError> {
    match path {
        Some(p) if p.as_os_str() != "-" => std::fs::write(p, bytes)
            .map_err(|e| CliError(format!("writing {}: {}", p.display(), write_reason(&e)))),
        _ => {
            let mut out = std::io::stdout().lock();
            if out.is_terminal() {
                return Err(CliError(
                    "refusing to write binary output to a terminal; use -o FILE or redirect".into(),
                ));
            }
            match out.write_all(bytes).and_then(|_| out.flush()) {
                Ok(()) => Ok(()),
                // A reader that has had enough (`dxil extract F | head -c 4`), as for text.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(CliError(format!(
                    "writing standard output: {}",
                    write_reason(&e)
                ))),
            }
        }
    }
}

/// Writes text output; `-` (or no path) writes standard output.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), CliError> {
    match path {
        Some(p) if p.as_os_str() != "-" => std::fs::write(p, text)
            .map_err(|e| CliError(format!("writing {}: {}", p.display(), write_reason(&e)))),
        _ => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => Ok(()),
                // A closed pipe (`dxil dis F | head`) is not an error worth reporting.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(CliError(format!(
                    "writing standard output: {}",
                    write_reason(&e)
                ))),
            }
        }
    }
}

/// Replaces `path` with `bytes` so that no reader sees a half-written file: the bytes go to
/// a temporary file beside it, which is then renamed over it.
pub fn replace_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| CliError(format!("{}: not a file name", path.display())))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError(format!(
            "replacing {}: {}",
            path.display(),
            write_reason(&e)
        ))
    })
}

/// JSON text, pretty, with a final newline.
pub fn json_text<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, CliError> {
    let mut s = serde_json::to_string_pretty(value)?;
    s.push('\n');
    Ok(s)
}

/// The arguments of a report command: inputs, `--json`, `-o`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    pub inputs: InputsArg,
    #[command(flatten)]
    pub json: JsonArg,
    #[command(flatten)]
    pub out: OutputArg,
}

impl ReportArgs {
    /// Runs `f` on each input ([`report_each`]).
    pub fn run(&self, f: impl Fn(&Path, &[u8]) -> Result<Report, CliError>) -> CmdResult {
        report_each(&self.inputs.inputs, self.json.json, &self.out, f)
    }
}

/// What a report command gives for one input.
pub struct Report {
    /// The text form.
    pub text: String,
    /// The JSON form.
    pub json: serde_json::Value,
    /// Whether the input passed the command's check (a failed check exits 1).
    pub ok: bool,
}

/// Runs `f` on each input and writes the reports: the text of each (under a `==> FILE <==`
/// line when there are several) or JSON (an array of `{"file", "report"|"error"}` when
/// there are several). An input that fails is reported on standard error and the others
/// go on; the status is 1 when any failed or did not pass its check.
pub fn report_each(
    inputs: &[PathBuf],
    json: bool,
    out: &OutputArg,
    f: impl Fn(&Path, &[u8]) -> Result<Report, CliError>,
) -> CmdResult {
    let several = inputs.len() > 1;
    let mut text = String::new();
    let mut array = Vec::new();
    let (mut failed, mut not_ok) = (0usize, 0usize);
    for (i, path) in inputs.iter().enumerate() {
        let name = display_name(path);
        // A read error names the file already; the command's own errors get the name here.
        let result = read_input(path)
            .and_then(|bytes| f(path, &bytes).map_err(|e| CliError(format!("{name}: {}", e.0))));
        match result {
            Ok(r) => {
                not_ok += usize::from(!r.ok);
                if json {
                    array.push(serde_json::json!({ "file": name, "report": r.json }));
                    if !several {
                        text = json_text(&r.json)?;
                    }
                } else {
                    if several {
                        if i > 0 {
                            text.push('\n');
                        }
                        text.push_str(&format!("==> {name} <==\n"));
                    }
                    text.push_str(&r.text);
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("error: {e}");
                if json && several {
                    array.push(serde_json::json!({ "file": name, "error": e.0 }));
                }
            }
        }
    }
    if json && several {
        text = json_text(&array)?;
    }
    if !text.is_empty() {
        out.text(&text)?;
    }
    match (failed, not_ok) {
        (0, 0) => Ok(()),
        _ => Err(Failure::Reported),
    }
}
