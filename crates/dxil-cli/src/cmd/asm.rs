//! `dxil as F.ll [-o OUT.dxil] [--bitcode]`: assembles LLVM 3.7 / DXIL text (as `dxil dis`
//! and the reference print it, or hand-written) into a container ([`dxil::Assembler`]): the
//! `DXIL` program part, the parts generated from its metadata, `HASH` and the digest;
//! `--bitcode` writes the raw bitcode instead. Text errors print as `file:line:column` with
//! the text underlined.
//!
//! The root signature comes from the text (the section `dxil dis` prints for a container
//! with an `RTS0` part) or from `--rootsig FILE`, which replaces it: root signature text (as
//! `dxil rootsig compile -f` reads it, checked against the reference's rules; version from
//! `--rootsig-version`), a container holding an `RTS0` part, or a raw `RTS0` blob.
//!
//! What is assembled is then validated (the container whole, or the module alone with
//! `--bitcode`), as `dxil val` would: when the validator rejects it, its lines are printed
//! on standard error under a warning naming the file, and the output is still written with
//! exit status 0. Assembling is the job; invalid shaders are legitimate input (the
//! reference's assembler does not validate at all, and validator tests are made of invalid
//! shaders). `--no-validate` skips the check.

use std::path::{Path, PathBuf};

use dxil::rootsig::{binary, compile_form, TextForm, Version};

use super::CmdResult;
use crate::io::{display_name, read_input, CliError, InputArg, OutputArg};

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
    /// The root signature to write (replacing any the text carries): a file of root
    /// signature text, a container with an RTS0 part, or a raw RTS0 blob.
    #[arg(long, value_name = "FILE", conflicts_with = "bitcode")]
    pub rootsig: Option<PathBuf>,
    /// Root signature version for `--rootsig` text: 1.0, 1.1 or 1.2.
    #[arg(
        long,
        value_name = "V",
        default_value = "1.1",
        requires = "rootsig",
        value_parser = super::rootsig::version_arg
    )]
    pub rootsig_version: Version,
}

/// The `RTS0` bytes `--rootsig FILE` gives.
fn root_signature(path: &Path, version: Version) -> Result<Vec<u8>, CliError> {
    let name = display_name(path);
    let bytes = read_input(path)?;
    if bytes.starts_with(b"DXBC") {
        let input = dxil::Input::parse(&bytes).map_err(|e| CliError(format!("{name}: {e}")))?;
        let c = input
            .container()
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        let part = c.part(dxil::container::FourCC::RTS0).ok_or_else(|| {
            CliError(format!(
                "{name}: container has no RTS0 (root signature) part"
            ))
        })?;
        return Ok(part.data.to_vec());
    }
    if binary::read(&bytes).is_ok() {
        return Ok(bytes);
    }
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        CliError(format!(
            "{name}: neither root signature text (not UTF-8 at offset {:#x}) nor an RTS0 blob or a container",
            e.valid_up_to()
        ))
    })?;
    let rs = compile_form(text, version, TextForm::File)
        .map_err(|e| CliError(format!("{name}: {e}")))?;
    Ok(binary::write(&rs))
}

/// Runs `dxil as`.
pub fn run(args: Args) -> CmdResult {
    let bytes = args.input.read()?;
    let name = args.input.name();
    let text = match dxil::Input::parse(&bytes) {
        Ok(dxil::Input::Text(text)) => text,
        Ok(other) => {
            return Err(CliError(format!(
                "{name}: expected DXIL text, found {} (`dxil dis` prints it as text)",
                other.kind().describe()
            ))
            .into())
        }
        // Text that is not UTF-8 is told as such (rather than as an unknown binary form).
        Err(_)
            if dxil::FileKind::detect(&bytes).is_none()
                && dxil::SourceLanguage::detect(&bytes).is_none() =>
        {
            let at = std::str::from_utf8(&bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            return Err(CliError(format!("{name}: input is not UTF-8 (at offset {at:#x})")).into());
        }
        Err(e) => return Err(CliError(format!("{name}: {e}")).into()),
    };
    let mut assembler = dxil::Assembler::new()
        .file_name(name.clone())
        .bitcode_only(args.bitcode);
    if let Some(path) = &args.rootsig {
        assembler = assembler.root_signature(root_signature(path, args.rootsig_version)?);
    }
    let assembled = assembler.assemble(text)?;
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
