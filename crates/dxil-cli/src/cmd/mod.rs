//! Subcommands. Each lives in its own file and exposes `Args` and `run(args)`.

use clap::Subcommand;

/// Error type for subcommands: a message already formatted for `error: ...`.
pub type CmdResult = Result<(), crate::io::CliError>;

#[derive(Subcommand)]
pub enum Command {}

impl Command {
    pub fn run(self) -> CmdResult {
        match self {}
    }
}
