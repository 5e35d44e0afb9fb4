//! `dxil dis F [-o OUT]`, `dxil dis F... --out-dir DIR`: disassembles containers (or raw
//! bitcode, or a bare program part) to the text `dxc -dumpbin` prints: the header comment
//! block (`dxil_text::header`), then the module from `target datalayout` on. As the
//! reference does, a container's `ILDB` module (the one carrying debug info) is printed when
//! present, else the `DXIL` module. Several inputs are disassembled in
//! parallel, one worker thread per core, each into `DIR/<input stem>.ll`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dxil_container::Container;

use super::CmdResult;
use crate::io::{read_input, write_text, CliError};

/// Arguments of `dxil dis`.
#[derive(clap::Args)]
pub struct Args {
    /// Input files: containers, raw bitcode, or bare program parts (`-` for standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output file for a single input (`-` or absent: standard output).
    #[arg(short, long, conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Directory for the outputs of several inputs (`<stem>.ll` each).
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
}

/// The bitcode the reference disassembles from `bytes`.
fn select_bitcode(bytes: &[u8]) -> Result<&[u8], CliError> {
    if bytes.starts_with(b"BC\xC0\xDE") {
        return Ok(bytes);
    }
    if bytes.get(8..12) == Some(b"DXIL".as_slice()) && !bytes.starts_with(b"DXBC") {
        return bare_program_bitcode(bytes);
    }
    let c = Container::parse(bytes)?;
    Ok(c.primary_program()?.bitcode)
}

/// The bitcode of a program part given without its container (header: version, size in
/// words, `DXIL`, DXIL version, bitcode offset from byte 8, bitcode size).
fn bare_program_bitcode(bytes: &[u8]) -> Result<&[u8], CliError> {
    let word = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let (Some(off), Some(size)) = (word(16), word(20)) else {
        return Err(CliError("truncated program header (at offset 0x10)".into()));
    };
    let start = 8u64 + u64::from(off);
    let end = start + u64::from(size);
    usize::try_from(start)
        .ok()
        .zip(usize::try_from(end).ok())
        .and_then(|(s, e)| bytes.get(s..e))
        .ok_or_else(|| {
            CliError(format!(
                "program bitcode (offset {off}, size {size}) lies outside the input (at offset 0x10)"
            ))
        })
}

/// Disassembles one input into text.
pub fn disassemble(bytes: &[u8]) -> Result<String, CliError> {
    let bitcode = select_bitcode(bytes)?;
    let module = dxil_bitcode::read_module(bitcode)?;
    let mut text = String::with_capacity(bitcode.len() * 4 + 1024);
    dxil_text::print_dumpbin(bytes, &module, &mut text)?;
    Ok(text)
}

/// Runs `dxil dis`.
pub fn run(args: Args) -> CmdResult {
    match &args.out_dir {
        None => {
            let [file] = args.files.as_slice() else {
                return Err(CliError(
                    "several inputs need --out-dir DIR (one `<stem>.ll` per input)".into(),
                ));
            };
            let bytes = read_input(file)?;
            let text =
                disassemble(&bytes).map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            write_text(args.output.as_deref(), &text)
        }
        Some(dir) => run_many(&args.files, dir),
    }
}

fn out_path(dir: &Path, input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_os_string())
        .unwrap_or_else(|| "stdin".into());
    let mut p = dir.join(stem);
    p.set_extension("ll");
    p
}

fn run_many(files: &[PathBuf], dir: &Path) -> CmdResult {
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
                let result = read_input(file)
                    .and_then(|b| disassemble(&b))
                    .and_then(|t| write_text(Some(&out_path(dir, file)), &t));
                if let Err(e) = result {
                    if let Ok(mut f) = failures.lock() {
                        f.push(format!("{}: {e}", file.display()));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    if failures.is_empty() {
        return Ok(());
    }
    for f in &failures[..failures.len() - 1] {
        eprintln!("error: {f}");
    }
    Err(CliError(format!(
        "{} ({} of {} inputs failed)",
        failures[failures.len() - 1],
        failures.len(),
        files.len()
    )))
}
