//! `dxil bcdump F [--part FOURCC] [-o OUT]`: prints the blocks and records of LLVM bitcode in
//! the style of `llvm-bcanalyzer -dump`. F is a container (the `DXIL` part's bitcode is dumped,
//! or the part named by `--part`) or raw bitcode (`BC` 0xC0DE, or the 0x0B17C0DE wrapper).
//! On a malformed stream, everything read before the error is printed, then the error.

use std::path::PathBuf;

use dxil_bitstream::{dump, DumpOptions};
use dxil_container::{Container, FourCC, Program};

use super::CmdResult;
use crate::io::{read_input, write_text, CliError};

/// Arguments of `dxil bcdump`.
#[derive(clap::Args)]
pub struct Args {
    /// Container or raw bitcode file (`-` for standard input).
    pub file: PathBuf,
    /// For a container: the program part to dump (DXIL, ILDB or STAT).
    #[arg(long, default_value = "DXIL")]
    pub part: String,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Print the contents of the BLOCKINFO block.
    #[arg(long)]
    pub dump_blockinfo: bool,
    /// Print block IDs and record codes next to their names.
    #[arg(long)]
    pub non_symbolic: bool,
    /// Print every blob with hex escapes.
    #[arg(long)]
    pub show_binary_blobs: bool,
    /// Print abbreviation definitions (DEFINE_ABBREV) too.
    #[arg(long)]
    pub show_abbrevs: bool,
}

/// Runs `dxil bcdump`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let bitcode = if bytes.starts_with(b"DXBC") {
        let fourcc = FourCC::parse(&args.part)
            .filter(|f| matches!(*f, FourCC::DXIL | FourCC::ILDB | FourCC::STAT))
            .ok_or_else(|| {
                CliError(format!(
                    "--part {:?}: expected DXIL, ILDB or STAT",
                    args.part
                ))
            })?;
        let c = Container::parse(&bytes)?;
        let part = c
            .part(fourcc)
            .ok_or_else(|| CliError(format!("no {fourcc} part in the container")))?;
        Program::parse(part)?.bitcode
    } else {
        &bytes[..]
    };
    let opts = DumpOptions {
        dump_blockinfo: args.dump_blockinfo,
        non_symbolic: args.non_symbolic,
        show_binary_blobs: args.show_binary_blobs,
        show_abbrevs: args.show_abbrevs,
    };
    let mut text = String::with_capacity(bitcode.len() * 8);
    let result = dump(bitcode, &mut text, opts);
    write_text(args.output.as_deref(), &text)?;
    result.map_err(|e| CliError(format!("bitcode: {e}")))
}
