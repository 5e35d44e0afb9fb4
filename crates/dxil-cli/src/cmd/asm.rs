//! `dxil as F.ll [-o OUT.dxil] [--bitcode]`: assembles LLVM 3.7 / DXIL text (as `dxil dis`
//! and the reference print it, or hand-written) into a container ([`dxil::Assembler`]): the
//! `DXIL` program part, the parts generated from its metadata, `HASH` and the digest;
//! `--bitcode` writes the raw bitcode instead. Text errors print as `file:line:column` with
//! the text underlined.
//!
//! What is assembled is then validated (the container whole, or the module alone with
//! `--bitcode`), as `dxil val` would: when the validator rejects it, its lines are printed
//! on standard error under a warning naming the file, and the output is still written with
//! exit status 0. Assembling is the job; invalid shaders are legitimate input (the
//! reference's assembler does not validate at all, and validator tests are made of invalid
//! shaders). `--no-validate` skips the check.

use super::CmdResult;
use crate::io::{CliError, InputArg, OutputArg};

/// Arguments of `dxil as`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArg,
    #[command(flatten)]
    pub out: OutputArg,
    /// Write the raw bitcode module instead of a container.
    #[arg(long)]
    pub bitcode: bool,
    /// Do not validate what is assembled.
    #[arg(long)]
    pub no_validate: bool,
}

/// Runs `dxil as`.
pub fn run(args: Args) -> CmdResult {
    let bytes = args.input.read()?;
    let name = args.input.name();
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        CliError(format!(
            "{name}: input is not UTF-8 (at offset {:#x})",
            e.valid_up_to()
        ))
    })?;
    let assembled = dxil::Assembler::new()
        .file_name(name.clone())
        .bitcode_only(args.bitcode)
        .assemble(text)?;
    for w in &assembled.warnings {
        eprintln!("warning: {name}: {w}");
    }
    args.out.binary(&assembled.bytes)?;
    if !args.no_validate {
        report_validation(&name, &assembled.bytes);
    }
    Ok(())
}

/// Validates the assembled bytes and prints what the validator found on standard error:
/// nothing for a valid result without warnings, else a warning line naming the file and
/// the validator's lines, indented.
fn report_validation(name: &str, bytes: &[u8]) {
    let report = match dxil::validate(bytes, &Default::default()) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("warning: {name}: the assembled output cannot be validated: {e}");
            return;
        }
    };
    if report.diagnostics.is_empty() {
        return;
    }
    let verdict = if report.is_valid() {
        "validates, with warnings"
    } else {
        "fails validation (written all the same; --no-validate skips the check)"
    };
    let mut text = format!("warning: {name}: the assembled output {verdict}:\n");
    for d in &report.diagnostics {
        for line in d.to_string().lines() {
            text.push_str("  ");
            text.push_str(line);
            text.push('\n');
        }
    }
    eprint!("{text}");
}
