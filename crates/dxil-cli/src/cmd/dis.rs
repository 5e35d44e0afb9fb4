//! `dxil dis F [-o OUT]`, `dxil dis F... --out-dir DIR`: disassembles containers (or raw
//! bitcode, or a bare program part) to the text `dxc -dumpbin` prints
//! ([`dxil::disassemble`]); with `--keep-parts`, also the sections that carry the parts the
//! reference does not print (the root signature, `VERS`, ...) so that `dxil as` gives them
//! back, and without it a note on standard error names the parts the text loses. Several
//! inputs are disassembled in parallel, one worker thread per core, each into
//! `DIR/<input file name less its last extension>.ll` (the whole stem: `tri.vs_main.dxil`
//! gives `tri.vs_main.ll`); two inputs that would write the same file are refused as a usage
//! error before anything is read or written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::CmdResult;
use crate::io::{
    display_name, read_input, write_text, CliError, InputsArg, UsageError, UsageResult,
};

/// Arguments of `dxil dis`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputsArg,
    /// Output file for a single input (`-` or absent: standard output).
    #[arg(short, long, value_name = "OUT", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Directory for the outputs of several inputs (`<stem>.ll` each).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Also print the parts `dxc -dumpbin` does not print (the root signature as root
    /// signature text, `VERS` and others as hex) after the header, so that `dxil as` gives
    /// them back; without it the text is exactly the reference's.
    #[arg(long)]
    pub keep_parts: bool,
}

/// Disassembles one input file into text; without `--keep-parts`, notes on standard error
/// the parts that assembling the text would lose.
fn disassemble_file(
    file: &Path,
    d: dxil::Disassembler,
    keep_parts: bool,
) -> Result<String, CliError> {
    let bytes = read_input(file)?;
    let in_file =
        |e: dxil::Error| CliError(format!("{}: {}", display_name(file), CliError::from(e)));
    let input = dxil::Input::parse(&bytes).map_err(in_file)?;
    let text = d.disassemble_input(&input).map_err(in_file)?;
    if !keep_parts {
        let lost = dxil::parts_not_in_text(&input);
        if !lost.is_empty() {
            // One write, so that notes of processes sharing standard error do not interleave.
            let note = format!(
                "note: {}: the text does not carry {}; `dxil dis --keep-parts` prints {} for `dxil as`\n",
                display_name(file),
                lost.join(", "),
                if lost.len() == 1 { "it" } else { "them" }
            );
            let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), note.as_bytes());
        }
    }
    Ok(text)
}

/// Refuses several inputs without `--out-dir` (with or without `-o`, which names one
/// file), and inputs that would overwrite each other's output.
pub fn check_usage(args: &Args) -> UsageResult {
    let files = &args.inputs.inputs;
    match &args.out_dir {
        None if files.len() > 1 => Err(UsageError(format!(
            "{} inputs need --out-dir DIR (one `<stem>.ll` each){}",
            files.len(),
            if args.output.is_some() {
                "; -o names the output of a single input"
            } else {
                ""
            }
        ))),
        None => Ok(()),
        Some(dir) => check_distinct_outputs(files, dir),
    }
}

/// Runs `dxil dis` (after [`check_usage`]).
pub fn run(args: Args) -> CmdResult {
    let files = &args.inputs.inputs;
    let d = dxil::Disassembler::new().keep_parts(args.keep_parts);
    match (&args.out_dir, files.as_slice()) {
        (Some(dir), _) => run_many(files, dir, d, args.keep_parts),
        (None, [file]) => Ok(write_text(
            args.output.as_deref(),
            &disassemble_file(file, d, args.keep_parts)?,
        )?),
        (None, _) => Err(CliError("several inputs need --out-dir DIR".into()).into()),
    }
}

/// `DIR/<file name less its last extension>.ll`; `DIR/stdin.ll` for standard input.
fn out_path(dir: &Path, input: &Path) -> PathBuf {
    let mut name = if input.as_os_str() == "-" {
        "stdin".into()
    } else {
        input
            .file_stem()
            .map(|s| s.to_os_string())
            .unwrap_or_else(|| "stdin".into())
    };
    // Appended, not `set_extension`: that would replace a dot in the stem
    // (`tri.vs_main` would become `tri.ll`).
    name.push(".ll");
    dir.join(name)
}

/// Refuses inputs that would overwrite each other's output.
fn check_distinct_outputs(files: &[PathBuf], dir: &Path) -> UsageResult {
    let mut seen: HashMap<PathBuf, &Path> = HashMap::new();
    for f in files {
        let out = out_path(dir, f);
        if let Some(first) = seen.insert(out.clone(), f) {
            return Err(UsageError(format!(
                "{} and {} would both be written to {}",
                display_name(first),
                display_name(f),
                out.display()
            )));
        }
    }
    Ok(())
}

fn run_many(files: &[PathBuf], dir: &Path, d: dxil::Disassembler, keep_parts: bool) -> CmdResult {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError(format!("creating {}: {e}", dir.display())))?;
    let next = AtomicUsize::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(files.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(i) else { break };
                let result = disassemble_file(file, d, keep_parts)
                    .and_then(|t| write_text(Some(&out_path(dir, file)), &t));
                if let Err(e) = result {
                    if let Ok(mut f) = failures.lock() {
                        f.push(e.0);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    let Some((last, rest)) = failures.split_last() else {
        return Ok(());
    };
    for f in rest {
        eprintln!("error: {f}");
    }
    Err(CliError(format!(
        "{last} ({} of {} inputs failed)",
        failures.len(),
        files.len()
    ))
    .into())
}
