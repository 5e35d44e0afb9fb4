//! `dxil roundtrip F -o OUT [--keep-bitcode]`: reads a container and writes it back
//! ([`dxil::reencode`]): every program part's bitcode decoded into the IR and encoded again,
//! `HASH` and digest brought up to date when a part changed. With `--keep-bitcode` the
//! bitcode is copied as read (a container-level round trip).

use dxil::Depth;

use super::CmdResult;
use crate::io::{in_file, CliError, InputArg, OutputArg};

/// Arguments of `dxil roundtrip`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArg,
    #[command(flatten)]
    pub out: OutputArg,
    /// Copy the program parts' bitcode as read instead of re-encoding it.
    #[arg(long)]
    pub keep_bitcode: bool,
}

/// Runs `dxil roundtrip`.
pub fn run(args: Args) -> CmdResult {
    let bytes = args.input.read()?;
    let depth = if args.keep_bitcode {
        Depth::Container
    } else {
        Depth::Bitcode
    };
    let out = dxil::reencode_with(&bytes, depth)
        .map_err(CliError::from)
        .map_err(in_file(&args.input.input))?;
    Ok(args.out.binary(&out)?)
}
