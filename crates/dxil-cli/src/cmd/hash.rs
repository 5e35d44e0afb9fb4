//! `dxil hash F [--update] [-o OUT]`: prints the container digest computed from the bytes (32
//! lowercase hex digits) and how the stored one compares (matches / differs / unsigned /
//! bypass / preview). `--update` writes the container with the computed digest, to OUT or in
//! place (standard output when F is `-`).

use std::path::PathBuf;

use dxil_container::{digest, Container};

use super::CmdResult;
use crate::io::{read_input, write_binary};

/// Arguments of `dxil hash`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Store the computed digest in the container.
    #[arg(long)]
    pub update: bool,
    /// Where `--update` writes (default: FILE itself; `-`: standard output).
    #[arg(short, long, requires = "update")]
    pub output: Option<PathBuf>,
}

/// Runs `dxil hash`.
pub fn run(args: Args) -> CmdResult {
    let mut bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let line = format!("{} {}\n", c.computed_digest(), c.digest_status());
    if !args.update {
        return crate::io::write_text(None, &line);
    }
    digest::update_in_place(&mut bytes)?;
    let target = args.output.unwrap_or_else(|| args.file.clone());
    let to_stdout = target.as_os_str() == "-";
    if to_stdout {
        // Standard output carries the container; the report goes to standard error.
        eprint!("{line}");
    } else {
        crate::io::write_text(None, &line)?;
    }
    write_binary(Some(&target), &bytes)
}
