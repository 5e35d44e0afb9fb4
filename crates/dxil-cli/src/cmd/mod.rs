//! Subcommands. Each lives in its own file and exposes `Args` and `run(args)`.

use clap::Subcommand;

pub use crate::io::CmdResult;
use crate::io::UsageResult;

mod asm;
mod bcdump;
mod compile;
mod completions;
mod dis;
mod dxc;
mod equiv;
mod extract;
mod hash;
mod info;
mod man;
mod parts;
mod reflect;
mod rootsig;
mod roundtrip;
mod run;
mod val;

#[derive(Subcommand)]
pub enum Command {
    /// Describe containers: parts, shader model, digest, HASH, feature flags.
    Info(info::Args),
    /// List a container's parts; --regenerate compares them with the module's.
    Parts(parts::Args),
    /// Write one part (for DXIL/ILDB/STAT: the raw bitcode).
    Extract(extract::Args),
    /// Print the computed container digest and its status; --check, --update.
    Hash(hash::Args),
    /// Decode every layer of a container and encode it again.
    Roundtrip(roundtrip::Args),
    /// Print bitcode blocks and records like `llvm-bcanalyzer -dump`.
    Bcdump(bcdump::Args),
    /// Assemble LLVM 3.7 / DXIL text into a container (or raw bitcode).
    #[command(name = "as")]
    As(asm::Args),
    /// Disassemble to the text `dxc -dumpbin` prints.
    Dis(dis::Args),
    /// Root signatures: compile text to RTS0, show RTS0 as text, check either.
    Rootsig(rootsig::Args),
    /// Reflection: entry points, signatures, resources, constant buffers, features.
    Reflect(reflect::Args),
    /// Validate containers (or DXIL text) as the reference validator does.
    Val(val::Args),
    /// Run a compute shader on the CPU: an offload-test-suite pipeline, or files bound.
    Run(run::Args),
    /// Compile HLSL (-T PROFILE), WGSL, SPIR-V or GLSL to signed DXIL containers, no DXC.
    Compile(compile::Args),
    /// Compile HLSL with DXC's own command line (`-T cs_6_0 -E main -Fo OUT F.hlsl`), no DXC.
    Dxc(dxc::Args),
    /// Run two compute shaders on the same random inputs and compare what they write.
    Equiv(equiv::Args),
    /// Print a shell completion script.
    Completions(completions::Args),
    /// Print a command's man page (roff), or write them all with --out-dir.
    Man(man::Args),
}

impl Command {
    /// Refuses a command line that clap's own constraints cannot refuse (exit status 2),
    /// before anything is read or written.
    pub fn check_usage(&self) -> UsageResult {
        match self {
            Command::Dis(a) => dis::check_usage(a),
            Command::Equiv(a) => equiv::check_usage(a),
            Command::Hash(a) => hash::check_usage(a),
            Command::Man(a) => man::check_usage(a),
            Command::Run(a) => run::check_usage(a),
            _ => Ok(()),
        }
    }

    pub fn run(self) -> CmdResult {
        match self {
            Command::Info(a) => info::run(a),
            Command::Parts(a) => parts::run(a),
            Command::Extract(a) => extract::run(a),
            Command::Hash(a) => hash::run(a),
            Command::Roundtrip(a) => roundtrip::run(a),
            Command::Rootsig(a) => rootsig::run(a),
            Command::Bcdump(a) => bcdump::run(a),
            Command::Equiv(a) => equiv::run(a),
            Command::Dis(a) => dis::run(a),
            Command::As(a) => asm::run(a),
            Command::Reflect(a) => reflect::run(a),
            Command::Val(a) => val::run(a),
            Command::Run(a) => run::run(a),
            Command::Compile(a) => compile::run(a),
            Command::Dxc(a) => dxc::run(a),
            Command::Completions(a) => completions::run(a),
            Command::Man(a) => man::run(a),
        }
    }
}
