//! The `dxil` command-line tool: one file per subcommand under `cmd/`.
#![forbid(unsafe_code)]

mod cmd;
mod io;

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "dxil",
    version,
    about = "DXIL toolkit: inspect, disassemble, assemble, validate"
)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = cli.command.run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
