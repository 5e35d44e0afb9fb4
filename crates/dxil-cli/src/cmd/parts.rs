//! `dxil parts F`: one line per part, in offset-table order:
//! `FOURCC offset 0x.. size N (Name)`.

use std::fmt::Write;
use std::path::PathBuf;

use dxil_container::Container;

use super::CmdResult;
use crate::io::{read_input, write_text};

/// Arguments of `dxil parts`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
}

/// Runs `dxil parts`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let mut out = String::new();
    for p in c.parts() {
        let _ = write!(
            out,
            "{} offset {:#x} size {}",
            p.fourcc,
            p.offset,
            p.data.len()
        );
        if let Some(name) = p.fourcc.name() {
            let _ = write!(out, " ({name})");
        }
        out.push('\n');
    }
    write_text(None, &out)
}
