//! `dxil roundtrip F -o OUT [--keep-bitcode]`: reads a container and writes it back.
//!
//! With `--keep-bitcode` the bitcode is copied as read (a container-level round trip, byte
//! for byte). Without it every layer is to be decoded and re-encoded; that needs the bitcode
//! writer, which is not available yet, so the command says so.

use std::path::PathBuf;

use dxil_container::{Container, ContainerBuf};

use super::CmdResult;
use crate::io::{read_input, write_binary, CliError};

/// Arguments of `dxil roundtrip`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Copy the program parts' bitcode as read instead of re-encoding it.
    #[arg(long)]
    pub keep_bitcode: bool,
}

/// Runs `dxil roundtrip`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let mut buf = c.to_buf();
    if !args.keep_bitcode {
        reencode_bitcode(&c, &mut buf)?;
    }
    write_binary(args.output.as_deref(), &buf.to_bytes()?)
}

/// EXTENSION POINT: re-encode the bitcode of every program part (`DXIL`, `ILDB`, `STAT`).
///
/// When the bitcode reader/writer lands: for each program part, read `Program::parse(part)`,
/// decode `program.bitcode` to IR, encode it again, and store the result with
/// `buf.replace_part(fourcc, build_program_part(program.version, program.dxil_version,
/// &new_bitcode)?)`. `replace_part` keeps the input layout when the bytes come out identical.
fn reencode_bitcode(_c: &Container<'_>, _buf: &mut ContainerBuf<'_>) -> CmdResult {
    Err(CliError(
        "bitcode re-encoding is not available yet; use --keep-bitcode to copy the bitcode as read"
            .into(),
    ))
}
