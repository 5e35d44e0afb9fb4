//! The `dxil` command-line tool: one file per subcommand under `cmd/`.
#![forbid(unsafe_code)]

mod cmd;
mod io;

use clap::{CommandFactory, FromArgMatches, Parser};

/// The command line.
#[derive(Parser)]
#[command(
    name = "dxil",
    version,
    about = "DXIL toolkit: inspect, disassemble, assemble, reflect and re-encode DXIL \
             containers; root signatures"
)]
pub struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() {
    let mut command = Cli::command();
    let matches = command.get_matches_mut();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    // A rule over several arguments that clap cannot state: refused as clap refuses its
    // own (the subcommand's usage line, exit status 2) before any input is read.
    if let Err(io::UsageError(message)) = cli.command.check_usage() {
        command.build();
        let kind = clap::error::ErrorKind::ArgumentConflict;
        let error = match matches.subcommand_name() {
            Some(name) => match command.find_subcommand_mut(name) {
                Some(sub) => sub.error(kind, message),
                None => command.error(kind, message),
            },
            None => command.error(kind, message),
        };
        error.exit();
    }
    if let Err(e) = cli.command.run() {
        if !e.0.is_empty() {
            eprintln!("error: {e}");
        }
        std::process::exit(1);
    }
}
