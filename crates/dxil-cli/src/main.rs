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
    about = "DXIL toolkit: compile WGSL, SPIR-V and GLSL to DXIL, validate it, run it on the \
             CPU; inspect, disassemble, assemble and reflect DXIL containers",
    long_about = "DXIL toolkit, with no DXC and no LLVM: compile WGSL, SPIR-V and GLSL to signed \
                  DXIL containers (naga's front ends), validate containers as the reference \
                  validator does, run compute shaders (and draw with a vertex and a pixel \
                  shader) on the CPU; inspect, disassemble, assemble, reflect and re-encode \
                  DXIL containers; compile and check root signatures.\n\nEach command has its \
                  own page: dxil man COMMAND, or dxil COMMAND --help."
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
    if let Err(failure) = cli.command.run() {
        if let io::Failure::Error(e) = failure {
            eprintln!("error: {e}");
        }
        std::process::exit(1);
    }
}
