//! `dxil extract F --part FOURCC [-o OUT] [--raw]`: writes one part's data. For program parts
//! (`DXIL`, `ILDB`, `STAT`) it writes the raw LLVM bitcode, which `llvm-bcanalyzer` reads,
//! unless `--raw` asks for the part data as stored.

use dxil::container::{FourCC, Program};
use dxil::Input;

use super::CmdResult;
use crate::io::{in_file, CliError, InputArg, OutputArg};

/// Arguments of `dxil extract`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArg,
    /// Four-character code of the part, e.g. DXIL, ILDB, RTS0.
    #[arg(long, value_parser = fourcc)]
    pub part: FourCC,
    #[command(flatten)]
    pub out: OutputArg,
    /// Write the part data as stored, even for program parts.
    #[arg(long)]
    pub raw: bool,
}

/// `--part`: a four-character code (a usage error otherwise).
pub fn fourcc(s: &str) -> Result<FourCC, String> {
    FourCC::parse(s).ok_or_else(|| {
        format!(
            "expected a four-character code such as DXIL or RTS0 ({} characters given)",
            s.chars().count()
        )
    })
}

/// Runs `dxil extract`.
pub fn run(args: Args) -> CmdResult {
    let bytes = args.input.read()?;
    let data = part_data(&bytes, args.part, args.raw).map_err(in_file(&args.input.input))?;
    Ok(args.out.binary(data)?)
}

fn part_data(bytes: &[u8], fourcc: FourCC, raw: bool) -> Result<&[u8], CliError> {
    let input = Input::parse(bytes)?;
    let c = input.container()?;
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
    Ok(if is_program && !raw {
        Program::parse(part)?.bitcode
    } else {
        part.data
    })
}
