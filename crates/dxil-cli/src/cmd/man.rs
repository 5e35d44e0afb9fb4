//! `dxil man`: the man page, in roff (`dxil man | man -l -`).

use clap::CommandFactory;

use super::CmdResult;
use crate::io::OutputArg;

/// Arguments of `dxil man`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub out: OutputArg,
}

/// Runs `dxil man`.
pub fn run(args: Args) -> CmdResult {
    let mut page = Vec::new();
    clap_mangen::Man::new(crate::Cli::command()).render(&mut page)?;
    args.out.text(&String::from_utf8_lossy(&page))
}
