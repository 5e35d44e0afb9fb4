//! `dxil bcdump F [--part FOURCC] [-o OUT]`: prints the blocks and records of LLVM bitcode in
//! the style of `llvm-bcanalyzer -dump`. F is a container (the `DXIL` part's bitcode is dumped,
//! or the part named by `--part`), a program part, or raw bitcode (`BC` 0xC0DE, or the
//! 0x0B17C0DE wrapper). On a malformed stream, everything read before the error is printed,
//! then the error.

use dxil::bitstream::{dump, DumpOptions};
use dxil::container::{FourCC, Program};
use dxil::Input;

use super::CmdResult;
use crate::io::{in_file, CliError, InputArg, OutputArg};

/// Arguments of `dxil bcdump`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArg,
    /// For a container: the program part to dump (DXIL, ILDB or STAT).
    #[arg(long, default_value = "DXIL", value_parser = program_part)]
    pub part: FourCC,
    #[command(flatten)]
    pub out: OutputArg,
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

/// `--part`: a program part's code (a usage error otherwise).
fn program_part(s: &str) -> Result<FourCC, String> {
    FourCC::parse(s)
        .filter(|f| matches!(*f, FourCC::DXIL | FourCC::ILDB | FourCC::STAT))
        .ok_or_else(|| "expected DXIL, ILDB or STAT (the parts that hold bitcode)".to_string())
}

/// Runs `dxil bcdump`.
pub fn run(args: Args) -> CmdResult {
    let fourcc = args.part;
    let bytes = args.input.read()?;
    let (bitcode, position) = select(&bytes, fourcc).map_err(in_file(&args.input.input))?;
    let opts = DumpOptions {
        dump_blockinfo: args.dump_blockinfo,
        non_symbolic: args.non_symbolic,
        show_binary_blobs: args.show_binary_blobs,
        show_abbrevs: args.show_abbrevs,
    };
    let mut text = String::with_capacity(bitcode.len() * 8);
    let result = dump(bitcode, &mut text, opts);
    args.out.text(&text)?;
    Ok(result.map_err(|e| {
        let at = dxil::Location::Bit(position * 8 + e.bit_offset());
        CliError(format!(
            "{}: bitcode: {} (at {at})",
            args.input.name(),
            e.kind()
        ))
    })?)
}

/// The bitcode to dump and where it starts in the input.
fn select(bytes: &[u8], fourcc: FourCC) -> Result<(&[u8], u64), CliError> {
    let input = Input::parse(bytes)?;
    match &input {
        Input::Container(c) => {
            let part = c
                .part(fourcc)
                .ok_or_else(|| CliError(format!("no {fourcc} part in the container")))?;
            let p = Program::parse(part)?;
            Ok((p.bitcode, p.bitcode_position))
        }
        _ => {
            let b = input.primary_bitcode()?;
            Ok((b.bytes, b.position))
        }
    }
}
