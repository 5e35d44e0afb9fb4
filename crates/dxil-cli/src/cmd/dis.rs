//! `dxil dis F [-o OUT]`, `dxil dis F... --out-dir DIR`: disassembles containers (or raw
//! bitcode, or a bare program part) to the text `dxc -dumpbin` prints
//! ([`dxil::disassemble`]), followed by the sections that carry the parts the reference does
//! not print (the root signature, `VERS`, ...) so that `dxil as` gives them back
//! (`--dumpbin`: exactly the reference's text). Several inputs are disassembled in parallel, one worker thread
//! per core, each into `DIR/<input stem>.ll`; two inputs that would write the same file are
//! refused before anything is written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::CmdResult;
use crate::io::{display_name, read_input, write_text, CliError, InputsArg};

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
    /// Print exactly what `dxc -dumpbin` prints: without the sections carrying the parts it
    /// does not print (root signature, VERS, ...), which `dxil as` then cannot give back.
    #[arg(long)]
    pub dumpbin: bool,
}

/// Disassembles one input file into text.
fn disassemble_file(file: &Path, d: dxil::Disassembler) -> Result<String, CliError> {
    let bytes = read_input(file)?;
    d.disassemble(&bytes)
        .map_err(CliError::from)
        .map_err(|e| CliError(format!("{}: {e}", display_name(file))))
}

/// Runs `dxil dis`.
pub fn run(args: Args) -> CmdResult {
    let files = &args.inputs.inputs;
    let d = dxil::Disassembler::new().dumpbin_only(args.dumpbin);
    match &args.out_dir {
        None => {
            let [file] = files.as_slice() else {
                return Err(CliError(
                    "several inputs need --out-dir DIR (one `<stem>.ll` per input)".into(),
                ));
            };
            write_text(args.output.as_deref(), &disassemble_file(file, d)?)
        }
        Some(dir) => run_many(files, dir, d),
    }
}

fn out_path(dir: &Path, input: &Path) -> PathBuf {
    let stem = if input.as_os_str() == "-" {
        "stdin".into()
    } else {
        input
            .file_stem()
            .map(|s| s.to_os_string())
            .unwrap_or_else(|| "stdin".into())
    };
    let mut p = dir.join(stem);
    p.set_extension("ll");
    p
}

/// Refuses inputs that would overwrite each other's output.
fn check_distinct_outputs(files: &[PathBuf], dir: &Path) -> CmdResult {
    let mut seen: HashMap<PathBuf, &Path> = HashMap::new();
    for f in files {
        let out = out_path(dir, f);
        if let Some(first) = seen.insert(out.clone(), f) {
            return Err(CliError(format!(
                "{} and {} would both be written to {}",
                display_name(first),
                display_name(f),
                out.display()
            )));
        }
    }
    Ok(())
}

fn run_many(files: &[PathBuf], dir: &Path, d: dxil::Disassembler) -> CmdResult {
    check_distinct_outputs(files, dir)?;
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
                let result = disassemble_file(file, d)
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
    )))
}
