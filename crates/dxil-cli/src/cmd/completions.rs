//! `dxil completions SHELL`: a completion script for bash, zsh, fish, elvish or PowerShell.

use clap::CommandFactory;

use super::CmdResult;
use crate::io::OutputArg;

/// Arguments of `dxil completions`.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    pub shell: clap_complete::Shell,
    #[command(flatten)]
    pub out: OutputArg,
}

/// Runs `dxil completions`.
pub fn run(args: Args) -> CmdResult {
    let mut cmd = crate::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "dxil", &mut script);
    Ok(args.out.text(&String::from_utf8_lossy(&script))?)
}
