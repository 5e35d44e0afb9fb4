//! Subcommands. Each lives in its own file and exposes `Args` and `run(args)`.

use clap::Subcommand;

mod asm;
mod bcdump;
mod dis;
mod extract;
mod hash;
mod info;
mod parts;
mod reflect;
mod rootsig;
mod roundtrip;

/// Error type for subcommands: a message already formatted for `error: ...`.
pub type CmdResult = Result<(), crate::io::CliError>;

#[derive(Subcommand)]
pub enum Command {
    /// Describe a container: parts, shader model, digest, HASH, feature flags.
    Info(info::Args),
    /// List a container's parts, one per line.
    Parts(parts::Args),
    /// Write one part (for DXIL/ILDB: the raw bitcode).
    Extract(extract::Args),
    /// Print the computed container digest and its status; --update stores it.
    Hash(hash::Args),
    /// Read a container and write it back.
    Roundtrip(roundtrip::Args),
    /// Print bitcode blocks and records like `llvm-bcanalyzer -dump`.
    Bcdump(bcdump::Args),
    /// Assemble LLVM 3.7 / DXIL text into a container (or raw bitcode).
    #[command(name = "as")]
    As(asm::Args),
    /// Disassemble to LLVM text as `dxc -dumpbin` prints the module.
    Dis(dis::Args),
    /// Root signatures: compile text to RTS0, show RTS0 as text, check either.
    Rootsig(rootsig::Args),
    /// Reflection: entry points, signatures, resources, constant buffers, features.
    Reflect(reflect::Args),
}

impl Command {
    pub fn run(self) -> CmdResult {
        match self {
            Command::Info(a) => info::run(a),
            Command::Parts(a) => parts::run(a),
            Command::Extract(a) => extract::run(a),
            Command::Hash(a) => hash::run(a),
            Command::Roundtrip(a) => roundtrip::run(a),
            Command::Rootsig(a) => rootsig::run(a),
            Command::Bcdump(a) => bcdump::run(a),
            Command::Dis(a) => dis::run(a),
            Command::As(a) => asm::run(a),
            Command::Reflect(a) => reflect::run(a),
        }
    }
}
