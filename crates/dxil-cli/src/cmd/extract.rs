//! `dxil extract F --part FOURCC [-o OUT] [--raw]`: writes one part's data. For program parts
//! (`DXIL`, `ILDB`, `STAT`) it writes the raw LLVM bitcode, which `llvm-bcanalyzer` reads,
//! unless `--raw` asks for the part data as stored.

use std::path::PathBuf;

use dxil_container::{Container, FourCC, Program};

use super::CmdResult;
use crate::io::{read_input, write_binary, CliError};

/// Arguments of `dxil extract`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Four-character code of the part, e.g. DXIL, ILDB, RTS0.
    #[arg(long)]
    pub part: String,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Write the part data as stored, even for program parts.
    #[arg(long)]
    pub raw: bool,
}

/// Runs `dxil extract`.
pub fn run(args: Args) -> CmdResult {
    let fourcc = FourCC::parse(&args.part).ok_or_else(|| {
        CliError(format!(
            "--part {:?}: expected a four-character code such as DXIL",
            args.part
        ))
    })?;
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let Some(part) = c.part(fourcc) else {
        let have: Vec<String> = c.parts().iter().map(|p| p.fourcc.to_string()).collect();
        return Err(CliError(format!(
            "no {fourcc} part (parts: {})",
            if have.is_empty() {
                "none".to_string()
            } else {
                have.join(", ")
            }
        )));
    };
    let is_program = matches!(fourcc, FourCC::DXIL | FourCC::ILDB | FourCC::STAT);
    let data = if is_program && !args.raw {
        Program::parse(part)?.bitcode
    } else {
        part.data
    };
    write_binary(args.output.as_deref(), data)
}
