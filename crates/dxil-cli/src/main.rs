//! The `dxil` command-line tool: one file per subcommand under `cmd/`.
#![forbid(unsafe_code)]

mod cmd;
mod io;

use clap::Parser;

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
    let cli = Cli::parse();
    if let Err(e) = cli.command.run() {
        if !e.0.is_empty() {
            eprintln!("error: {e}");
        }
        std::process::exit(1);
    }
}
