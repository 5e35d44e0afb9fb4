//! `dxil as F.ll [-o OUT.dxil] [--bitcode]`: assembles LLVM 3.7 / DXIL text (as `dxil dis`
//! and the reference print it, or hand-written) into a container with the `DXIL` program part
//! (shader kind and model from `!dx.shaderModel`, DXIL version from `!dx.version`), the parts
//! generated from its metadata (`SFI0`, signatures, `PSV0`), `HASH` and the container digest;
//! `--bitcode` writes the raw bitcode instead. `-` is
//! standard input / output. Text errors print as `file:line:column` with the text underlined.

use std::path::PathBuf;

use super::CmdResult;
use crate::io::{read_input, write_binary, CliError};

/// Arguments of `dxil as`.
#[derive(clap::Args)]
pub struct Args {
    /// Input text (`-` for standard input).
    pub input: PathBuf,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Write the raw bitcode module instead of a container.
    #[arg(long)]
    pub bitcode: bool,
}

/// Runs `dxil as`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.input)?;
    let name = if args.input.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        args.input.display().to_string()
    };
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        CliError(format!(
            "{name}: input is not UTF-8 (at offset {:#x})",
            e.valid_up_to()
        ))
    })?;
    let module = dxil_asm::parse_module(text, &name).map_err(|d| {
        let s = d.to_string();
        CliError(s.strip_prefix("error: ").unwrap_or(&s).to_string())
    })?;
    let out = if args.bitcode {
        dxil_asm::assemble_bitcode(&module)
    } else {
        dxil_asm::assemble_container_from_text(&module, text).map(|a| {
            if let Some(note) = a.note {
                eprintln!("warning: {name}: {note}");
            }
            a.bytes
        })
    }
    .map_err(|e| CliError(format!("{name}: {e}")))?;
    write_binary(args.output.as_deref(), &out)
}
