//! `dxil as F.ll [-o OUT.dxil] [--bitcode]`: assembles LLVM 3.7 / DXIL text (as `dxil dis`
//! and the reference print it, or hand-written) into a container ([`dxil::Assembler`]): the
//! `DXIL` program part, the parts generated from its metadata, `HASH` and the digest;
//! `--bitcode` writes the raw bitcode instead. Text errors print as `file:line:column` with
//! the text underlined.

use super::CmdResult;
use crate::io::{CliError, InputArg, OutputArg};

/// Arguments of `dxil as`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArg,
    #[command(flatten)]
    pub out: OutputArg,
    /// Write the raw bitcode module instead of a container.
    #[arg(long)]
    pub bitcode: bool,
}

/// Runs `dxil as`.
pub fn run(args: Args) -> CmdResult {
    let bytes = args.input.read()?;
    let name = args.input.name();
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        CliError(format!(
            "{name}: input is not UTF-8 (at offset {:#x})",
            e.valid_up_to()
        ))
    })?;
    let assembled = dxil::Assembler::new()
        .file_name(name.clone())
        .bitcode_only(args.bitcode)
        .assemble(text)?;
    for w in &assembled.warnings {
        eprintln!("warning: {name}: {w}");
    }
    args.out.binary(&assembled.bytes)
}
